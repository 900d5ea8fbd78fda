/**
 * Inventory rows (bulk upload files, distributor feeds, the seller API): the template's columns,
 * the automatic mapping of a file's headers to them, and the check of one row with the rules of the
 * listing form (POST /listings/add). Built to check 100k rows in a browser worker in well under a
 * second: no schema is built or parsed per row, every rule is a plain function over the cell text.
 */
import { CATEGORY_FAMILIES, type CategoryFamilyId, familiesForDisplayName } from './category.ts';
import { csvDocument } from './csv.ts';
import {
  CONDITION_LABELS,
  Condition,
  hasValidUpcCheckDigit,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  LISTING_TITLE_MAX_LENGTH as LISTING_TITLE_MAX,
  listingTitleFromFields,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
  MONEY_MAX,
  UPC_MESSAGES,
} from './listing.ts';
import { hasControlCharacters, hasDirectionControls, hasLineBreaks, TEXT_MESSAGES } from './text.ts';
import { SHIP_TO_REGIONS, type ShipToRegionCode } from './us-states.ts';

export const INVENTORY_COLUMNS = [
  'stock_number',
  'upc',
  'title',
  'category',
  'manufacturer',
  'model',
  'caliber',
  'condition',
  'price',
  'quantity',
  'description',
  'image_urls',
  'shipping_cost',
  'delivery_days',
  'excluded_states',
] as const;
export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number];

/** Columns a file must map; every other column may be left out. */
export const INVENTORY_REQUIRED_COLUMNS: readonly InventoryColumn[] = [
  'stock_number',
  'title',
  'category',
  'condition',
  'price',
  'quantity',
];

/** Our column -> the header text in the seller's file. */
export type ColumnMapping = Partial<Record<InventoryColumn, string>>;

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
}

export interface RowIssue {
  column: InventoryColumn | null;
  message: string;
}
export type RowResult = { ok: true; item: InventoryItem } | { ok: false; issues: RowIssue[] };

/** Largest number of image links one row may carry (a listing's photo limit). */
export const INVENTORY_MAX_IMAGE_URLS = MAX_LISTING_IMAGES;
/** Longest image link. */
export const INVENTORY_MAX_IMAGE_URL_LENGTH = 2048;

/** What each column holds, for the template page and the mapping editor. */
export const INVENTORY_COLUMN_INFO: Readonly<
  Record<InventoryColumn, { label: string; required: boolean; help: string; example: string }>
> = {
  stock_number: {
    label: 'Stock number',
    required: true,
    help: `Your own code for the item, up to ${LISTING_STOCK_NUMBER_MAX} characters. A row with a stock number you already list updates that listing.`,
    example: 'GLK-19-G5',
  },
  upc: {
    label: 'UPC',
    required: false,
    help: '8 to 14 digits; a 12-digit UPC-A must end in its check digit.',
    example: '764503037108',
  },
  title: {
    label: 'Title',
    required: true,
    help: `3 to ${LISTING_TITLE_MAX} characters on one line. Left empty, it is made from manufacturer, model, caliber and condition.`,
    example: 'Glock 19 Gen5 9mm Luger',
  },
  category: {
    label: 'Category',
    required: true,
    help: 'A category name such as "Semi Auto Pistols" or "Ammunition", or its number (1 to 25).',
    example: 'Semi Auto Pistols',
  },
  manufacturer: {
    label: 'Manufacturer',
    required: false,
    help: `Up to ${LISTING_DETAIL_MAX} characters.`,
    example: 'Glock',
  },
  model: {
    label: 'Model',
    required: false,
    help: `Up to ${LISTING_DETAIL_MAX} characters.`,
    example: '19 Gen5',
  },
  caliber: {
    label: 'Caliber or gauge',
    required: false,
    help: `Up to ${LISTING_DETAIL_MAX} characters.`,
    example: '9mm Luger',
  },
  condition: {
    label: 'Condition',
    required: true,
    help: `${Object.values(CONDITION_LABELS).join(', ')} (or New, NIB).`,
    example: CONDITION_LABELS.NewInBox,
  },
  price: {
    label: 'Price',
    required: true,
    help: 'US dollars, at most two decimals, at least 0.01.',
    example: '549.99',
  },
  quantity: {
    label: 'Quantity',
    required: true,
    help: `Whole units, 0 to ${LISTING_QUANTITY_MAX}; 0 keeps the listing, out of stock.`,
    example: '5',
  },
  description: {
    label: 'Description',
    required: false,
    help: `Up to ${MAX_LISTING_DESCRIPTION} characters; simple HTML is kept. Left empty, the title is used.`,
    example: 'Factory new with two 15-round magazines.',
  },
  image_urls: {
    label: 'Image links',
    required: false,
    help: `Up to ${INVENTORY_MAX_IMAGE_URLS} http(s) links separated by | ; the photos are fetched after the upload.`,
    example: 'https://example.com/images/glock19-left.jpg|https://example.com/images/glock19-right.jpg',
  },
  shipping_cost: {
    label: 'Shipping cost',
    required: false,
    help: 'US dollars; empty means free shipping.',
    example: '25.00',
  },
  delivery_days: {
    label: 'Handling days',
    required: false,
    help: `Days until shipping, 0 to ${LISTING_DELIVERY_DAYS_MAX}; empty means ${LISTING_DELIVERY_DAYS_DEFAULT}.`,
    example: '2',
  },
  excluded_states: {
    label: 'Excluded states',
    required: false,
    help: 'Two-letter state codes (or DC) you do not ship to, separated by |, ;, commas or spaces.',
    example: 'CA|NY|MA',
  },
};

/** Where the web host publishes the template. */
export const INVENTORY_TEMPLATE_PATH = '/templates/inventory.csv';

/** The published template (/templates/inventory.csv): the header row and one example row. */
export function inventoryTemplateCsv(): string {
  return csvDocument([
    [...INVENTORY_COLUMNS],
    INVENTORY_COLUMNS.map((column) => INVENTORY_COLUMN_INFO[column].example),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Header mapping
// ---------------------------------------------------------------------------------------------

/**
 * Header spellings of our template and of common exports (RSR, Davidson's, Lipsey's, Zanders,
 * GunBroker and other marketplaces), normalized (lower case, letters and digits only, `#` read as
 * "number"). Earlier spellings win when a file has several.
 */
const HEADER_ALIASES: Readonly<Record<InventoryColumn, readonly string[]>> = {
  stock_number: [
    'stocknumber',
    'sellerstocknumber',
    'stockno',
    'stocknum',
    'sku',
    'itemnumber',
    'itemno',
    'itemnum',
    'item',
    'itemid',
    'itemcode',
    'rsrstocknumber',
    'productcode',
    'productid',
    'productnumber',
    'partnumber',
    'inventorynumber',
  ],
  upc: ['upc', 'upccode', 'upcnumber', 'upcno', 'upca', 'gtin', 'ean', 'barcode', 'upcean'],
  title: [
    'title',
    'itemtitle',
    'listingtitle',
    'name',
    'productname',
    'itemname',
    'shortdescription',
    'itemdescription',
    'productdescription',
    'description1',
  ],
  category: [
    'category',
    'categoryname',
    'family',
    'categoryfamily',
    'producttype',
    'itemtype',
    'type',
    'department',
    'departmentname',
    'subcategory',
  ],
  manufacturer: [
    'manufacturer',
    'manufacturername',
    'mfg',
    'mfgname',
    'mfr',
    'mfrname',
    'brand',
    'brandname',
    'make',
    'vendor',
  ],
  model: [
    'model',
    'modelnumber',
    'modelno',
    'modelname',
    'mfgmodel',
    'mpn',
    'mfgpartnumber',
    'mfrpartnumber',
    'manufacturerpartnumber',
    'mfgitemnumber',
  ],
  caliber: ['caliber', 'calibergauge', 'caliberorgauge', 'calibre', 'gauge', 'cal', 'chambering'],
  condition: ['condition', 'itemcondition', 'conditionname', 'newused', 'productcondition'],
  price: [
    'price',
    'sellprice',
    'sellingprice',
    'saleprice',
    'yourprice',
    'listprice',
    'listingprice',
    'buynowprice',
    'fixedprice',
    'askingprice',
    'retailprice',
    'retail',
    'msrp',
    'suggestedretail',
  ],
  quantity: [
    'quantity',
    'qty',
    'qtyonhand',
    'quantityonhand',
    'onhand',
    'qtyavailable',
    'quantityavailable',
    'available',
    'availableqty',
    'inventory',
    'inventoryqty',
    'stockqty',
    'instock',
    'totalqty',
  ],
  description: [
    'description',
    'longdescription',
    'fulldescription',
    'detaileddescription',
    'extendeddescription',
    'itemdetails',
    'productdetails',
    'details',
    'description2',
    'features',
  ],
  image_urls: [
    'imageurls',
    'imageurl',
    'images',
    'image',
    'imagelinks',
    'imagelink',
    'photourls',
    'photourl',
    'photos',
    'pictureurls',
    'pictureurl',
    'pictures',
    'picture',
    'image1',
  ],
  shipping_cost: [
    'shippingcost',
    'shipping',
    'shippingprice',
    'shippingfee',
    'shippingcharge',
    'shipcost',
    'shippingamount',
  ],
  delivery_days: [
    'deliverydays',
    'handlingdays',
    'handlingtime',
    'shipdays',
    'daystoship',
    'shipsin',
    'leadtime',
    'processingdays',
  ],
  excluded_states: [
    'excludedstates',
    'excludedshiptostates',
    'restrictedstates',
    'staterestrictions',
    'noshipstates',
    'donotshipto',
    'statesexcluded',
    'blockedstates',
  ],
};

/** A header as the alias table spells it: lower case, `#` as "number", letters and digits only. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}

/** Maps headers of our template and of common distributor/marketplace exports automatically. */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  const byNormalized = new Map<string, string>();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (key !== '' && !byNormalized.has(key)) byNormalized.set(key, header);
  }
  const used = new Set<string>();
  const mapping: ColumnMapping = {};
  // Exact template names first, so 'description' never lands on the title when both exist.
  for (const column of INVENTORY_COLUMNS) {
    const header = byNormalized.get(normalizeHeader(column));
    if (header !== undefined && !used.has(header)) {
      mapping[column] = header;
      used.add(header);
    }
  }
  for (const column of INVENTORY_COLUMNS) {
    if (mapping[column] !== undefined) continue;
    for (const alias of HEADER_ALIASES[column]) {
      const header = byNormalized.get(alias);
      if (header !== undefined && !used.has(header)) {
        mapping[column] = header;
        used.add(header);
        break;
      }
    }
  }
  return mapping;
}

/** Checks a mapping: the required columns left unmapped, in template order. */
export function missingRequiredColumns(mapping: ColumnMapping): InventoryColumn[] {
  return INVENTORY_REQUIRED_COLUMNS.filter((column) => !mapping[column]);
}

/** Whether a header row names enough of our columns to be an inventory file at all. */
export function isRecognizableHeader(headers: readonly string[]): boolean {
  return missingRequiredColumns(autoMapColumns(headers)).length < INVENTORY_REQUIRED_COLUMNS.length;
}

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
} as const;

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const FAMILY_BY_NAME: ReadonlyMap<string, CategoryFamilyId> = (() => {
  const byName = new Map<string, CategoryFamilyId>();
  for (const family of CATEGORY_FAMILIES) {
    byName.set(normalizeHeader(family.key), family.id);
    byName.set(String(family.id), family.id);
    // Display names that stand for one family only ('Optics', 'NFA Class 3', 'Revolvers').
    if (familiesForDisplayName(family.displayName).length === 1) {
      byName.set(normalizeHeader(family.displayName), family.id);
    }
  }
  return byName;
})();

/** A family from a category cell: its identifier in any spacing and case, its number, or a one-family display name. */
export function parseCategory(text: string): CategoryFamilyId | undefined {
  return FAMILY_BY_NAME.get(normalizeHeader(text));
}

const CONDITION_BY_NAME: ReadonlyMap<string, Condition> = new Map<string, Condition>([
  ['newinbox', Condition.NewInBox],
  ['new', Condition.NewInBox],
  ['nib', Condition.NewInBox],
  ['factorynew', Condition.NewInBox],
  ['brandnew', Condition.NewInBox],
  ['used', Condition.Used],
  ['preowned', Condition.Used],
  ['neverfired', Condition.NeverFired],
  ['unfired', Condition.NeverFired],
  ['likenew', Condition.NeverFired],
]);

/** A condition from a cell: the form's labels and identifiers, and the usual export words. */
export function parseCondition(text: string): Condition | undefined {
  return CONDITION_BY_NAME.get(normalizeHeader(text));
}

const REGION_CODES: ReadonlySet<string> = new Set(SHIP_TO_REGIONS.map((region) => region.code));
const STATE_SEPARATORS = /[|;,\s]+/;
const IMAGE_SEPARATORS = /[|;,\s]+/;
const MONEY_TEXT = /^(\d*)(?:\.(\d*))?$/;
const WHOLE_NUMBER = /^\d+$/;
const DIGITS = /^\d{8,14}$/;

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

/** Validates one record (header -> cell text) with the same shared rules as the listing form. */
export function validateInventoryRow(
  record: Readonly<Record<string, string>>,
  mapping: ColumnMapping,
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
  return { ok: true, item };
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
