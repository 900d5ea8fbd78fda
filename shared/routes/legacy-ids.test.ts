import { describe, expect, it } from 'vitest';
import { isShortCode, parseLegacyListerId, parseLegacyListingId } from './legacy-ids.ts';

describe('legacy lister id: digits only', () => {
  it.each([
    ['123', '123'],
    ['7', '7'],
    ['000042', '42'],
    ['999999999999999999', '999999999999999999'],
  ])('%j is the lister id %j', (raw, expected) => {
    expect(parseLegacyListerId(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['abc'],
    ['12a'],
    ['-12'],
    ['1.5'],
    [' 12'],
    ['_12'],
    ['0'],
    ['1234567890123456789'],
    [null],
    [undefined],
  ])('%j is not a lister id', (raw) => {
    expect(parseLegacyListerId(raw)).toBeNull();
  });
});

describe('legacy listing id: one underscore and .aspx removed, then digits', () => {
  it.each([
    ['123', '123'],
    ['123.aspx', '123'],
    ['_123.aspx', '123'],
    ['_123', '123'],
    ['123.ASPX', '123'],
    ['1_23.aspx', '123'],
  ])('%j is the listing id %j', (raw, expected) => {
    expect(parseLegacyListingId(raw)).toBe(expected);
  });

  it.each([
    ['abc.aspx'],
    ['__123.aspx'],
    ['.aspx'],
    [''],
    ['12x.aspx'],
    ['123.aspx.aspx'],
    ['0.aspx'],
    [null],
  ])('%j is not a listing id', (raw) => {
    expect(parseLegacyListingId(raw)).toBeNull();
  });
});

describe('short code must be present', () => {
  it.each([
    ['abc123', true],
    ['Xy-_9', true],
    ['a', true],
    ['', false],
    ['a/b', false],
    ['a b', false],
    ['x'.repeat(65), false],
    [undefined, false],
  ])('%j → %j', (raw, expected) => {
    expect(isShortCode(raw)).toBe(expected);
  });
});
