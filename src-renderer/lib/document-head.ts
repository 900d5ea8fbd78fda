import { useEffect } from 'react';
import { pageTitle, SITE_DESCRIPTION } from '../../shared/domain/metadata.ts';
import type { PageMeta } from '../../shared/page-meta.ts';

export interface DocumentHead {
  /** The page's own title; the product-name suffix is added here. */
  title: string;
  /** e.g. 'noindex,nofollow'. Left out, the page is indexable. */
  robots?: string;
  description?: string;
  /** Absolute canonical URL. */
  canonical?: string;
  /** Keyword metadata, already cleaned (`metadataKeywords`). */
  keywords?: string;
  /** Open Graph properties without the 'og:' prefix; title, description and url are added from the above. */
  openGraph?: Readonly<Record<string, string>>;
  /** schema.org objects, written as application/ld+json. */
  jsonLd?: readonly Record<string, unknown>[];
}

function headElement<T extends Element>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function metaByName(name: string): HTMLMetaElement {
  return headElement(`meta[name="${name}"]`, () => {
    const meta = document.createElement('meta');
    meta.name = name;
    return meta;
  });
}

function canonicalLink(): HTMLLinkElement {
  return headElement('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    return link;
  });
}

const STRUCTURED_SELECTOR = 'meta[property^="og:"], script[type="application/ld+json"]';

/**
 * Removes tags a page does not give: those of the server's first load or of a page that left
 * them behind, so a link preview or crawler never reads another page's description, canonical,
 * keywords, Open Graph or JSON-LD. (Robots is not swept: a page without it is indexable, and the
 * page that set a noindex removes it when it goes away.)
 */
function removeStale(selector: string): undefined {
  for (const stale of document.head.querySelectorAll(selector)) stale.remove();
  return undefined;
}

/**
 * Keeps document.head in step with the page shown. The server writes the head of the first
 * load; on client navigation each page sets its title here. Robots, description, canonical,
 * keywords, Open Graph and JSON-LD are set while the page that asked for them is shown and removed
 * when it goes away, so a noindex never outlives its page; a page that gives none of a kind also
 * clears what the first load or an earlier page left of it. Call it once per page (a page's head
 * hook runs after its children's).
 */
export function useDocumentHead({
  title,
  robots,
  description,
  canonical,
  keywords,
  openGraph,
  jsonLd,
}: DocumentHead): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  useEffect(() => {
    if (robots === undefined) return;
    const meta = metaByName('robots');
    meta.content = robots;
    return () => meta.remove();
  }, [robots]);

  // A page that gives no description gets the site's, as its first load from the server does.
  useEffect(() => {
    const meta = metaByName('description');
    meta.content = description ?? SITE_DESCRIPTION;
    return () => meta.remove();
  }, [description]);

  useEffect(() => {
    if (canonical === undefined) return removeStale('link[rel="canonical"]');
    const link = canonicalLink();
    link.href = canonical;
    return () => link.remove();
  }, [canonical]);

  useEffect(() => {
    if (keywords === undefined) return removeStale('meta[name="keywords"]');
    const meta = metaByName('keywords');
    meta.content = keywords;
    return () => meta.remove();
  }, [keywords]);

  // Open Graph and JSON-LD of a page that gives them replace whatever is there (the first load's
  // tags from the server, or the previous page's), so a link preview never shows another page.
  const structured =
    openGraph === undefined && jsonLd === undefined
      ? null
      : JSON.stringify({
          og: {
            title: pageTitle(title),
            ...(description ? { description } : {}),
            ...(canonical ? { url: canonical } : {}),
            ...openGraph,
          },
          ld: jsonLd ?? [],
        });
  useEffect(() => {
    removeStale(STRUCTURED_SELECTOR);
    if (structured === null) return;
    const { og, ld } = JSON.parse(structured) as { og: Record<string, string>; ld: unknown[] };
    const added: Element[] = [];
    for (const [property, content] of Object.entries(og)) {
      const meta = document.createElement('meta');
      meta.setAttribute('property', `og:${property}`);
      meta.content = content;
      added.push(meta);
    }
    for (const item of ld) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = JSON.stringify(item);
      added.push(script);
    }
    document.head.append(...added);
    return () => {
      for (const element of added) element.remove();
    };
  }, [structured]);
}

/** The head of a page from the metadata the server also writes for its first load. */
export function headFromPageMeta(meta: PageMeta): DocumentHead {
  return {
    title: meta.title,
    robots: meta.robots,
    description: meta.description,
    canonical: meta.canonical,
    keywords: meta.keywords,
    openGraph: meta.openGraph,
    jsonLd: meta.jsonLd,
  };
}
