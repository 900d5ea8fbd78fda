import { describe, expect, it } from 'vitest';
import {
  CONDITION_LABELS,
  Condition,
  FeeType,
  hasValidUpcCheckDigit,
  isListingFrozen,
  isListingListed,
  isListingOnSale,
  LISTING_SALE_MESSAGES,
  ListingOption,
  type ListingSaleFields,
  ListingSaleState,
  ListingType,
  listingSaleState,
  listingTitleFromFields,
  listingTypeName,
  parseListingType,
  ReturnPolicy,
  sellerListingOptions,
  toCondition,
} from './listing.ts';

describe('ListingOption flags', () => {
  it.each([
    ['None', 0],
    ['Bold', 1],
    ['Featured', 2],
    ['Highlight', 32],
    ['Linked', 64],
    ['Border', 128],
    ['Homepage', 256],
    ['WillAcceptTrade', 512],
    ['ManualEntry', 1024],
    ['BulkUploadItem', 2048],
    ['FrozenDueToNonPayment', 4096],
    ['FrozenDueToFraud', 8192],
    ['ExtraPhotosPaid', 16384],
    ['LocalListingFee', 32768],
    ['Custom', 65536],
    ['CustomVerified', 131072],
  ] as const)('%s is %s', (name, value) => {
    expect(ListingOption[name]).toBe(value);
  });

  it('has exactly the spec members plus None', () => {
    expect(Object.keys(ListingOption)).toHaveLength(16);
  });
});

describe('ListingType', () => {
  it.each([
    ['National', 0],
    ['Auction', 1],
    ['Local', 2],
  ] as const)('%s is %s', (name, value) => {
    expect(ListingType[name]).toBe(value);
  });

  it.each([
    ['national', ListingType.National],
    ['NATIONAL', ListingType.National],
    [' Local ', ListingType.Local],
    ['local', ListingType.Local],
    ['Auction', ListingType.Auction],
    ['0', ListingType.National],
    ['1', ListingType.Auction],
    ['2', ListingType.Local],
    [2, ListingType.Local],
    ['3', null],
    ['classified', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('parseListingType(%j) is %s', (text, expected) => {
    expect(parseListingType(text)).toBe(expected);
  });

  it.each([
    [ListingType.National, 'national'],
    [ListingType.Auction, 'auction'],
    [ListingType.Local, 'local'],
  ] as const)('listingTypeName(%s) is %s and parses back', (type, name) => {
    expect(listingTypeName(type)).toBe(name);
    expect(parseListingType(name)).toBe(type);
  });
});

describe('Condition', () => {
  it.each([
    ['NewInBox', 'New in box'],
    ['Used', 'Used'],
    ['NeverFired', 'Never fired'],
  ] as const)('%s has label %s', (condition, label) => {
    expect(Condition[condition]).toBe(condition);
    expect(CONDITION_LABELS[condition]).toBe(label);
  });

  it.each([
    ['NewInBox', Condition.NewInBox],
    ['new in box', Condition.NewInBox],
    ['New In Box', Condition.NewInBox],
    ['  NEWINBOX ', Condition.NewInBox],
    ['new_in_box', Condition.NewInBox],
    ['NeverFired', Condition.NeverFired],
    ['never fired', Condition.NeverFired],
    ['Never-Fired', Condition.NeverFired],
    ['Used', Condition.Used],
    ['used', Condition.Used],
    ['Refurbished', Condition.Used],
    ['', Condition.Used],
    [null, Condition.Used],
    [undefined, Condition.Used],
    [3, Condition.Used],
  ] as const)('toCondition(%j) is %s (anything else counts as used)', (label, expected) => {
    expect(toCondition(label)).toBe(expected);
  });
});

describe('ReturnPolicy', () => {
  it.each([
    ['None', 0],
    ['SevenDay', 1],
    ['FourteenDay', 2],
    ['ThirtyDay', 3],
    ['OneDay', 4],
    ['ThreeDay', 5],
    ['FiveDays', 6],
    ['TenDay', 7],
    ['FifteenDay', 8],
    ['OnlyIfDefective', 9],
    ['SeeDescription', 10],
  ] as const)('%s is %s', (name, value) => {
    expect(ReturnPolicy[name]).toBe(value);
  });
});

describe('FeeType', () => {
  it.each([
    ['Percentage', 0],
    ['FlatAmount', 1],
  ] as const)('%s is %s', (name, value) => {
    expect(FeeType[name]).toBe(value);
  });
});

describe('UPC-A check digit', () => {
  it.each([
    ['036000291452', true],
    ['012345678905', true],
    ['764503183058', true],
    ['036000291453', false],
    ['012345678900', false],
    // Not UPC-A: other lengths are left to the digit-count rule.
    ['12345678', true],
    ['0036000291452', true],
  ])('%s → %s', (upc, valid) => {
    expect(hasValidUpcCheckDigit(upc)).toBe(valid);
  });
});

describe('listingTitleFromFields', () => {
  it.each([
    [
      { manufacturer: 'Glock', model: '19 Gen5', caliber: '9mm Luger', condition: 'NewInBox' },
      'Glock 19 Gen5 9mm Luger - New in box',
    ],
    [{ manufacturer: 'Glock', model: 'Glock 19', caliber: '9mm' }, 'Glock 19 9mm'],
    [
      { manufacturer: 'Ruger', model: '10/22 .22 LR', caliber: '.22 LR', condition: 'Used' },
      'Ruger 10/22 .22 LR - Used',
    ],
    [{ manufacturer: '  Smith  &  Wesson ', model: null, caliber: undefined }, 'Smith & Wesson'],
    [{ caliber: '12 Gauge', condition: 'NeverFired' }, '12 Gauge - Never fired'],
    [{ condition: 'Used' }, ''],
  ] as const)('%o → %s', (fields, title) => {
    expect(listingTitleFromFields(fields)).toBe(title);
  });

  it('cuts a long title at a word within the maximum', () => {
    const title = listingTitleFromFields(
      { manufacturer: 'Springfield Armory', model: 'word '.repeat(30) },
      40,
    );
    expect(title.length).toBeLessThanOrEqual(40);
    expect(title.endsWith('word')).toBe(true);
  });
});

describe('isListingFrozen', () => {
  it('is true for either freeze flag and false otherwise', () => {
    expect(isListingFrozen(ListingOption.FrozenDueToFraud | ListingOption.Bold)).toBe(true);
    expect(isListingFrozen(ListingOption.FrozenDueToNonPayment)).toBe(true);
    expect(isListingFrozen(ListingOption.Featured | ListingOption.WillAcceptTrade)).toBe(false);
  });
});

describe('sellerListingOptions', () => {
  it.each([
    [
      'a new listing keeps only Will accept trade',
      ListingOption.Featured | ListingOption.WillAcceptTrade,
      0,
      ListingOption.WillAcceptTrade,
    ],
    ['Homepage cannot be bought by the form', ListingOption.Homepage | ListingOption.Featured, 0, 0],
    [
      'an existing fee survives a form without it',
      0,
      ListingOption.LocalListingFee,
      ListingOption.LocalListingFee,
    ],
    [
      'the freeze survives',
      ListingOption.WillAcceptTrade,
      ListingOption.FrozenDueToFraud,
      ListingOption.FrozenDueToFraud | ListingOption.WillAcceptTrade,
    ],
    [
      'Will accept trade can be cleared',
      0,
      ListingOption.WillAcceptTrade | ListingOption.Bold,
      ListingOption.Bold,
    ],
  ])('%s', (_case, input, existing, stored) => {
    expect(sellerListingOptions(input, existing)).toBe(stored);
  });
});

describe('listing sale state', () => {
  const NOW = new Date('2026-11-28T12:00:00.000Z');
  const onSale: ListingSaleFields = {
    isActive: true,
    isSold: false,
    listingOptions: ListingOption.Featured,
    quantity: 2,
    listingEndDate: '2026-12-28T12:00:00.000Z',
  };
  it.each([
    ['on sale', {}, ListingSaleState.OnSale],
    ['without an end date', { listingEndDate: null }, ListingSaleState.OnSale],
    ['frozen for fraud', { listingOptions: ListingOption.FrozenDueToFraud }, ListingSaleState.Frozen],
    [
      'frozen for non-payment',
      { listingOptions: ListingOption.FrozenDueToNonPayment },
      ListingSaleState.Frozen,
    ],
    [
      'frozen and sold',
      { listingOptions: ListingOption.FrozenDueToFraud, isSold: true },
      ListingSaleState.Frozen,
    ],
    ['sold', { isSold: true, isActive: false }, ListingSaleState.Sold],
    ['closed', { isActive: false }, ListingSaleState.Closed],
    ['ended at this instant', { listingEndDate: NOW }, ListingSaleState.Ended],
    ['ended', { listingEndDate: '2026-11-01T00:00:00.000Z' }, ListingSaleState.Ended],
    ['sold out', { quantity: 0 }, ListingSaleState.SoldOut],
  ] as const)('a listing %s', (_name, change, state) => {
    const listing = { ...onSale, ...change };
    expect(listingSaleState(listing, NOW)).toBe(state);
    expect(isListingOnSale(listing, NOW)).toBe(state === ListingSaleState.OnSale);
    expect(isListingListed(state)).toBe(
      state === ListingSaleState.OnSale || state === ListingSaleState.SoldOut,
    );
    if (state !== ListingSaleState.OnSale) expect(LISTING_SALE_MESSAGES[state]).toMatch(/\.$/);
  });
});
