/**
 * Metadata of one public page. The server writes it into the HTML of a first load (so crawlers
 * and link previews see it); the renderer keeps document.head current on client navigation.
 */
export interface PageMeta {
  /** Full document title, product-name suffix included. */
  title: string;
  description?: string;
  /** Absolute canonical URL. */
  canonical?: string;
  /** e.g. 'noindex,nofollow'; omitted means indexable. */
  robots?: string;
  keywords?: string;
  /** Open Graph properties without the 'og:' prefix, e.g. { type: 'product', image: '…' }. */
  openGraph?: Record<string, string>;
  /** schema.org objects written as application/ld+json. */
  jsonLd?: readonly Record<string, unknown>[];
}
