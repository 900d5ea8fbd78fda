import { describe, expect, it } from 'vitest';
import { ListingOption, ListingType } from './listing.ts';
import {
  auctionCardBadge,
  buyAction,
  CARD_TITLE_MAX,
  cardThumbnail,
  cardTimeLeft,
  conditionLabelFor,
  FAVORITES_MAX,
  favoriteToggleState,
  formatPrice,
  formatUnreadBadge,
  hasBoldTitle,
  hasBorder,
  isFavoritesAtMax,
  isFeatured,
  isHighlighted,
  PRODUCT_CARD_HEIGHT_PX,
  shippingMessage,
  showsInstantCheckout,
  showsSalesCount,
  stockImageUrl,
  truncateTitle,
} from './listing-card.ts';

describe('shippingMessage', () => {
  it.each([
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [-1, null],
    [0, null],
    [0.5, '24 Hour Shipping'],
    [1, '24 Hour Shipping'],
    [1.5, '48 Hour Shipping'],
    [2, '48 Hour Shipping'],
    [2.5, '72 Hour Shipping'],
    [3, '72 Hour Shipping'],
    [3.01, null],
    [4, null],
  ] as const)('deliveryDays %s → %j', (days, expected) => {
    expect(shippingMessage(days)).toBe(expected);
  });
});

describe('truncateTitle', () => {
  const forty = 'Smith & Wesson M&P Shield Plus 9mm 3.1in';
  it.each([
    ['', ''],
    ['Glock 19', 'Glock 19'],
    [forty, forty],
    [`${forty}X`, `${forty}...`],
    [
      'Ruger 10/22 Carbine .22 LR 18.5in Barrel Black Synthetic',
      'Ruger 10/22 Carbine .22 LR 18.5in Barrel...',
    ],
    [
      'Sig Sauer P365 XL Compact 9mm Luger Pistol with Manual Safety',
      'Sig Sauer P365 XL Compact 9mm Luger Pist...',
    ],
    [null, ''],
  ] as const)('%j → %j', (title, expected) => {
    expect(truncateTitle(title)).toBe(expected);
  });

  it('uses 40 by default and honours a custom maximum', () => {
    expect(CARD_TITLE_MAX).toBe(40);
    expect(truncateTitle('Remington 870', 9)).toBe('Remington...');
  });
});

describe('badges', () => {
  it.each([
    [ListingType.National, true, true],
    [ListingType.Auction, true, true],
    [ListingType.Local, true, false],
    ['local', true, false],
    ['national', true, true],
    [ListingType.National, false, false],
    [ListingType.National, null, false],
    [undefined, true, true],
  ] as const)(
    'Instant Checkout for listing type %j with live checkout %s: %s',
    (listingType, live, expected) => {
      expect(showsInstantCheckout({ listingType, liveCheckoutEnabled: live })).toBe(expected);
    },
  );

  it.each([
    [0, false, false],
    [null, false, false],
    [ListingOption.Featured, true, false],
    [ListingOption.Homepage, true, false],
    [ListingOption.Border, false, true],
    [ListingOption.Bold | ListingOption.Highlight, false, false],
    [ListingOption.Featured | ListingOption.Border, true, true],
    [ListingOption.Homepage | ListingOption.Border | ListingOption.Custom, true, true],
  ] as const)('options %s: featured %s, border %s', (options, featured, border) => {
    expect(isFeatured(options)).toBe(featured);
    expect(hasBorder(options)).toBe(border);
  });

  it.each([
    [0, false, false],
    [null, false, false],
    [ListingOption.Bold, true, false],
    [ListingOption.Highlight, false, true],
    [ListingOption.Bold | ListingOption.Highlight | ListingOption.Border, true, true],
    [ListingOption.Featured | ListingOption.Border, false, false],
  ] as const)('options %s: bold title %s, highlighted %s', (options, bold, highlighted) => {
    expect(hasBoldTitle(options)).toBe(bold);
    expect(isHighlighted(options)).toBe(highlighted);
  });
});

describe('cardThumbnail', () => {
  it.each([
    ['https://img.example.com/p/abc.jpg', '012345678905', 'https://img.example.com/p/abc.jpg'],
    [' /images/listing-1.jpg ', '012345678905', '/images/listing-1.jpg'],
    [null, '012345678905', '/api/stock-images/012345678905'],
    [undefined, '012345678905', '/api/stock-images/012345678905'],
    ['', '012345678905', '/api/stock-images/012345678905'],
    ['catalog', '012345678905', '/api/stock-images/012345678905'],
    ['CATALOG', '012345678905', '/api/stock-images/012345678905'],
    ['00000000-0000-0000-0000-000000000000', '012345678905', '/api/stock-images/012345678905'],
    ['0', '012345678905', '/api/stock-images/012345678905'],
    [
      'https://img.example.com/p/00000000-0000-0000-0000-000000000000.jpg',
      '012345678905',
      '/api/stock-images/012345678905',
    ],
    ['/p/00000000-0000-0000-0000-000000000000.jpg?w=200', '012345678905', '/api/stock-images/012345678905'],
    [
      '/p/10000000-0000-0000-0000-000000000000.jpg',
      '012345678905',
      '/p/10000000-0000-0000-0000-000000000000.jpg',
    ],
    ['/p/catalog-item.jpg', '012345678905', '/p/catalog-item.jpg'],
    ['catalog', null, null],
    ['', '  ', null],
    [null, 764503913105, '/api/stock-images/764503913105'],
  ] as const)('thumbnail %j with upc %j → %j', (thumbnailPicture, upc, expected) => {
    expect(cardThumbnail({ thumbnailPicture, upc })).toBe(expected);
  });

  it('escapes the upc in the stock image path', () => {
    expect(stockImageUrl('a/b')).toBe('/api/stock-images/a%2Fb');
  });
});

describe('counters', () => {
  it.each([
    [0, null],
    [-2, null],
    [null, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ] as const)('unread badge for %s is %j', (count, expected) => {
    expect(formatUnreadBadge(count)).toBe(expected);
  });

  it.each([
    [0, false],
    [9, false],
    [10, true],
    [11, true],
  ] as const)('%s favorites at max: %s', (count, expected) => {
    expect(FAVORITES_MAX).toBe(10);
    expect(isFavoritesAtMax(count)).toBe(expected);
  });

  it.each([
    [true, 3, 'remove'],
    [true, 10, 'remove'],
    [false, 9, 'add'],
    [false, 10, 'addDisabled'],
  ] as const)('favorite %s with %s favorites shows %s', (isFavorite, count, expected) => {
    expect(favoriteToggleState(isFavorite, count)).toBe(expected);
  });

  it.each([
    [0, false],
    [null, false],
    [-1, false],
    [1, true],
    [250, true],
  ] as const)('sales count %s shown: %s', (count, expected) => {
    expect(showsSalesCount(count)).toBe(expected);
  });
});

describe('card details', () => {
  it('is 514 px tall', () => {
    expect(PRODUCT_CARD_HEIGHT_PX).toBe(514);
  });

  it.each([
    ['NewInBox', 'New in box'],
    ['NeverFired', 'Never fired'],
    ['new in box', 'New in box'],
    ['Used', 'Used'],
    ['Excellent', 'Used'],
    [null, 'Used'],
  ] as const)('condition %j reads %j', (condition, label) => {
    expect(conditionLabelFor(condition)).toBe(label);
  });

  it.each([
    [ListingType.National, 'buyNow'],
    [ListingType.Auction, 'bid'],
    [ListingType.Local, 'seeMore'],
    ['Local', 'seeMore'],
    [undefined, 'buyNow'],
  ] as const)('listing type %j shows %s', (listingType, action) => {
    expect(buyAction(listingType)).toBe(action);
  });

  it.each([
    [0, '$0.00'],
    [499.99, '$499.99'],
    [1234.5, '$1,234.50'],
    ['650', '$650.00'],
    ['', ''],
    ['abc', ''],
    [null, ''],
  ] as const)('price %j → %j', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });
});

describe('auction card badge', () => {
  const MINUTE = 60_000;
  const NOW = Date.parse('2026-11-29T12:00:00Z');
  const endingIn = (ms: number) => new Date(NOW + ms).toISOString();

  it.each([
    [(2 * 24 + 4) * 60 * MINUTE + 59 * MINUTE, '2d 4h'],
    [24 * 60 * MINUTE, '1d 0h'],
    [3 * 60 * MINUTE + 12 * MINUTE, '3h 12m'],
    [12 * MINUTE, '12m'],
    [11 * MINUTE + 1000, '12m'],
    [1000, '1m'],
  ])('%i ms left reads %j', (ms, text) => {
    expect(cardTimeLeft(ms)).toBe(text);
  });

  it.each([
    [
      'running, with bids',
      { endsAt: endingIn(52 * 60 * MINUTE), bidCount: 5, sold: false },
      '2d 4h left · 5 bids',
      false,
    ],
    [
      'running, one bid',
      { endsAt: endingIn(30 * MINUTE), bidCount: 1, sold: false },
      '30m left · 1 bid',
      false,
    ],
    [
      'running, no bid',
      { endsAt: endingIn(30 * MINUTE), bidCount: 0, sold: false },
      '30m left · 0 bids',
      false,
    ],
    ['past its end', { endsAt: endingIn(-MINUTE), bidCount: 3, sold: false }, 'Ended', true],
    ['at its end', { endsAt: endingIn(0), bidCount: 3, sold: false }, 'Ended', true],
    [
      'sold',
      { endsAt: '2026-11-28T23:59:00Z', bidCount: 3, sold: true },
      'Sold for $1,250.00 · Nov 28, 2026',
      true,
    ],
  ])('%s: %j', (_case, auction, text, ended) => {
    expect(auctionCardBadge(auction, 1250, NOW)).toEqual({ text, ended });
  });

  it('says only what needs no clock while the page hydrates', () => {
    expect(auctionCardBadge({ endsAt: endingIn(-MINUTE), bidCount: 3, sold: false }, 100, null)).toEqual({
      text: '3 bids',
      ended: false,
    });
    expect(auctionCardBadge({ endsAt: '2026-11-28T10:00:00Z', bidCount: 3, sold: true }, 100, null)).toEqual({
      text: 'Sold for $100.00 · Nov 28, 2026',
      ended: true,
    });
  });
});
