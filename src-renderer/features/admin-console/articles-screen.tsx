import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminArticle,
  type AdminArticleDetail,
  ARTICLES_PER_PAGE_MAX,
} from '../../../shared/contract/content.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useArticle, useArticles, useDeleteArticle } from './api/admin-queries.ts';
import { ArticleForm } from './article-form.tsx';
import { ConfirmButton, TextField } from './console-forms.tsx';
import { formatTime, ListState, TableHead } from './console-parts.tsx';

/** The editor of an existing article, once its body has loaded. */
function EditArticle({
  slug,
  onSaved,
  onNew,
}: {
  slug: string;
  onSaved: (article: AdminArticleDetail) => void;
  onNew: () => void;
}) {
  const article = useArticle(slug);
  return (
    <ListState query={article} label="the article" empty={null} isEmpty={() => false}>
      {(data) => <ArticleForm key={data.id} article={data} onSaved={onSaved} onNew={onNew} />}
    </ListState>
  );
}

function DeleteArticle({ article, onDeleted }: { article: AdminArticle; onDeleted: () => void }) {
  const remove = useDeleteArticle();
  return (
    <ConfirmButton
      button={
        <>
          Delete <span className="visually-hidden">“{article.title}”</span>
        </>
      }
      title={`Delete the article “${article.title}”?`}
      description="It leaves the digest and its address answers not found."
      confirmLabel="Delete article"
      onConfirm={async () => {
        await remove.mutateAsync(article.id);
        onDeleted();
      }}
    />
  );
}

/** The digest's articles (POST /wp/addOrUpdate, DELETE /wp/delete/{id}): find, write, edit, delete. */
export function ArticlesScreen() {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState({ keyword: '', page: 1 });
  const articles = useArticles(search);
  // The slug of the article being edited; null: a new one. The form starts over when it changes.
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<AdminArticleDetail | null>(null);

  const edit = (slug: string | null) => {
    setEditing(slug);
    setFormKey((key) => key + 1);
    setNotice(null);
  };
  const saved = (article: AdminArticleDetail) => {
    setNotice(article);
    setEditing(article.slug);
  };

  return (
    <section aria-labelledby="admin-articles-heading" className={styles.screen}>
      <h2 id="admin-articles-heading">Articles</h2>
      {editing ? (
        <EditArticle key={`${editing}-${formKey}`} slug={editing} onSaved={saved} onNew={() => edit(null)} />
      ) : (
        <ArticleForm key={`new-${formKey}`} article={null} onSaved={saved} onNew={() => edit(null)} />
      )}
      {notice ? (
        <p role="status" className={styles.done}>
          {notice.scheduled ? (
            <>
              “{notice.title}” is saved and scheduled: it appears on the digest on {formatTime(notice.date)}.
            </>
          ) : (
            <>
              “{notice.title}” is saved.{' '}
              <Link to={paths.digestArticle(notice.slug)}>Read it on the digest</Link>.
            </>
          )}
        </p>
      ) : null}
      <form
        aria-label="Find articles"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setSearch({ keyword: keyword.trim(), page: 1 });
        }}
      >
        <TextField
          label="Search articles"
          className={styles.grow}
          help="Words of the title or description, or a brand tag."
          type="search"
          maxLength={200}
          value={keyword}
          onValue={setKeyword}
        />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      <ListState
        query={articles}
        label="articles"
        empty={search.keyword ? 'No article matches.' : 'No articles yet.'}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <p className={styles.count}>
              {data.total} article{data.total === 1 ? '' : 's'}, newest first
            </p>
            <table className={styles.table}>
              <TableHead columns={['Article', 'Author', 'Published', 'Brand tags']} actions />
              <tbody>
                {data.results.map((article) => (
                  <tr key={article.id}>
                    <td className={styles.wrap}>
                      {/* A scheduled article's address answers not found until its date. */}
                      {article.scheduled ? article.title : <Link to={article.link}>{article.title}</Link>}
                    </td>
                    <td>{article.authorName}</td>
                    <td>
                      {article.scheduled
                        ? `Scheduled for ${formatTime(article.date)}`
                        : formatTime(article.date)}
                    </td>
                    <td className={styles.wrap}>{article.brandTags.join(', ')}</td>
                    <td>
                      <div className={styles.actions}>
                        <Button size="sm" variant="secondary" onClick={() => edit(article.slug)}>
                          Edit <span className="visually-hidden">“{article.title}”</span>
                        </Button>
                        <DeleteArticle
                          article={article}
                          onDeleted={() => {
                            if (editing === article.slug) edit(null);
                          }}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={search.page}
              pages={Math.ceil(data.total / ARTICLES_PER_PAGE_MAX)}
              onPage={(page) => setSearch({ ...search, page })}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
