import type { CategoryFamily } from '../../../../shared/domain/category.ts';
import type { InventoryAuctionColumn } from '../../../../shared/domain/inventory-columns.ts';
import type { Condition } from '../../../../shared/domain/listing.ts';
import { SHIP_TO_REGIONS, type ShipToRegionCode } from '../../../../shared/domain/us-states.ts';

/** One item of a distributor feed, in our words, before the dealer's price rule is applied. */
export interface FeedItem {
  /** The line of the file it came from (1-based; a header is line 1). */
  line: number;
  stockNumber: string;
  upc?: string;
  title: string;
  manufacturer?: string;
  model?: string;
  caliber?: string;
  family: CategoryFamily;
  condition: Condition;
  /** What the dealer pays the distributor. */
  cost: number;
  /** The manufacturer's suggested retail price. */
  msrp?: number;
  /** The minimum advertised price; the dealer's price never goes below it. */
  mapPrice?: number;
  quantity: number;
  description: string;
  imageName?: string;
  imageUrl?: string;
  /** A generic CSV's own shipping charge and days to ship; otherwise the feed's. */
  shippingCost?: number;
  deliveryDays?: number;
  /** Where the distributor may not ship this item. */
  excludedStates: ShipToRegionCode[];
  /**
   * A generic CSV's auction cells (listing type, days, reserve, buy-now price, start) as the file
   * has them; the inventory rules read them as a bulk upload's.
   */
  auctionCells?: Partial<Record<InventoryAuctionColumn, string>>;
}

export interface FeedLineError {
  /** 0: the file as a whole. */
  line: number;
  stockNumber: string | null;
  message: string;
}

export type RecordResult = { item: FeedItem } | { error: FeedLineError } | { skip: true };

/** Reads one format: the delimiter, its header (when it has one) and each data record. */
export interface FeedFormatReader {
  delimiter: string;
  hasHeader: boolean;
  /** Checks the header fields; a message when they are not this format's header. */
  header?(fields: readonly string[]): string | null;
  record(fields: readonly string[], line: number): RecordResult;
}

const REGION_CODES = new Set<string>(SHIP_TO_REGIONS.map((region) => region.code));

/** State codes in a cell such as "CA, NY; MA|DC" (unknown codes are ignored), sorted, once each. */
export function stateList(text: string | undefined): ShipToRegionCode[] {
  if (!text) return [];
  const codes = text
    .toUpperCase()
    .split(/[\s,;|/]+/)
    .filter((code) => REGION_CODES.has(code)) as ShipToRegionCode[];
  return [...new Set(codes)].sort();
}

/** A money cell ("$1,299.00", "449.99") as dollars; undefined when empty or not a number. */
export function money(text: string | undefined): number | undefined {
  const clean = (text ?? '').replace(/[$,\s]/g, '');
  if (clean === '') return undefined;
  const value = Number(clean);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : undefined;
}

/** A quantity cell as a whole number of at least 0; undefined when not a number. */
export function wholeCount(text: string | undefined): number | undefined {
  const clean = (text ?? '').replace(/[,\s]/g, '');
  if (!/^-?\d+(\.0+)?$/.test(clean)) return undefined;
  return Math.max(0, Math.trunc(Number(clean)));
}

/** Trimmed text, or undefined when empty. */
export function cell(text: string | undefined): string | undefined {
  const value = (text ?? '').trim();
  return value === '' ? undefined : value;
}

/** A UPC/EAN (8 to 14 digits), or undefined. */
export function upcOf(text: string | undefined): string | undefined {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 14 ? digits : undefined;
}

/** The header row as lookup keys: lower case, without spaces, punctuation or a byte-order mark. */
const headerKey = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The refusal of a header that lacks required columns, for a format known by its name. */
export const notTheHeaderOf = (formatName: string) => (names: string, count: number) =>
  `The first line is not a ${formatName} header: ${names} ${count === 1 ? 'is' : 'are'} missing.`;

/**
 * A reader for a CSV with a header: finds its columns by header name (any of the aliases, compared as
 * header keys), refuses a header that lacks a required column (`refusal` words it, given the missing
 * columns' first names and their count), and reads each record through a lookup by our column name:
 * its `essentials`, then, when none is missing, its `details` (see `feedRecord`). The delimiter is a
 * comma unless one is given ('' detects it).
 */
export function headerReader<K extends string>(options: {
  delimiter?: string;
  columns: Readonly<Partial<Record<K, readonly string[]>>>;
  required: readonly NoInfer<K>[];
  refusal: (names: string, count: number) => string;
  essentials(get: (column: NoInfer<K>) => string | undefined): Essentials;
  details(get: (column: NoInfer<K>) => string | undefined, title: string): ItemDetails;
}): FeedFormatReader {
  let positions: Partial<Record<K, number>> = {};
  return {
    delimiter: options.delimiter ?? ',',
    hasHeader: true,
    header(fields) {
      const keys = fields.map(headerKey);
      positions = {};
      for (const [column, aliases] of Object.entries(options.columns) as [K, readonly string[]][]) {
        const wanted = new Set(aliases.map(headerKey));
        const index = keys.findIndex((key) => wanted.has(key));
        if (index >= 0) positions[column] = index;
      }
      const missing = options.required.filter((column) => positions[column] === undefined);
      if (missing.length === 0) return null;
      const names = missing.map((column) => `“${options.columns[column]?.[0]}”`).join(', ');
      return options.refusal(names, missing.length);
    },
    record(fields, line) {
      const get = (column: K) => {
        const index = positions[column];
        return index === undefined ? undefined : fields[index];
      };
      return feedRecord(line, options.essentials(get), (title) => options.details(get, title));
    },
  };
}

/** What every item needs, as a format reads it; undefined where the record lacks it. */
export interface Essentials {
  stockNumber: string | undefined;
  title: string | undefined;
  cost: number | undefined;
  quantity: number | undefined;
}

/** The rest of an item, as its format reads it. */
export type ItemDetails = Omit<FeedItem, 'line' | 'stockNumber' | 'title' | 'cost' | 'quantity'>;

/**
 * One record as an item: the error of the first essential it lacks (a cost must be above zero),
 * else the essentials with the details its format reads for that title. An MSRP or MAP of zero or
 * less counts as none.
 */
export function feedRecord(
  line: number,
  { stockNumber, title, cost, quantity }: Essentials,
  details: (title: string) => ItemDetails,
): RecordResult {
  const fail = (message: string): RecordResult => ({
    error: { line, stockNumber: stockNumber ?? null, message },
  });
  if (!stockNumber) return fail('The stock number is missing.');
  if (!title) return fail('The description is missing.');
  if (cost === undefined || cost <= 0) return fail('The cost price is missing or not a number.');
  if (quantity === undefined) return fail('The quantity is missing or not a whole number.');
  const { msrp, mapPrice, ...rest } = details(title);
  return {
    item: {
      line,
      stockNumber,
      title,
      cost,
      quantity,
      ...rest,
      ...(msrp && msrp > 0 ? { msrp } : {}),
      ...(mapPrice && mapPrice > 0 ? { mapPrice } : {}),
    },
  };
}

/** The title, then more words about the item when the feed has them. */
export const describedAs = (title: string, more: string | undefined) => (more ? `${title}. ${more}` : title);
