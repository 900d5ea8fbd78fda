import { describe, expect, it } from 'vitest';
import { isShortCode, parseLegacyListerId, parseLegacyListingId } from './legacy-ids.ts';
import { EMPTY_GUID, parseEntityId, parseUuid } from './uuid.ts';

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

describe('UUID ids', () => {
  it.each([
    ['3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'],
    ['3F2B8C1E-9A4D-4E6F-8B2A-1C3D5E7F9A0B', '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'],
    [EMPTY_GUID, '00000000-0000-0000-0000-000000000000'],
    ['3f2b8c1e9a4d4e6f8b2a1c3d5e7f9a0b', null],
    ['3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0', null],
    ['g f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', null],
    ['', null],
  ])('parseUuid(%j) → %j', (raw, expected) => {
    expect(parseUuid(raw)).toBe(expected);
  });

  it('the empty GUID is not a listing or user id', () => {
    expect(parseEntityId('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(parseEntityId('3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b')).toBe(
      '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    );
  });
});
