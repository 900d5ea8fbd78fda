import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { digestPageMeta } from '../../../shared/content-page-meta.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { ArticleCard, useArticles } from '../../features/content/index.ts';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { Button } from '../../ui/button.tsx';
import styles from './digest.module.css';

export const DIGEST_PAGE_SIZE = 12;

/** The digest: news and reviews, searchable with `s`, paged with `page`. */
export function DigestPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const s = query.get('s')?.trim() ?? '';
  const page = Math.max(1, Math.min(1000, Number.parseInt(query.get('page') ?? '1', 10) || 1));
  const articles = useArticles({ keyword: s, page, perPage: DIGEST_PAGE_SIZE });
  useDocumentHead(headFromPageMeta(digestPageMeta(pageOrigin(), s)));
  const [text, setText] = useState(s);
  const [shown, setShown] = useState(s);
  if (shown !== s) {
    setShown(s);
    setText(s);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(text.trim() ? paths.digestSearch(text.trim()) : paths.digest());
  };
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (s) params.set('s', s);
    if (to > 1) params.set('page', String(to));
    const search = params.toString();
    return `${paths.digest()}${search ? `?${search}` : ''}`;
  };
  const data = articles.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / DIGEST_PAGE_SIZE)) : 1;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{s ? `News and Reviews: “${s}”` : 'News and Reviews'}</h1>
      <p className={styles.intro}>Reviews, buying guides and the rules of buying and selling online.</p>
      {/* A plain GET form: it searches before the app has started, too. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark on the form itself */}
      <form
        role="search"
        aria-label="Articles"
        className={styles.search}
        action={paths.digest()}
        method="get"
        onSubmit={onSubmit}
      >
        <label htmlFor={`${id}-s`} className="visually-hidden">
          Search articles
        </label>
        <input
          id={`${id}-s`}
          type="search"
          name="s"
          value={text}
          placeholder="Search reviews/news by mfg, model, or subject"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <div aria-live="polite" className={styles.results}>
        {!data && articles.isError ? (
          <p className={styles.status} role="alert">
            The articles could not be loaded right now. Please try again in a moment.
          </p>
        ) : !data ? (
          <p className={styles.status}>Loading articles…</p>
        ) : data.results.length === 0 ? (
          <p className={styles.status}>
            {s ? `No articles found for “${s}”. Try other words, or ` : 'No articles yet. '}
            <Link to={paths.digest()}>see all articles</Link>.
          </p>
        ) : (
          <>
            <p className={styles.status}>
              {data.total} {data.total === 1 ? 'article' : 'articles'}
              {s ? ` about “${s}”` : ''}
            </p>
            <div className={styles.grid}>
              {data.results.map((article) => (
                <ArticleCard key={article.id} article={article} headingLevel={2} />
              ))}
            </div>
          </>
        )}
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages" className={styles.pager}>
          {page > 1 ? <Link to={pageLink(page - 1)}>Newer articles</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>Older articles</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
