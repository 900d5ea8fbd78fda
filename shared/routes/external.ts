import { withQuery } from './query.ts';

/**
 * Public sites outside the app. They are configuration: change an address here and every
 * link, redirect and deep link follows.
 */
export const DIGEST_URL = 'https://digest.ironsight.example';
export const HUNT365_URL = 'https://hunt365.ironsight.example';
export const HELP_URL = 'https://help.ironsight.example';

/** A page of the digest: `path` is kept as given (a missing leading '/' is added), so is the query string. */
export function digestUrl(path = '/', search = ''): string {
  return `${DIGEST_URL}${path.startsWith('/') ? path : `/${path}`}${withQuery(search)}`;
}

/** The digest's articles search (the header search bar in Articles mode). */
export function digestSearchUrl(s: string): string {
  return `${DIGEST_URL}/?s=${encodeURIComponent(s)}`;
}
