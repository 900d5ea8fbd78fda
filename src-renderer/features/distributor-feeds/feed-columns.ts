import Papa from 'papaparse';
import type { FeedColumnMapping } from '../../../shared/contract/distributor-feeds.ts';
import { autoMapColumns, normalizeHeader } from '../../../shared/domain/inventory-mapping.ts';

/** Header spellings of the feed-only columns, and of a dealer's cost (the `price` a feed marks up). */
const FEED_ALIASES = {
  map_price: ['map', 'mapprice', 'minimumadvertisedprice', 'retailmap', 'msp'],
  msrp: ['msrp', 'retailprice', 'listprice', 'suggestedretail'],
  cost: ['cost', 'ourcost', 'yourcost', 'dealercost', 'dealerprice', 'costprice', 'unitcost', 'price'],
} as const;

/** The header row of a CSV file (read from its first 64 KB). */
export async function headersOf(file: Blob): Promise<string[]> {
  const text = await file.slice(0, 64 * 1024).text();
  const [first] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    preview: 1,
    skipEmptyLines: true,
  }).data;
  return (first ?? []).map((header) => header.trim()).filter(Boolean);
}

/**
 * A mapping guessed from a file's headers: the inventory template's and the usual export headers
 * (shared with bulk uploads), then the feed's cost, MAP and MSRP columns.
 */
export function guessFeedMapping(headers: readonly string[]): FeedColumnMapping {
  const { price: retailGuess, ...mapping }: FeedColumnMapping = autoMapColumns(headers);
  const used = new Set(Object.values(mapping));
  const take = (aliases: readonly string[]) => {
    const header = headers.find(
      (candidate) => !used.has(candidate) && aliases.includes(normalizeHeader(candidate)),
    );
    if (header) used.add(header);
    return header;
  };
  // A bulk upload's price is the asking price; a feed's is the dealer's cost, marked up by the rule.
  const map = take(FEED_ALIASES.map_price);
  const msrp = take(FEED_ALIASES.msrp);
  const cost = take(FEED_ALIASES.cost) ?? (retailGuess && !used.has(retailGuess) ? retailGuess : undefined);
  return {
    ...mapping,
    ...(cost ? { price: cost } : {}),
    ...(map ? { map_price: map } : {}),
    ...(msrp ? { msrp } : {}),
  };
}
