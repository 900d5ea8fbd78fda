/**
 * The words of a seller's file read as ours: its header row mapped to the template's columns (our
 * names and those of common distributor and marketplace exports), and the category and condition
 * cells read as a family, a condition and a listing type.
 */
import { CATEGORY_FAMILIES, type CategoryFamilyId, familiesForDisplayName } from './category.ts';
import {
  type ColumnMapping,
  INVENTORY_COLUMNS,
  INVENTORY_REQUIRED_COLUMNS,
  type InventoryColumn,
} from './inventory-columns.ts';
import { Condition, ListingType } from './listing.ts';

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
  listing_type: ['listingtype', 'saletype', 'listingformat', 'auctiontype'],
  duration_days: ['durationdays', 'duration', 'auctiondays', 'auctionduration', 'listingduration'],
  reserve_price: ['reserveprice', 'reserve', 'reserveamount'],
  buy_now_price: ['buynowprice', 'buyitnowprice', 'buynow', 'binprice'],
  auction_start: ['auctionstart', 'startsat', 'auctionstarttime', 'scheduledstart'],
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
// Category and condition cells
// ---------------------------------------------------------------------------------------------

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

const LISTING_TYPE_BY_NAME: ReadonlyMap<string, typeof ListingType.National | typeof ListingType.Auction> =
  new Map([
    ['auction', ListingType.Auction],
    [String(ListingType.Auction), ListingType.Auction],
    ['fixedprice', ListingType.National],
    ['fixed', ListingType.National],
    ['buynow', ListingType.National],
    ['national', ListingType.National],
    [String(ListingType.National), ListingType.National],
  ]);

/**
 * The listing type of an inventory row: Auction, or a fixed price (an empty cell, "Fixed price",
 * "National"); undefined for any other word.
 */
export function parseInventoryListingType(
  text: string,
): typeof ListingType.National | typeof ListingType.Auction | undefined {
  return text === '' ? ListingType.National : LISTING_TYPE_BY_NAME.get(normalizeHeader(text));
}
