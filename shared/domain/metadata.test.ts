import { describe, expect, it } from 'vitest';
import {
  cleanStructuredDescription,
  cleanStructuredTitle,
  HOME_PAGE_TITLE,
  KEYWORDS_MAX_LENGTH,
  MIN_TRANSIT_DAYS,
  metadataKeywords,
  PRODUCT_NAME,
  pageTitle,
  priceValidUntil,
  productRobots,
  shortenText,
  stockAvailability,
  stripContactDetails,
} from './metadata.ts';

describe('page titles', () => {
  it.each([
    ['Glock 19 Gen 5', 'Glock 19 Gen 5 | Ironsight'],
    ['  Search  ', 'Search | Ironsight'],
    ['Search | Ironsight', 'Search | Ironsight'],
    ['', 'Ironsight'],
    [null, 'Ironsight'],
  ] as const)('%j → %j', (title, expected) => {
    expect(pageTitle(title)).toBe(expected);
  });

  it('names the product and the home page', () => {
    expect(PRODUCT_NAME).toBe('Ironsight');
    expect(HOME_PAGE_TITLE).toBe('Buy Guns Online and Sell Guns Online | Ironsight');
  });
});

describe('metadataKeywords', () => {
  it.each([
    ['Glock, Pistols,  glock , 9MM', 'glock, pistols, 9mm'],
    [['Sig Sauer', 'P365', 'sig  sauer', ''], 'sig sauer, p365'],
    ['', ''],
    [[], ''],
    [null, ''],
  ] as const)('%j → %j', (words, expected) => {
    expect(metadataKeywords(words)).toBe(expected);
  });

  it('drops whole keywords from the end to stay within 255 characters', () => {
    const words = Array.from({ length: 40 }, (_, i) => `keyword${String(i).padStart(2, '0')}`);
    const result = metadataKeywords(words);
    expect(result.length).toBeLessThanOrEqual(KEYWORDS_MAX_LENGTH);
    // Each entry takes 9 characters plus ', ': 23 fit in 255.
    expect(result.split(', ')).toEqual(words.slice(0, 23));
  });

  it('keeps exactly 255 characters when the keywords fill them', () => {
    const words = ['a'.repeat(200), 'b'.repeat(53)];
    expect(metadataKeywords(words)).toHaveLength(255);
    expect(metadataKeywords([...words.slice(0, 1), 'b'.repeat(54)])).toBe('a'.repeat(200));
  });

  it('cuts a single over-long keyword at a word boundary', () => {
    const long = Array.from({ length: 60 }, () => 'word').join(' ');
    const result = metadataKeywords(long);
    expect(result.length).toBeLessThanOrEqual(255);
    expect(result.endsWith('word')).toBe(true);
  });
});

describe('stripContactDetails', () => {
  it.each([
    ['Call (555) 123-4567 today', 'Call today'],
    ['Call 555-123-4567 today', 'Call today'],
    ['Call 555.123.4567 today', 'Call today'],
    ['Call +1 555 123 4567 today', 'Call today'],
    ['Call 1-555-123-4567 today', 'Call today'],
    ['Call 5551234567 today', 'Call today'],
    ['Email seller@example.com now', 'Email now'],
    ['Questions? Write seller@example.com.', 'Questions? Write.'],
    ['Mail first.last+guns@shop.example.co.uk', 'Mail'],
    ['See https://example.com/guns?id=1 for more', 'See for more'],
    ['See http://example.com too', 'See too'],
    ['Visit www.example.com today', 'Visit today'],
    ['Glock   19\n\nGen 5', 'Glock 19 Gen 5'],
    ['UPC 764503913105 in stock', 'UPC 764503913105 in stock'],
    ['Model 1911 .45 ACP, 5 in barrel', 'Model 1911 .45 ACP, 5 in barrel'],
    [null, ''],
  ] as const)('%j → %j', (text, expected) => {
    expect(stripContactDetails(text)).toBe(expected);
  });
});

describe('structured-data text', () => {
  const description =
    'Excellent condition Glock 19 Gen 5 with two magazines, night sights and the original case. ' +
    'Call 555-123-4567 or write seller@example.com. Ships to your FFL within two days of';

  it('descriptions lose contact details and stay within 150 characters at a word boundary', () => {
    const result = cleanStructuredDescription(description);
    expect(result.length).toBeLessThanOrEqual(150);
    expect(result).not.toMatch(/555|@/);
    expect(result).toBe(
      'Excellent condition Glock 19 Gen 5 with two magazines, night sights and the original case. Call or write. Ships to your FFL within two days of',
    );
  });

  it.each([
    ['Glock 19 Gen 5', 'Glock 19 Gen 5'],
    ['Smith & Wesson M&P Shield Plus 9mm Pistol', 'Smith & Wesson M&P Shield Plus 9mm'],
    ['Ruger 10/22 call 555-123-4567', 'Ruger 10/22 call'],
    ['Supercalifragilisticexpialidociouslylong', 'Supercalifragilisticexpialidociousl'],
  ] as const)('title %j → %j (at most 35)', (title, expected) => {
    expect(cleanStructuredTitle(title)).toBe(expected);
    expect(cleanStructuredTitle(title).length).toBeLessThanOrEqual(35);
  });

  it.each([
    ['short', 10, 'short'],
    ['one two three', 9, 'one two'],
    ['abcdefghij', 5, 'abcde'],
  ] as const)('shortenText(%j, %s) is %j', (text, max, expected) => {
    expect(shortenText(text, max)).toBe(expected);
  });
});

describe('priceValidUntil', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it.each([
    [{ isActive: true, listingEndDate: '2025-07-01T00:00:00Z' }, '2025-07-01'],
    [{ isActive: true, listingEndDate: new Date('2025-12-31T10:00:00Z') }, '2025-12-31'],
    [{ isActive: true, listingEndDate: '2025-06-01T00:00:00Z' }, '2026-06-15'],
    [{ isActive: true, listingEndDate: 'not a date' }, '2026-06-15'],
    [{ isActive: true, listingEndDate: null }, '2026-06-15'],
    [{ isActive: true }, '2026-06-15'],
    [{ isActive: false, listingEndDate: '2025-07-01T00:00:00Z' }, '2024-06-15'],
    [{ isActive: false }, '2024-06-15'],
  ] as const)('%j → %s', (listing, expected) => {
    expect(priceValidUntil(listing, now)).toBe(expected);
  });
});

describe('stock and transit', () => {
  it.each([
    [0, 'OutOfStock', 'noindex,nofollow'],
    [-1, 'OutOfStock', 'noindex,nofollow'],
    [null, 'OutOfStock', 'noindex,nofollow'],
    [1, 'InStock', 'index,follow'],
    [12, 'InStock', 'index,follow'],
  ] as const)('quantity %s is %s with robots %s', (quantity, availability, robots) => {
    expect(stockAvailability(quantity)).toBe(availability);
    expect(productRobots(quantity)).toBe(robots);
  });

  it('transit time is at least 3 days', () => {
    expect(MIN_TRANSIT_DAYS).toBe(3);
  });
});
