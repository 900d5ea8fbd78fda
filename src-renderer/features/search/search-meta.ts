import { searchPageMeta } from '../../../shared/page-meta-builders.ts';
import { type SearchRouteParams, toSearchQueryString } from '../../../shared/search/search-url.ts';
import { type DocumentHead, headFromPageMeta } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';

/** An absolute URL on this site, for canonical links. */
export function absoluteUrl(path: string): string {
  return `${pageOrigin()}${path}`;
}

/** Head of /search on client navigation, as the server writes it on the first load. */
export function searchPageHead(params: SearchRouteParams): DocumentHead {
  return headFromPageMeta(searchPageMeta(pageOrigin(), toSearchQueryString(params)));
}
