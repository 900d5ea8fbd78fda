import { CONDITION_LABELS } from '../../../shared/domain/listing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { parseSearchParams, type SearchListingType } from '../../../shared/search/search-url.ts';
import { familyLabelById } from '../../lib/family-label.ts';

const LISTING_TYPES: Readonly<Record<SearchListingType, string>> = {
  national: 'ships nationwide',
  local: 'local pickup',
  auction: 'auctions',
};

/**
 * A saved search's query string in words, for its row on the dashboard:
 * "“glock” · Semi Auto Pistols · local pickup · up to $600.00 · within 25 miles of 75201".
 */
export function describeSearch(searchQuery: string): string {
  const params = parseSearchParams(searchQuery);
  const parts: string[] = [];
  if (params.keyword) parts.push(`“${params.keyword}”`);
  for (const id of params.familyIDs ?? []) parts.push(familyLabelById(id));
  if (params.listingType) parts.push(LISTING_TYPES[params.listingType]);
  if (params.condition) parts.push(CONDITION_LABELS[params.condition].toLowerCase());
  if (params.minPrice !== undefined && params.maxPrice !== undefined) {
    parts.push(`${formatPrice(params.minPrice)} to ${formatPrice(params.maxPrice)}`);
  } else if (params.minPrice !== undefined) {
    parts.push(`from ${formatPrice(params.minPrice)}`);
  } else if (params.maxPrice !== undefined) {
    parts.push(`up to ${formatPrice(params.maxPrice)}`);
  }
  if (params.zipCode) parts.push(`within ${params.distance ?? 50} miles of ${params.zipCode}`);
  if (params.uid) parts.push('one seller');
  return parts.length > 0 ? parts.join(' · ') : 'All listings';
}

/** The query string a search page saves: its filters and sort, never the page it is on. */
export function savableQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.toLowerCase() === 'page') params.delete(key);
  return params.toString();
}
