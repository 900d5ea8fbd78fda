/**
 * The columns of an inventory file (bulk uploads, distributor feeds): their names, which a file must
 * map, what each holds, and the published template made from them.
 */
import { AUCTION_DURATION_DAYS, AUCTION_SCHEDULE_MAX_DAYS } from './auctions.ts';
import { csvDocument } from './csv.ts';
import {
  CONDITION_LABELS,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  LISTING_TITLE_MAX_LENGTH as LISTING_TITLE_MAX,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
} from './listing.ts';

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
  'listing_type',
  'duration_days',
  'reserve_price',
  'buy_now_price',
  'auction_start',
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

/** The columns that make a row an auction and hold its terms; empty on a fixed-price row. */
export const INVENTORY_AUCTION_COLUMNS = [
  'listing_type',
  'duration_days',
  'reserve_price',
  'buy_now_price',
  'auction_start',
] as const satisfies readonly InventoryColumn[];
export type InventoryAuctionColumn = (typeof INVENTORY_AUCTION_COLUMNS)[number];

/** Our column -> the header text in the seller's file. */
export type ColumnMapping = Partial<Record<InventoryColumn, string>>;

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
  listing_type: {
    label: 'Listing type',
    required: false,
    help: 'Auction to sell the item to the highest bidder: the price is then the starting bid and the quantity 1. Empty means a fixed price.',
    example: 'Auction',
  },
  duration_days: {
    label: 'Auction days',
    required: false,
    help: `Auctions only, and required for them: how many days the auction runs, ${AUCTION_DURATION_DAYS.join(', ')}.`,
    example: '7',
  },
  reserve_price: {
    label: 'Reserve price',
    required: false,
    help: 'Auctions only: the least the item sells for, at least the starting bid; never shown to bidders. Empty means no reserve.',
    example: '600.00',
  },
  buy_now_price: {
    label: 'Buy-now price',
    required: false,
    help: 'Auctions only: a price to buy at once, at least the reserve and 10% over the starting bid. Empty means none.',
    example: '750.00',
  },
  auction_start: {
    label: 'Auction start',
    required: false,
    help: `Auctions only: a later start within ${AUCTION_SCHEDULE_MAX_DAYS} days, as an ISO 8601 date and time with its zone. Empty means the auction opens when the row is listed.`,
    example: '2027-03-01T18:00:00-05:00',
  },
};

/** Where the web host publishes the template. */
export const INVENTORY_TEMPLATE_PATH = '/templates/inventory.csv';

/**
 * The published template (/templates/inventory.csv): the header row and one example row, a
 * fixed-price item, so its auction cells are empty.
 */
export function inventoryTemplateCsv(): string {
  return csvDocument([
    [...INVENTORY_COLUMNS],
    INVENTORY_COLUMNS.map((column) =>
      (INVENTORY_AUCTION_COLUMNS as readonly InventoryColumn[]).includes(column)
        ? ''
        : INVENTORY_COLUMN_INFO[column].example,
    ),
  ]);
}
