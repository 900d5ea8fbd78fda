export const PRODUCT_NAME = 'Ironsight';
export const PAGE_TITLE_SEPARATOR = ' | ';
export const HOME_PAGE_HEADING = 'Buy Guns Online and Sell Guns Online';

/** '{title} | Ironsight'; a blank title gives the product name alone, and the suffix is never doubled. */
export function pageTitle(title: string | null | undefined): string {
  const text = (title ?? '').trim();
  const suffix = `${PAGE_TITLE_SEPARATOR}${PRODUCT_NAME}`;
  if (text === '' || text === PRODUCT_NAME) return PRODUCT_NAME;
  return text.endsWith(suffix) ? text : `${text}${suffix}`;
}

export const HOME_PAGE_TITLE = pageTitle(HOME_PAGE_HEADING);

/** The description of a page that gives none of its own (search engines show it under the title). */
export const SITE_DESCRIPTION =
  'Buy and sell firearms, ammunition, optics, accessories and collectibles from private sellers and licensed dealers. Firearms ship to a licensed FFL dealer for transfer.';

export const KEYWORDS_MAX_LENGTH = 255;
export const STRUCTURED_DESCRIPTION_MAX_LENGTH = 150;
export const STRUCTURED_TITLE_MAX_LENGTH = 35;
export const MIN_TRANSIT_DAYS = 3;

/** Cuts text to `max` characters at the last space when one falls in the second half, else mid-word. */
export function shortenText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/**
 * Keyword metadata: lowercased, trimmed, de-duplicated, joined with ', ' and at most 255 characters.
 * Whole keywords are dropped from the end to fit; only a single over-long first keyword is itself cut.
 */
export function metadataKeywords(words: string | readonly string[] | null | undefined): string {
  const list =
    words === null || words === undefined ? [] : typeof words === 'string' ? words.split(',') : words;
  const unique: string[] = [];
  for (const word of list) {
    const keyword = word.trim().replace(/\s+/g, ' ').toLowerCase();
    if (keyword !== '' && !unique.includes(keyword)) unique.push(keyword);
  }
  let result = '';
  for (const keyword of unique) {
    const next = result === '' ? keyword : `${result}, ${keyword}`;
    if (next.length > KEYWORDS_MAX_LENGTH) break;
    result = next;
  }
  if (result === '' && unique[0] !== undefined) return shortenText(unique[0], KEYWORDS_MAX_LENGTH);
  return result;
}

const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
// US numbers: optional +1, area code with or without parentheses, separators of space, dot or dash, or none.
const PHONE_PATTERN = /(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?!\d)/g;

/** Removes emails, URLs and phone numbers and tidies the gaps left; contact details stay off search engines. */
export function stripContactDetails(text: string | null | undefined): string {
  return (text ?? '')
    .replace(EMAIL_PATTERN, ' ')
    .replace(URL_PATTERN, ' ')
    .replace(PHONE_PATTERN, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])(?=\s|$)/g, '$1')
    .trim();
}

export function cleanStructuredDescription(text: string | null | undefined): string {
  return shortenText(stripContactDetails(text), STRUCTURED_DESCRIPTION_MAX_LENGTH);
}

export function cleanStructuredTitle(text: string | null | undefined): string {
  return shortenText(stripContactDetails(text), STRUCTURED_TITLE_MAX_LENGTH);
}

const toIsoDate = (date: Date): string => date.toISOString().slice(0, 10);

function shiftYears(date: Date, years: number): Date {
  const shifted = new Date(date.getTime());
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted;
}

/**
 * Structured-data priceValidUntil as YYYY-MM-DD (UTC). Active: the listing's end date when it is
 * still ahead, else one year from now. Inactive: one year ago, so the offer reads as expired.
 */
export function priceValidUntil(
  listing: { isActive: boolean; listingEndDate?: string | Date | null },
  now: Date,
): string {
  if (!listing.isActive) return toIsoDate(shiftYears(now, -1));
  const end = listing.listingEndDate ? new Date(listing.listingEndDate) : null;
  if (end && Number.isFinite(end.getTime()) && end.getTime() > now.getTime()) return toIsoDate(end);
  return toIsoDate(shiftYears(now, 1));
}

export type StockAvailability = 'InStock' | 'OutOfStock';

/** Quantity zero or less is out of stock and the page is not indexed. */
export function stockAvailability(quantity: number | null | undefined): StockAvailability {
  return (quantity ?? 0) > 0 ? 'InStock' : 'OutOfStock';
}

export function productRobots(quantity: number | null | undefined): 'index,follow' | 'noindex,nofollow' {
  return stockAvailability(quantity) === 'InStock' ? 'index,follow' : 'noindex,nofollow';
}

export const NOT_FOUND_ROBOTS = 'noindex,nofollow';
