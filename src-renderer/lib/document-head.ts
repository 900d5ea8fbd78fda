import { useEffect } from 'react';
import { pageTitle } from '../../shared/domain/metadata.ts';

export interface DocumentHead {
  /** The page's own title; the product-name suffix is added here. */
  title: string;
  /** e.g. 'noindex,nofollow'. Left out, the page is indexable. */
  robots?: string;
  description?: string;
  /** Absolute canonical URL. */
  canonical?: string;
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

/**
 * Keeps document.head in step with the page shown. The server writes the head of the first
 * load; on client navigation each page sets its title here. Robots, description and canonical
 * are set while the page that asked for them is shown and removed when it goes away, so a
 * noindex never outlives its page.
 */
export function useDocumentHead({ title, robots, description, canonical }: DocumentHead): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  useEffect(() => {
    if (robots === undefined) return;
    const meta = metaByName('robots');
    meta.content = robots;
    return () => meta.remove();
  }, [robots]);

  useEffect(() => {
    if (description === undefined) return;
    const meta = metaByName('description');
    meta.content = description;
    return () => meta.remove();
  }, [description]);

  useEffect(() => {
    if (canonical === undefined) return;
    const link = canonicalLink();
    link.href = canonical;
    return () => link.remove();
  }, [canonical]);
}
