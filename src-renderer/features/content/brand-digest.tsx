import { Link } from 'react-router';
import { ARTICLE_DIGEST_PER_PAGE } from '../../../shared/domain/constants.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { LoadingRegion } from '../../ui/skeleton.tsx';
import { useArticles } from './api/use-articles.ts';
import { ArticleCard } from './article-card.tsx';
import styles from './content.module.css';

const SKELETON_KEYS = Array.from({ length: ARTICLE_DIGEST_PER_PAGE }, (_, index) => `skeleton-${index}`);

/** 'News and Reviews for {brand}': the three most recent articles about a brand. */
export function BrandDigest({ brand, keyword }: { brand: string; keyword: string }) {
  const articles = useArticles({ keyword, perPage: ARTICLE_DIGEST_PER_PAGE });
  const headingId = `digest-${keyword.replace(/[^a-z0-9]+/gi, '-')}`;
  const list = articles.data?.results ?? [];
  // Nothing to say about the brand: the block is left out rather than shown empty.
  if ((articles.data && list.length === 0) || (!articles.data && articles.isError)) return null;
  return (
    <section className={styles.digest} aria-labelledby={headingId}>
      <div className={styles.digestHeader}>
        <h2 id={headingId} className={styles.digestHeading}>
          News and Reviews for {brand}
        </h2>
        <Link to={paths.digestSearch(keyword)}>More about {brand}</Link>
      </div>
      {articles.data ? (
        <div className={styles.grid}>
          {list.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      ) : (
        <LoadingRegion label={`Loading news about ${brand}`} className={styles.grid}>
          {SKELETON_KEYS.map((key) => (
            <div key={key} className={styles.cardSkeleton} />
          ))}
        </LoadingRegion>
      )}
    </section>
  );
}
