import type { ArticleDetail } from './contract/content.ts';
import type { FaqEntry } from './domain/faq.ts';
import { metadataKeywords, PRODUCT_NAME, pageTitle } from './domain/metadata.ts';
import type { PageMeta } from './page-meta.ts';
import { absolute } from './page-meta-builders.ts';

/*
 * Metadata of the digest's pages and the home page's FAQ, apart from the catalogue's builders so the
 * home page's first script does not carry them.
 */

/**
 * The FAQPage structured data of the home page's questions: written by the server into the first
 * load's head (the questions' text stays out of the home page's first script).
 */
export function faqJsonLd(entries: readonly FaqEntry[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}

/** The digest: its search text (`s`) in the title; the canonical URL keeps only the search. */
export function digestPageMeta(origin: string, s: string | null | undefined): PageMeta {
  const text = s?.trim();
  return {
    title: pageTitle(text ? `“${text}” – News and Reviews` : 'News and Reviews'),
    description: `Gun news, reviews and buying guides from ${PRODUCT_NAME}: handguns, rifles, shotguns, optics and the rules of buying online.`,
    canonical: `${origin}/digest${text ? `?s=${encodeURIComponent(text)}` : ''}`,
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
  };
}

/** An article page: Article structured data with its author, dates and image, and its canonical URL. */
export function digestArticleMeta(article: ArticleDetail, origin: string): PageMeta {
  const url = `${origin}/digest/${article.slug}`;
  const image = article.featuredImage ? absolute(origin, article.featuredImage) : undefined;
  return {
    title: pageTitle(article.title),
    description: article.description,
    canonical: url,
    keywords: metadataKeywords(article.brandTags),
    openGraph: {
      type: 'article',
      site_name: PRODUCT_NAME,
      title: article.title,
      ...(image ? { image } : {}),
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        dateModified: article.updatedAt,
        author: { '@type': 'Person', name: article.authorName },
        publisher: { '@type': 'Organization', name: PRODUCT_NAME },
        mainEntityOfPage: url,
        ...(image ? { image } : {}),
      },
    ],
  };
}
