import { Link } from 'react-router';
import type { Article } from '../../../shared/contract/content.ts';
import styles from './content.module.css';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const articleDate = (iso: string) => DATE_FORMAT.format(new Date(iso));

/** The author's initials, shown where the article has no avatar. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

export function AuthorLine({
  article,
}: {
  article: Pick<Article, 'authorName' | 'authorAvatar' | 'date' | 'readingTime'>;
}) {
  return (
    <p className={styles.byline}>
      {article.authorAvatar ? (
        <img className={styles.avatar} src={article.authorAvatar} alt="" width={24} height={24} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(article.authorName)}
        </span>
      )}
      <span>{article.authorName}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.date}>{articleDate(article.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readingTime} min read</span>
    </p>
  );
}

/** An article in a list: image, title linking to it, description and byline. */
export function ArticleCard({ article, headingLevel = 3 }: { article: Article; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const srcSet = article.featuredImageSizes.map((size) => `${size.url} ${size.width}w`).join(', ');
  return (
    <article className={styles.card}>
      <div className={styles.cardImage}>
        {article.featuredImage ? (
          <img
            src={article.featuredImage}
            srcSet={srcSet || undefined}
            sizes="(max-width: 767px) 100vw, 33vw"
            alt=""
            width={768}
            height={432}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </div>
      <Heading className={styles.cardTitle}>
        <Link to={article.link}>{article.title}</Link>
      </Heading>
      <p className={styles.cardDescription}>{article.description}</p>
      <AuthorLine article={article} />
    </article>
  );
}
