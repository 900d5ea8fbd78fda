/**
 * Inventory rows (bulk upload files, distributor feeds, the seller API): the check of one row with
 * the rules of the listing form (POST /listings/add). The template's columns are in
 * inventory-columns.ts, the reading of a file's headers and category and condition words in
 * inventory-mapping.ts. Built to check 100k rows in a browser worker in well under a second: no
 * schema is built or parsed per row, every rule is a plain function over the cell text.
 */
import { type AuctionTermsInput, auctionProblems } from './auctions.ts';
import type { CategoryFamilyId } from './category.ts';
import {
  type ColumnMapping,
  INVENTORY_MAX_IMAGE_URL_LENGTH,
  INVENTORY_MAX_IMAGE_URLS,
  type InventoryColumn,
} from './inventory-columns.ts';
import { parseCategory, parseCondition, parseInventoryListingType } from './inventory-mapping.ts';
import {
  CONDITION_LABELS,
  type Condition,
  hasValidUpcCheckDigit,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  LISTING_TITLE_MAX_LENGTH as LISTING_TITLE_MAX,
  ListingType,
  listingTitleFromFields,
  MAX_LISTING_DESCRIPTION,
  MONEY_MAX,
  UPC_MESSAGES,
} from './listing.ts';
import { hasControlCharacters, hasDirectionControls, hasLineBreaks, TEXT_MESSAGES } from './text.ts';
import { SHIP_TO_REGIONS, type ShipToRegionCode } from './us-states.ts';

export type ShipToRegion = ShipToRegionCode;

export interface InventoryItem {
  stockNumber: string;
  upc?: string;
  title: string;
  familyId: CategoryFamilyId;
  manufacturer?: string;
  model?: string;
  caliber?: string;
  condition: Condition;
  price: number;
  /** 0 is allowed: the listing stays, out of stock. */
  quantity: number;
  description: string;
  imageUrls: string[];
  shippingCost: number;
  deliveryDays: number;
  excludedShipToStates: ShipToRegion[];
  /** Minimum advertised price from a distributor feed; the listing price never goes below it. */
  mapPrice?: number;
  /** Sold by auction: the price is the starting bid and the quantity 1. Left out, a fixed price. */
  auction?: InventoryAuction;
}

/** An inventory item's auction terms (docs/capabilities/auctions.md). */
export interface InventoryAuction {
  /** 1, 3, 5, 7 or 10. */
  durationDays: number;
  reservePrice?: number;
  buyNowPrice?: number;
  /** A scheduled start (ISO 8601); left out, the auction opens when it is listed. */
  startsAt?: string;
}

/** How an inventory item is sold, as the auction rules read it. */
export interface InventorySaleFacts {
  listingType: number;
  /** The listed price: an auction's starting bid. */
  price: number;
  quantity: number;
  durationDays: number | undefined;
  auction: AuctionTermsInput | undefined;
}

/**
 * The auction rules of an inventory item, as [field path, message] pairs: the listing form's
 * (`auctionProblems`; inventory listings take no offers), and a duration only on an auction, since
 * a fixed-price inventory listing stays up until it is closed.
 */
export function inventoryAuctionProblems(
  facts: InventorySaleFacts,
  now: Date = new Date(),
): [readonly (string | number)[], string][] {
  const problems = auctionProblems(
    { ...facts, durationDays: facts.durationDays ?? 0, acceptsOffers: false },
    now,
  );
  if (facts.listingType !== ListingType.Auction && facts.durationDays !== undefined) {
    problems.push([['durationDays'], InventoryMessage.durationOnlyForAuctions]);
  }
  return problems;
}

export interface RowIssue {
  column: InventoryColumn | null;
  message: string;
}
export type RowResult = { ok: true; item: InventoryItem } | { ok: false; issues: RowIssue[] };

// ---------------------------------------------------------------------------------------------
// Row rules (the listing form's, read from cell text)
// ---------------------------------------------------------------------------------------------

export const InventoryMessage = {
  stockNumberRequired: 'Enter a stock number.',
  stockNumberTooLong: `A stock number has at most ${LISTING_STOCK_NUMBER_MAX} characters.`,
  duplicateStockNumber: (firstRow: number) => `This stock number is already on row ${firstRow} of the file.`,
  titleRequired: 'Enter a title, or a manufacturer and model to make one from.',
  titleTooShort: 'A title has at least 3 characters.',
  titleTooLong: `A title has at most ${LISTING_TITLE_MAX} characters.`,
  categoryRequired: 'Enter a category.',
  categoryUnknown: (text: string) =>
    `"${clip(text)}" is not a category. Use a category name such as "Semi Auto Pistols" or its number (1 to 25).`,
  conditionRequired: 'Enter a condition.',
  conditionUnknown: (text: string) =>
    `"${clip(text)}" is not a condition. Use ${Object.values(CONDITION_LABELS).join(', ')}.`,
  priceRequired: 'Enter a price.',
  priceTooLow: 'The price is at least 0.01.',
  moneyInvalid: 'Enter an amount in dollars with at most two decimals, such as 549.99.',
  moneyTooHigh: `The amount is at most ${MONEY_MAX.toLocaleString('en-US')}.`,
  quantityRequired: 'Enter a quantity.',
  quantityInvalid: `Enter whole units from 0 to ${LISTING_QUANTITY_MAX}.`,
  deliveryDaysInvalid: `Enter whole days from 0 to ${LISTING_DELIVERY_DAYS_MAX}.`,
  detailTooLong: `At most ${LISTING_DETAIL_MAX} characters.`,
  descriptionTooLong: `A description has at most ${MAX_LISTING_DESCRIPTION} characters.`,
  tooManyImages: `A row has at most ${INVENTORY_MAX_IMAGE_URLS} image links.`,
  imageUrlInvalid: (text: string) => `"${clip(text)}" is not an http(s) link.`,
  stateUnknown: (text: string) => `"${clip(text)}" is not a US state code (or DC).`,
  listingTypeUnknown: (text: string) =>
    `"${clip(text)}" is not a listing type. Enter Auction, or leave it empty for a fixed price.`,
  durationOnlyForAuctions:
    'A duration applies to auctions only: a fixed-price listing stays up until you close it.',
  startInvalid:
    'Enter the start as an ISO 8601 date and time with its zone, such as 2027-03-01T18:00:00-05:00.',
} as const;

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const REGION_CODES: ReadonlySet<string> = new Set(SHIP_TO_REGIONS.map((region) => region.code));
const STATE_SEPARATORS = /[|;,\s]+/;
const IMAGE_SEPARATORS = /[|;,\s]+/;
const MONEY_TEXT = /^(\d*)(?:\.(\d*))?$/;
const WHOLE_NUMBER = /^\d+$/;
const DIGITS = /^\d{8,14}$/;
const DATE_TIME_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Where an auction rule's field path is in an inventory file. */
const AUCTION_FIELD_COLUMNS: Readonly<Record<string, InventoryColumn>> = {
  durationDays: 'duration_days',
  quantity: 'quantity',
  'auction.reservePrice': 'reserve_price',
  'auction.buyNowPrice': 'buy_now_price',
  'auction.startsAt': 'auction_start',
};

type MoneyResult = number | string;

/** Dollars from a cell ('$1,299.99', '25', '12.50'); a message when it is not an amount. */
export function parseMoney(text: string): MoneyResult {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = MONEY_TEXT.exec(cleaned);
  if (match === null || cleaned === '' || cleaned === '.') return InventoryMessage.moneyInvalid;
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return InventoryMessage.moneyInvalid;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  const amount = cents / 100;
  if (amount > MONEY_MAX) return InventoryMessage.moneyTooHigh;
  return amount;
}

/** Excluded ship-to regions from a cell: codes separated by |, ;, commas or spaces. */
export function parseExcludedStates(text: string): { states: ShipToRegion[]; unknown: string[] } {
  const states: ShipToRegion[] = [];
  const unknown: string[] = [];
  for (const part of text.split(STATE_SEPARATORS)) {
    if (part === '') continue;
    const code = part.toUpperCase();
    if (!REGION_CODES.has(code)) unknown.push(part);
    else if (!states.includes(code as ShipToRegion)) states.push(code as ShipToRegion);
  }
  return { states, unknown };
}

function isHttpUrl(text: string): boolean {
  if (text.length > INVENTORY_MAX_IMAGE_URL_LENGTH) return false;
  if (!text.startsWith('http://') && !text.startsWith('https://')) {
    const lower = text.slice(0, 8).toLowerCase();
    if (!lower.startsWith('http://') && !lower.startsWith('https://')) return false;
  }
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A one-line text's problem ('' when fine): control characters, line breaks, direction controls. */
function oneLineProblem(text: string): string {
  if (hasControlCharacters(text)) return TEXT_MESSAGES.controlCharacters;
  if (hasLineBreaks(text)) return TEXT_MESSAGES.lineBreaks;
  if (hasDirectionControls(text)) return TEXT_MESSAGES.directionControls;
  return '';
}

/**
 * Validates one record (header -> cell text) with the same shared rules as the listing form; `now`
 * is the clock an auction's scheduled start is checked against.
 */
export function validateInventoryRow(
  record: Readonly<Record<string, string>>,
  mapping: ColumnMapping,
  now: Date = new Date(),
): RowResult {
  const issues: RowIssue[] = [];
  const cell = (column: InventoryColumn): string => {
    const header = mapping[column];
    if (header === undefined) return '';
    const value = record[header];
    return typeof value === 'string' ? value.trim() : '';
  };
  const issue = (column: InventoryColumn, message: string) => {
    issues.push({ column, message });
  };
  const detail = (column: 'manufacturer' | 'model' | 'caliber'): string | undefined => {
    const text = cell(column);
    if (text === '') return undefined;
    if (hasControlCharacters(text)) issue(column, TEXT_MESSAGES.controlCharacters);
    else if (text.length > LISTING_DETAIL_MAX) issue(column, InventoryMessage.detailTooLong);
    return text;
  };

  const stockNumber = cell('stock_number');
  if (stockNumber === '') issue('stock_number', InventoryMessage.stockNumberRequired);
  else if (stockNumber.length > LISTING_STOCK_NUMBER_MAX)
    issue('stock_number', InventoryMessage.stockNumberTooLong);
  else {
    const problem = oneLineProblem(stockNumber);
    if (problem) issue('stock_number', problem);
  }

  let upc: string | undefined;
  const upcText = cell('upc');
  if (upcText !== '') {
    if (!DIGITS.test(upcText)) issue('upc', UPC_MESSAGES.digits);
    else if (!hasValidUpcCheckDigit(upcText)) issue('upc', UPC_MESSAGES.checkDigit);
    else upc = upcText;
  }

  const manufacturer = detail('manufacturer');
  const model = detail('model');
  const caliber = detail('caliber');

  const conditionText = cell('condition');
  let condition: Condition | undefined;
  if (conditionText === '') issue('condition', InventoryMessage.conditionRequired);
  else {
    condition = parseCondition(conditionText);
    if (condition === undefined) issue('condition', InventoryMessage.conditionUnknown(conditionText));
  }

  let title = cell('title').replace(/\s+/g, ' ');
  if (title === '') title = listingTitleFromFields({ manufacturer, model, caliber, condition });
  if (title === '') issue('title', InventoryMessage.titleRequired);
  else {
    const problem = oneLineProblem(title);
    if (problem) issue('title', problem);
    else if (title.length < 3) issue('title', InventoryMessage.titleTooShort);
    else if (title.length > LISTING_TITLE_MAX) issue('title', InventoryMessage.titleTooLong);
  }

  const categoryText = cell('category');
  let familyId: CategoryFamilyId | undefined;
  if (categoryText === '') issue('category', InventoryMessage.categoryRequired);
  else {
    familyId = parseCategory(categoryText);
    if (familyId === undefined) issue('category', InventoryMessage.categoryUnknown(categoryText));
  }

  const priceText = cell('price');
  let price = 0;
  if (priceText === '') issue('price', InventoryMessage.priceRequired);
  else {
    const parsed = parseMoney(priceText);
    if (typeof parsed === 'string') issue('price', parsed);
    else if (parsed < 0.01) issue('price', InventoryMessage.priceTooLow);
    else price = parsed;
  }

  const quantityText = cell('quantity').replace(/,/g, '');
  let quantity = 0;
  if (quantityText === '') issue('quantity', InventoryMessage.quantityRequired);
  else if (!WHOLE_NUMBER.test(quantityText) || Number(quantityText) > LISTING_QUANTITY_MAX)
    issue('quantity', InventoryMessage.quantityInvalid);
  else quantity = Number(quantityText);

  let description = cell('description');
  if (description === '') description = title;
  else if (hasControlCharacters(description)) issue('description', TEXT_MESSAGES.controlCharacters);
  else if (description.length > MAX_LISTING_DESCRIPTION)
    issue('description', InventoryMessage.descriptionTooLong);

  const imageUrls: string[] = [];
  const imagesText = cell('image_urls');
  if (imagesText !== '') {
    for (const part of imagesText.split(IMAGE_SEPARATORS)) {
      if (part === '') continue;
      if (!isHttpUrl(part)) {
        issue('image_urls', InventoryMessage.imageUrlInvalid(part));
        break;
      }
      if (!imageUrls.includes(part)) imageUrls.push(part);
    }
    if (imageUrls.length > INVENTORY_MAX_IMAGE_URLS) issue('image_urls', InventoryMessage.tooManyImages);
  }

  let shippingCost = 0;
  const shippingText = cell('shipping_cost');
  if (shippingText !== '') {
    const parsed = parseMoney(shippingText);
    if (typeof parsed === 'string') issue('shipping_cost', parsed);
    else shippingCost = parsed;
  }

  let deliveryDays = LISTING_DELIVERY_DAYS_DEFAULT;
  const daysText = cell('delivery_days');
  if (daysText !== '') {
    if (!WHOLE_NUMBER.test(daysText) || Number(daysText) > LISTING_DELIVERY_DAYS_MAX)
      issue('delivery_days', InventoryMessage.deliveryDaysInvalid);
    else deliveryDays = Number(daysText);
  }

  let excludedShipToStates: ShipToRegion[] = [];
  const statesText = cell('excluded_states');
  if (statesText !== '') {
    const { states, unknown } = parseExcludedStates(statesText);
    if (unknown.length > 0) issue('excluded_states', InventoryMessage.stateUnknown(unknown[0] ?? ''));
    excludedShipToStates = states;
  }

  const auction = auctionOfRow(
    cell,
    issue,
    price > 0 ? price : undefined,
    quantityText !== '' && WHOLE_NUMBER.test(quantityText) ? quantity : undefined,
    now,
  );

  if (issues.length > 0 || condition === undefined || familyId === undefined) {
    return { ok: false, issues };
  }
  const item: InventoryItem = {
    stockNumber,
    title,
    familyId,
    condition,
    price,
    quantity,
    description,
    imageUrls,
    shippingCost,
    deliveryDays,
    excludedShipToStates,
  };
  if (upc !== undefined) item.upc = upc;
  if (manufacturer !== undefined) item.manufacturer = manufacturer;
  if (model !== undefined) item.model = model;
  if (caliber !== undefined) item.caliber = caliber;
  if (auction !== undefined) item.auction = auction;
  return { ok: true, item };
}

/**
 * The auction cells of a row: its listing type, and for an auction its terms, checked with the
 * listing form's rules once the price (the starting bid) and quantity are read. Undefined for a
 * fixed-price row.
 */
function auctionOfRow(
  cell: (column: InventoryColumn) => string,
  issue: (column: InventoryColumn, message: string) => void,
  price: number | undefined,
  quantity: number | undefined,
  now: Date,
): InventoryAuction | undefined {
  const typeText = cell('listing_type');
  const listingType = parseInventoryListingType(typeText);
  if (listingType === undefined) {
    issue('listing_type', InventoryMessage.listingTypeUnknown(typeText));
    return undefined;
  }
  let termsRead = true;
  const money = (column: 'reserve_price' | 'buy_now_price'): number | undefined => {
    const text = cell(column);
    if (text === '') return undefined;
    const parsed = parseMoney(text);
    if (typeof parsed === 'string') issue(column, parsed);
    else if (parsed < 0.01) issue(column, InventoryMessage.priceTooLow);
    else return parsed;
    termsRead = false;
    return undefined;
  };
  const reservePrice = money('reserve_price');
  const buyNowPrice = money('buy_now_price');
  const startText = cell('auction_start');
  let startsAt: string | undefined;
  if (startText !== '') {
    const at = DATE_TIME_WITH_ZONE.test(startText) ? Date.parse(startText.replace(' ', 'T')) : Number.NaN;
    if (Number.isNaN(at)) {
      issue('auction_start', InventoryMessage.startInvalid);
      termsRead = false;
    } else startsAt = new Date(at).toISOString();
  }
  const daysText = cell('duration_days');
  // Not a whole number of days: the auction rule names the durations there are.
  const durationDays = daysText === '' ? undefined : WHOLE_NUMBER.test(daysText) ? Number(daysText) : 0;
  const terms: InventoryAuction = { durationDays: durationDays ?? 0 };
  if (reservePrice !== undefined) terms.reservePrice = reservePrice;
  if (buyNowPrice !== undefined) terms.buyNowPrice = buyNowPrice;
  if (startsAt !== undefined) terms.startsAt = startsAt;
  const termColumns = (['reserve_price', 'buy_now_price', 'auction_start'] as const).filter(
    (column) => cell(column) !== '',
  );
  // The rules compare the terms with the price and quantity: checked once all of them are read.
  if (termsRead && price !== undefined && quantity !== undefined) {
    const problems = inventoryAuctionProblems(
      {
        listingType,
        price,
        quantity,
        durationDays,
        auction: termColumns.length > 0 || listingType === ListingType.Auction ? terms : undefined,
      },
      now,
    );
    for (const [path, message] of problems) {
      issue(AUCTION_FIELD_COLUMNS[path.join('.')] ?? termColumns[0] ?? 'listing_type', message);
    }
  }
  return listingType === ListingType.Auction ? terms : undefined;
}

/**
 * Remembers the stock numbers of a file (case-insensitively, as listings are matched) so a second
 * row with the same one is reported instead of overwriting the first.
 */
export class StockNumberTracker {
  readonly #firstRow = new Map<string, number>();

  /** The row that first carried this stock number, or undefined (and it is remembered for `row`). */
  seen(stockNumber: string, row: number): number | undefined {
    const key = stockNumber.toLowerCase();
    const first = this.#firstRow.get(key);
    if (first !== undefined) return first;
    this.#firstRow.set(key, row);
    return undefined;
  }
}
