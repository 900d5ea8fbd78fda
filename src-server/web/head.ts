import { AD_SCRIPT_META, COOKIE_DOMAIN_META, MARKETING_SCRIPT_META } from '../../shared/domain/constants.ts';
import type { PageMeta } from '../../shared/page-meta.ts';
import { escapeHtml } from '../http/html.ts';

/** Site-wide settings the web app reads from the head of every page, whatever the page. */
export interface SiteHead {
  /** The token cookie's domain (COOKIE_DOMAIN); left out, the web app keeps the cookie host-only. */
  cookieDomain?: string | undefined;
  /** The ad server's script (AD_SCRIPT_URL); left out, none is loaded. */
  adScriptUrl?: string | undefined;
  /** The email-marketing service's script (MARKETING_SCRIPT_URL); left out, none is loaded. */
  marketingScriptUrl?: string | undefined;
}

/** JSON inside a script element must not be able to close it or open a comment. */
const escapeJsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function renderHead(meta: PageMeta, site: SiteHead = {}): string {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`];
  const named = (name: string, content: string | undefined) => {
    if (content) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  };
  named('description', meta.description);
  named('keywords', meta.keywords);
  named('robots', meta.robots);
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}">`);
  const og: Record<string, string> = {
    title: meta.title,
    ...(meta.description ? { description: meta.description } : {}),
    ...(meta.canonical ? { url: meta.canonical } : {}),
    ...meta.openGraph,
  };
  for (const [property, content] of Object.entries(og)) {
    tags.push(`<meta property="og:${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  }
  for (const item of meta.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${escapeJsonForScript(item)}</script>`);
  }
  named(COOKIE_DOMAIN_META, site.cookieDomain);
  named(AD_SCRIPT_META, site.adScriptUrl);
  named(MARKETING_SCRIPT_META, site.marketingScriptUrl);
  return tags.join('\n    ');
}

export const HEAD_MARKER = '<!--app-head-->';

/** Writes the head tags at the marker the renderer's index.html carries. */
export function injectHead(indexHtml: string, meta: PageMeta, site: SiteHead = {}): string {
  const head = renderHead(meta, site);
  return indexHtml.includes(HEAD_MARKER)
    ? indexHtml.replace(HEAD_MARKER, head)
    : indexHtml.replace('</head>', `    ${head}\n  </head>`);
}
