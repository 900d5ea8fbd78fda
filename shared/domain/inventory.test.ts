import { describe, expect, it } from 'vitest';
import { AUCTION_MESSAGES } from './auctions.ts';
import { CategoryFamilyId } from './category.ts';
import { csvCell, csvDocument, csvLine, neutralizeFormula } from './csv.ts';
import {
  InventoryMessage,
  parseExcludedStates,
  parseMoney,
  StockNumberTracker,
  validateInventoryRow,
} from './inventory.ts';
import { type ColumnMapping, INVENTORY_COLUMNS, inventoryTemplateCsv } from './inventory-columns.ts';
import {
  autoMapColumns,
  isRecognizableHeader,
  missingRequiredColumns,
  parseCategory,
  parseCondition,
  parseInventoryListingType,
} from './inventory-mapping.ts';
import { Condition, ListingType, UPC_MESSAGES } from './listing.ts';

const TEMPLATE_MAPPING: ColumnMapping = Object.fromEntries(INVENTORY_COLUMNS.map((c) => [c, c]));

const goodRow = (overrides: Record<string, string> = {}): Record<string, string> => ({
  stock_number: 'GLK-19',
  upc: '764503037108',
  title: 'Glock 19 Gen5 9mm',
  category: 'Semi Auto Pistols',
  manufacturer: 'Glock',
  model: '19 Gen5',
  caliber: '9mm Luger',
  condition: 'New in box',
  price: '$549.99',
  quantity: '5',
  description: '<p>Two magazines.</p>',
  image_urls: 'https://example.com/a.jpg|https://example.com/b.jpg',
  shipping_cost: '25',
  delivery_days: '2',
  excluded_states: 'CA|ny; MA,dc',
  ...overrides,
});

describe('autoMapColumns', () => {
  it('maps our template headers one to one', () => {
    expect(autoMapColumns([...INVENTORY_COLUMNS])).toEqual(TEMPLATE_MAPPING);
  });

  it('maps a GunBroker-style export', () => {
    const mapping = autoMapColumns([
      'Item #',
      'UPC Code',
      'Title',
      'Category',
      'Mfg',
      'Caliber/Gauge',
      'Condition',
      'MSRP',
      'Qty On Hand',
    ]);
    expect(mapping).toEqual({
      stock_number: 'Item #',
      upc: 'UPC Code',
      title: 'Title',
      category: 'Category',
      manufacturer: 'Mfg',
      caliber: 'Caliber/Gauge',
      condition: 'Condition',
      price: 'MSRP',
      quantity: 'Qty On Hand',
    });
  });

  it('maps distributor headers (Lipsey’s, Davidson’s, Zanders)', () => {
    expect(
      autoMapColumns([
        'ItemNo',
        'Description1',
        'Description2',
        'UPC',
        'Manufacturer',
        'Model',
        'RetailPrice',
        'Quantity',
      ]),
    ).toMatchObject({
      stock_number: 'ItemNo',
      title: 'Description1',
      description: 'Description2',
      upc: 'UPC',
      price: 'RetailPrice',
      quantity: 'Quantity',
    });
    expect(
      autoMapColumns(['Item #', 'Item Description', 'UPC Code', 'Qty', 'Retail Price', 'Manufacturer']),
    ).toMatchObject({
      stock_number: 'Item #',
      title: 'Item Description',
      quantity: 'Qty',
      price: 'Retail Price',
    });
    expect(autoMapColumns(['itemnumber', 'desc1', 'available', 'price1', 'upc', 'mfg'])).toMatchObject({
      stock_number: 'itemnumber',
      quantity: 'available',
      manufacturer: 'mfg',
    });
  });

  it('prefers the exact template name and never maps one header twice', () => {
    const mapping = autoMapColumns(['SKU', 'stock_number', 'Description', 'Name']);
    expect(mapping.stock_number).toBe('stock_number');
    expect(mapping.title).toBe('Name');
    expect(mapping.description).toBe('Description');
    const used = Object.values(mapping);
    expect(new Set(used).size).toBe(used.length);
  });

  it('ignores a byte-order mark and stray spacing', () => {
    expect(autoMapColumns(['\uFEFFstock_number', ' Price ']).stock_number).toBe('\uFEFFstock_number');
    expect(autoMapColumns(['\uFEFFstock_number', ' Price ']).price).toBe(' Price ');
  });
});

describe('missingRequiredColumns', () => {
  it('names the unmapped required columns in template order', () => {
    expect(missingRequiredColumns({ stock_number: 'SKU', price: 'Price' })).toEqual([
      'title',
      'category',
      'condition',
      'quantity',
    ]);
    expect(missingRequiredColumns(TEMPLATE_MAPPING)).toEqual([]);
  });

  it('tells a header row from a row of data', () => {
    expect(isRecognizableHeader(['sku', 'qty'])).toBe(true);
    expect(isRecognizableHeader(['GLK-19', '549.99', '5'])).toBe(false);
  });
});

describe('validateInventoryRow', () => {
  it('reads a good row into an item', () => {
    const result = validateInventoryRow(goodRow(), TEMPLATE_MAPPING);
    expect(result).toEqual({
      ok: true,
      item: {
        stockNumber: 'GLK-19',
        upc: '764503037108',
        title: 'Glock 19 Gen5 9mm',
        familyId: CategoryFamilyId.SemiAutoPistols,
        manufacturer: 'Glock',
        model: '19 Gen5',
        caliber: '9mm Luger',
        condition: Condition.NewInBox,
        price: 549.99,
        quantity: 5,
        description: '<p>Two magazines.</p>',
        imageUrls: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
        shippingCost: 25,
        deliveryDays: 2,
        excludedShipToStates: ['CA', 'NY', 'MA', 'DC'],
      },
    });
  });

  it('fills optional cells with the listing form defaults', () => {
    const result = validateInventoryRow(
      { sku: 'A1', title: 'Box of 9mm', category: 'ammunition', condition: 'new', price: '19.5', qty: '0' },
      {
        stock_number: 'sku',
        title: 'title',
        category: 'category',
        condition: 'condition',
        price: 'price',
        quantity: 'qty',
      },
    );
    expect(result.ok && result.item).toMatchObject({
      stockNumber: 'A1',
      familyId: CategoryFamilyId.Ammunition,
      price: 19.5,
      quantity: 0,
      description: 'Box of 9mm',
      imageUrls: [],
      shippingCost: 0,
      deliveryDays: 3,
      excludedShipToStates: [],
    });
  });

  it('makes the title from manufacturer, model, caliber and condition when it is empty', () => {
    const result = validateInventoryRow(goodRow({ title: '' }), TEMPLATE_MAPPING);
    expect(result.ok && result.item.title).toBe('Glock 19 Gen5 9mm Luger - New in box');
  });

  it('reports every bad cell with its column', () => {
    const result = validateInventoryRow(
      goodRow({
        stock_number: '',
        upc: '764503037109',
        category: 'Lawn mowers',
        condition: 'Mint-ish',
        price: '12.345',
        quantity: '-1',
        delivery_days: '45',
        excluded_states: 'CA|ZZ',
        image_urls: 'ftp://example.com/a.jpg',
        shipping_cost: 'free',
      }),
      TEMPLATE_MAPPING,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { column: 'stock_number', message: InventoryMessage.stockNumberRequired },
      { column: 'upc', message: UPC_MESSAGES.checkDigit },
      { column: 'condition', message: InventoryMessage.conditionUnknown('Mint-ish') },
      { column: 'category', message: InventoryMessage.categoryUnknown('Lawn mowers') },
      { column: 'price', message: InventoryMessage.moneyInvalid },
      { column: 'quantity', message: InventoryMessage.quantityInvalid },
      { column: 'image_urls', message: InventoryMessage.imageUrlInvalid('ftp://example.com/a.jpg') },
      { column: 'shipping_cost', message: InventoryMessage.moneyInvalid },
      { column: 'delivery_days', message: InventoryMessage.deliveryDaysInvalid },
      { column: 'excluded_states', message: InventoryMessage.stateUnknown('ZZ') },
    ]);
  });

  it('applies the form’s title rules', () => {
    const long = validateInventoryRow(goodRow({ title: 'x'.repeat(101) }), TEMPLATE_MAPPING);
    expect(long.ok ? [] : long.issues).toEqual([{ column: 'title', message: InventoryMessage.titleTooLong }]);
    const short = validateInventoryRow(goodRow({ title: 'ab' }), TEMPLATE_MAPPING);
    expect(short.ok ? [] : short.issues).toEqual([
      { column: 'title', message: InventoryMessage.titleTooShort },
    ]);
    const control = validateInventoryRow(goodRow({ title: 'Bad\u0000title' }), TEMPLATE_MAPPING);
    expect(control.ok).toBe(false);
    const zero = validateInventoryRow(goodRow({ price: '0' }), TEMPLATE_MAPPING);
    expect(zero.ok ? [] : zero.issues).toEqual([{ column: 'price', message: InventoryMessage.priceTooLow }]);
  });
});

describe('cell readers', () => {
  it.each([
    ['549.99', 549.99],
    ['$1,299.00', 1299],
    ['12.5000', 12.5],
    ['.5', 0.5],
    ['7', 7],
  ])('money %s is %s', (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });

  it.each(['abc', '1.234', '-5', '', '.'])('money %j is refused', (text) => {
    expect(typeof parseMoney(text)).toBe('string');
  });

  it('reads categories by identifier, spacing, number or single-family display name', () => {
    expect(parseCategory('SemiAutoPistols')).toBe(CategoryFamilyId.SemiAutoPistols);
    expect(parseCategory('semi-auto pistols')).toBe(CategoryFamilyId.SemiAutoPistols);
    expect(parseCategory('17')).toBe(CategoryFamilyId.Revolvers);
    expect(parseCategory('NFA Class 3')).toBe(CategoryFamilyId.NFA);
    expect(parseCategory('Firearm')).toBeUndefined();
    expect(parseCategory('99')).toBeUndefined();
  });

  it('reads condition labels and export words', () => {
    expect(parseCondition('New in box')).toBe(Condition.NewInBox);
    expect(parseCondition('NIB')).toBe(Condition.NewInBox);
    expect(parseCondition('never_fired')).toBe(Condition.NeverFired);
    expect(parseCondition('Used')).toBe(Condition.Used);
    expect(parseCondition('Refurbished')).toBeUndefined();
  });

  it('splits excluded states on every separator and drops repeats', () => {
    expect(parseExcludedStates(' ca | NY;ny,  dc  MA ')).toEqual({
      states: ['CA', 'NY', 'DC', 'MA'],
      unknown: [],
    });
    expect(parseExcludedStates('CA|Calif').unknown).toEqual(['Calif']);
  });

  it('remembers stock numbers case-insensitively', () => {
    const tracker = new StockNumberTracker();
    expect(tracker.seen('abc', 1)).toBeUndefined();
    expect(tracker.seen('ABC', 7)).toBe(1);
    expect(tracker.seen('abd', 8)).toBeUndefined();
  });
});

describe('csv writing', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['plain', 'plain'],
  ])('escapes %j as %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 3, null])).toBe('"a,b","say ""hi""","two\nlines",3,');
    expect(neutralizeFormula('=1')).toBe("'=1");
    expect(csvDocument([['a'], ['b']])).toBe('a\r\nb\r\n');
  });

  it('publishes a template whose example row passes the rules', () => {
    const [header, example] = inventoryTemplateCsv().trimEnd().split('\r\n');
    expect(header).toBe(INVENTORY_COLUMNS.join(','));
    expect(example).toBeDefined();
    // The example's cells carry no commas inside quotes except the image links, which use |.
    const cells = (example ?? '').split(',');
    const record = Object.fromEntries(INVENTORY_COLUMNS.map((column, index) => [column, cells[index] ?? '']));
    const result = validateInventoryRow(record, TEMPLATE_MAPPING);
    expect(result.ok ? [] : result.issues).toEqual([]);
  });
});

describe('the auction cells of a row', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const auctionRow = (overrides: Record<string, string> = {}) =>
    goodRow({ price: '100', quantity: '1', listing_type: 'Auction', duration_days: '7', ...overrides });

  it.each([
    ['', ListingType.National],
    ['Fixed price', ListingType.National],
    ['national', ListingType.National],
    ['0', ListingType.National],
    ['Auction', ListingType.Auction],
    ['1', ListingType.Auction],
    ['Local', undefined],
    ['raffle', undefined],
  ])('reads the listing type %j', (text, type) => {
    expect(parseInventoryListingType(text)).toBe(type);
  });

  it('reads an auction with its terms; the price is the starting bid', () => {
    const result = validateInventoryRow(
      auctionRow({ reserve_price: '150', buy_now_price: '$200', auction_start: '2026-12-03 18:00-05:00' }),
      TEMPLATE_MAPPING,
      now,
    );
    expect(result.ok && result.item).toMatchObject({
      price: 100,
      quantity: 1,
      auction: { durationDays: 7, reservePrice: 150, buyNowPrice: 200, startsAt: '2026-12-03T23:00:00.000Z' },
    });
  });

  it('reads a row without auction cells at a fixed price', () => {
    const result = validateInventoryRow(goodRow(), TEMPLATE_MAPPING, now);
    expect(result.ok && result.item.auction).toBeUndefined();
  });

  it.each([
    [{ duration_days: '' }, 'duration_days', AUCTION_MESSAGES.duration],
    [{ duration_days: '4' }, 'duration_days', AUCTION_MESSAGES.duration],
    [{ duration_days: 'a week' }, 'duration_days', AUCTION_MESSAGES.duration],
    [{ quantity: '2' }, 'quantity', AUCTION_MESSAGES.quantity],
    [{ reserve_price: '99.99' }, 'reserve_price', AUCTION_MESSAGES.reserveBelowStart],
    [{ reserve_price: '150', buy_now_price: '140' }, 'buy_now_price', AUCTION_MESSAGES.buyNowBelowReserve],
    [{ buy_now_price: '109.99' }, 'buy_now_price', AUCTION_MESSAGES.buyNowBelowStart('$110.00')],
    [{ reserve_price: 'lots' }, 'reserve_price', InventoryMessage.moneyInvalid],
    [{ auction_start: '2026-11-30T12:00:00Z' }, 'auction_start', AUCTION_MESSAGES.startInPast],
    [{ auction_start: '2027-01-15T12:00:00Z' }, 'auction_start', AUCTION_MESSAGES.startTooLate],
    [{ auction_start: 'next Friday' }, 'auction_start', InventoryMessage.startInvalid],
    [{ auction_start: '2026-12-03T18:00:00' }, 'auction_start', InventoryMessage.startInvalid],
    [{ listing_type: 'Local' }, 'listing_type', InventoryMessage.listingTypeUnknown('Local')],
    [
      { listing_type: '', duration_days: '', buy_now_price: '200' },
      'buy_now_price',
      AUCTION_MESSAGES.termsOnlyForAuctions,
    ],
    [{ listing_type: '', duration_days: '7' }, 'duration_days', InventoryMessage.durationOnlyForAuctions],
  ])('refuses %j by the listing form’s rule', (overrides, column, message) => {
    expect(validateInventoryRow(auctionRow(overrides), TEMPLATE_MAPPING, now)).toEqual({
      ok: false,
      issues: [{ column, message }],
    });
  });
});
