import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminArticle,
  type AdminArticleDetail,
  ARTICLES_PER_PAGE_MAX,
  type ArticleInput,
  articleSlugOf,
} from '../../../shared/contract/content.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FieldError, FormField, TextInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import styles from './admin-console.module.css';
import { useArticle, useArticles, useDeleteArticle, useSaveArticle } from './api/admin-queries.ts';
import { ConfirmDialog, errorText, formatTime, isoOf, ListState, localInputOf } from './console-parts.tsx';

/** What the article form edits, as typed. */
interface ArticleDraft {
  title: string;
  slug: string;
  description: string;
  bodyHtml: string;
  authorName: string;
  authorAvatar: string;
  featuredImage: string;
  brandTags: string;
  /** When it appears on the digest, as a datetime-local value; empty on a new article: now. */
  publishedAt: string;
}

const EMPTY_DRAFT: ArticleDraft = {
  title: '',
  slug: '',
  description: '',
  bodyHtml: '',
  authorName: '',
  authorAvatar: '',
  featuredImage: '',
  brandTags: '',
  publishedAt: '',
};

const draftOf = (article: AdminArticleDetail): ArticleDraft => ({
  title: article.title,
  slug: article.slug,
  description: article.description,
  bodyHtml: article.bodyHtml,
  authorName: article.authorName,
  authorAvatar: article.authorAvatar ?? '',
  featuredImage: article.featuredImage ?? '',
  brandTags: article.brandTags.join(', '),
  publishedAt: localInputOf(article.date),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Whether a moment is still ahead: an article dated then is scheduled, not yet on the digest. */
const isAhead = (iso: string | null) => iso !== null && Date.parse(iso) > Date.now();

/**
 * The request of POST /wp/addOrUpdate. The publication date is sent when it was typed: an edited
 * article whose date field is unchanged (or emptied) keeps its date to the second.
 */
function requestOf(draft: ArticleDraft, article: AdminArticleDetail | null): ArticleInput {
  const publishedAt =
    draft.publishedAt && (!article || draft.publishedAt !== localInputOf(article.date))
      ? isoOf(draft.publishedAt)
      : null;
  return {
    ...(article ? { id: article.id } : {}),
    ...(publishedAt ? { publishedAt } : {}),
    title: draft.title.trim(),
    slug: draft.slug.trim().toLowerCase(),
    description: draft.description.trim(),
    bodyHtml: draft.bodyHtml,
    authorName: draft.authorName.trim(),
    authorAvatar: orNull(draft.authorAvatar),
    featuredImage: orNull(draft.featuredImage),
    brandTags: draft.brandTags
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  };
}

type FieldErrors = Record<string, string>;

const LINK_HELP = 'A path on this site (/…) or an https:// address.';

/** The form of one article: new (`article` null) or an existing one, with its body. */
function ArticleForm({
  article,
  onSaved,
  onNew,
}: {
  article: AdminArticleDetail | null;
  onSaved: (article: AdminArticleDetail) => void;
  onNew: () => void;
}) {
  const id = useId();
  const save = useSaveArticle();
  const [draft, setDraft] = useState<ArticleDraft>(article ? draftOf(article) : EMPTY_DRAFT);
  // A new article's slug follows its title until the slug is typed in.
  const [slugTyped, setSlugTyped] = useState(article !== null);
  const [error, setError] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const set = (changes: Partial<ArticleDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const heading = article ? `Edit “${article.title}”` : 'New article';
  const bodyLabelId = `${id}-body-label`;
  const bodyHelpId = `${id}-body-help`;
  const bodyErrorId = `${id}-body-error`;
  const fieldError = (key: string) => error?.fields[key];

  return (
    <form
      aria-label={heading}
      className={styles.section}
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        try {
          onSaved(await save.mutateAsync(requestOf(draft, article)));
        } catch (failure) {
          // The typed article stays as it is; the message and the fields the server named show beside it.
          setError({
            message: errorText(failure),
            fields: (failure as { fields?: FieldErrors }).fields ?? {},
          });
        }
      }}
    >
      <h3>{heading}</h3>
      <FormField label="Title" error={fieldError('title')}>
        {(control) => (
          <TextInput
            {...control}
            required
            maxLength={160}
            value={draft.title}
            onChange={(event) =>
              set({
                title: event.target.value,
                ...(slugTyped ? {} : { slug: articleSlugOf(event.target.value) }),
              })
            }
          />
        )}
      </FormField>
      <FormField
        label="Slug"
        help="The article’s address: /digest/{slug}. Lower-case words joined by dashes."
        error={fieldError('slug')}
      >
        {(control) => (
          <TextInput
            {...control}
            required
            maxLength={120}
            value={draft.slug}
            onChange={(event) => {
              setSlugTyped(true);
              set({ slug: event.target.value });
            }}
          />
        )}
      </FormField>
      <FormField
        label="Description"
        help="One or two sentences shown on the digest and to search engines."
        error={fieldError('description')}
      >
        {(control) => (
          <textarea
            {...control}
            className={formFieldStyles.input}
            required
            rows={3}
            maxLength={300}
            value={draft.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </FormField>
      <div className={formFieldStyles.field}>
        <span id={bodyLabelId} className={formFieldStyles.label}>
          Body
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelId={bodyLabelId}
          toolbarLabel="Body formatting"
          initialHtml={draft.bodyHtml}
          resetKey={article?.id ?? 'new'}
          onChange={(bodyHtml) => set({ bodyHtml })}
          aria-invalid={Boolean(fieldError('bodyHtml'))}
          aria-describedby={[bodyHelpId, fieldError('bodyHtml') ? bodyErrorId : null]
            .filter(Boolean)
            .join(' ')}
        />
        <div id={bodyHelpId} className={formFieldStyles.help}>
          Bold, italic, lists and links are kept; other formatting is removed when the article is saved.
        </div>
        <FieldError id={bodyErrorId}>{fieldError('bodyHtml')}</FieldError>
      </div>
      <FormField label="Author" error={fieldError('authorName')}>
        {(control) => (
          <TextInput
            {...control}
            required
            maxLength={100}
            value={draft.authorName}
            onChange={(event) => set({ authorName: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Author photo address" optional help={LINK_HELP} error={fieldError('authorAvatar')}>
        {(control) => (
          <TextInput
            {...control}
            value={draft.authorAvatar}
            onChange={(event) => set({ authorAvatar: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Featured image address" optional help={LINK_HELP} error={fieldError('featuredImage')}>
        {(control) => (
          <TextInput
            {...control}
            value={draft.featuredImage}
            onChange={(event) => set({ featuredImage: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Brand tags"
        optional
        help="Brand slugs separated by commas (glock, sig-sauer); the article shows on those brand pages."
        error={fieldError('brandTags')}
      >
        {(control) => (
          <TextInput
            {...control}
            value={draft.brandTags}
            onChange={(event) => set({ brandTags: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Publish at"
        optional
        help={
          article
            ? 'When it appears on the digest, in your time zone. A later date takes it off the digest until then.'
            : 'Leave empty to publish at once. A later date and time (your time zone) schedules the article.'
        }
        error={fieldError('publishedAt')}
      >
        {(control) => (
          <TextInput
            {...control}
            type="datetime-local"
            value={draft.publishedAt}
            onChange={(event) => set({ publishedAt: event.target.value })}
          />
        )}
      </FormField>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? 'Saving…'
            : article
              ? 'Save article'
              : isAhead(isoOf(draft.publishedAt))
                ? 'Schedule article'
                : 'Publish article'}
        </Button>
        {article ? (
          <Button type="button" variant="secondary" onClick={onNew}>
            New article instead
          </Button>
        ) : null}
      </div>
    </form>
  );
}

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
  const [open, setOpen] = useState(false);
  const remove = useDeleteArticle();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Delete <span className="visually-hidden">“{article.title}”</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete the article “${article.title}”?`}
        description="It leaves the digest and its address answers not found."
        confirmLabel="Delete article"
        onConfirm={async () => {
          await remove.mutateAsync(article.id);
          onDeleted();
        }}
      />
    </>
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
        <FormField
          label="Search articles"
          className={styles.grow}
          help="Words of the title or description, or a brand tag."
        >
          {(control) => (
            <TextInput
              {...control}
              type="search"
              maxLength={200}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
          )}
        </FormField>
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
              <thead>
                <tr>
                  <th scope="col">Article</th>
                  <th scope="col">Author</th>
                  <th scope="col">Published</th>
                  <th scope="col">Brand tags</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
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
