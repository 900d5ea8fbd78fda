import { Link } from 'react-router';
import { digestArticleMeta } from '../../../shared/content-page-meta.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { AuthorLine, useArticle } from '../../features/content/index.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import styles from './digest.module.css';

/** One article: its body is sanitized by the server when saved. */
export function DigestArticlePage() {
  const slug = useAppRouteParams('digestArticle')?.slug ?? '';
  const article = useArticle(slug);
  const data = article.data;
  useDocumentHead(
    data ? headFromPageMeta(digestArticleMeta(data, pageOrigin())) : { title: 'News and Reviews' },
  );

  if (data === null) return <NotFoundPage />;
  if (!data) {
    return (
      <div className={styles.page} aria-busy="true">
        <p className={styles.status}>
          {article.isError ? 'This article could not be loaded. Please try again.' : 'Loading the article…'}
        </p>
      </div>
    );
  }
  return (
    <article className={styles.article}>
      <p>
        <Link to={paths.digest()}>News and Reviews</Link>
      </p>
      <h1 className={styles.heading}>{data.title}</h1>
      <p className={styles.intro}>{data.description}</p>
      <AuthorLine article={data} />
      {data.featuredImage ? (
        <img
          className={styles.featured}
          src={data.featuredImage}
          srcSet={data.featuredImageSizes.map((size) => `${size.url} ${size.width}w`).join(', ') || undefined}
          sizes="(max-width: 767px) 100vw, 768px"
          alt=""
          width={768}
          height={432}
        />
      ) : null}
      {/* Sanitized on save by the server's sanitizer (paragraphs, lists, emphasis, safe links only). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored sanitized rich text */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
      {data.brandTags.length > 0 ? (
        <ul className={styles.tags} aria-label="Topics">
          {data.brandTags.map((tag) => (
            <li key={tag}>
              <Link to={paths.digestSearch(tag)}>{tag}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
