import { describe, expect, it } from 'vitest';
import { upcCheckDigit, upcFor } from './catalog-listings.ts';

describe('demo UPC-A codes', () => {
  it.each([
    ['03600029145', 2],
    ['76462304509', 0],
    ['01234567890', 5],
  ])('check digit of %s is %i', (body, digit) => {
    expect(upcCheckDigit(body)).toBe(digit);
  });

  it('gives every product a stable, valid 12-digit code', () => {
    const upc = upcFor('Glock 19 Gen5 9mm');
    expect(upc).toMatch(/^\d{12}$/);
    expect(upcFor('Glock 19 Gen5 9mm')).toBe(upc);
    expect(Number(upc[11])).toBe(upcCheckDigit(upc.slice(0, 11)));
  });
});
