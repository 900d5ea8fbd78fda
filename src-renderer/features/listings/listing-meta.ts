import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { listingPageMeta } from '../../../shared/page-meta-builders.ts';
import { type DocumentHead, headFromPageMeta } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';

/**
 * Head of a listing page on client navigation, as the server writes it on the first load:
 * title, cleaned description, own URL, keywords, Open Graph, JSON-LD Product, noindex when out of stock.
 */
export function listingHead(listing: ListingDetail, origin = pageOrigin(), now = new Date()): DocumentHead {
  return headFromPageMeta(listingPageMeta(listing, origin, now));
}
