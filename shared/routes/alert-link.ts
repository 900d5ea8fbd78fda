import { sameSitePath } from './return-url.ts';

/** Where an alert's link leads: a page of this site (through the router) or an https site (new tab). */
export type AlertLinkTarget = { kind: 'path'; path: string } | { kind: 'external'; href: string };

export const ALERT_LINK_MESSAGE = 'An alert link must be a path on this site (/…) or an https:// address.';

/**
 * The alert link rule: a single-slash path on this site (the return-URL rule for paths, so no
 * '//host' or '/\host'), or an absolute `https:` URL without credentials. Anything else
 * (`javascript:`, `data:`, `http:`, relative text) answers null: no link is shown.
 */
export function alertLinkTarget(raw: string): AlertLinkTarget | null {
  if (raw !== raw.trim() || raw === '') return null;
  if (raw.startsWith('/')) {
    const path = sameSitePath(raw);
    return path === null ? null : { kind: 'path', path };
  }
  // Control characters are dropped by browsers inside URLs; refuse them rather than guess.
  if ([...raw].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) {
    return null;
  }
  if (!/^https:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname === '') return null;
  if (url.username !== '' || url.password !== '') return null;
  return { kind: 'external', href: url.href };
}
