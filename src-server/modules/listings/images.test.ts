import { describe, expect, it } from 'vitest';
import { variantForWidth } from './images.ts';

describe('variantForWidth: the stored size a ?w= asks for', () => {
  it.each([
    [undefined, 'original'],
    ['', 'original'],
    ['abc', 'original'],
    ['-5', 'original'],
    ['120', 'thumb'],
    ['200', 'thumb'],
    ['201', 'w412'],
    ['412', 'w412'],
    ['600', 'w768'],
    ['768', 'w768'],
    ['1200', 'original'],
  ])('w=%s → %s', (w, variant) => {
    expect(variantForWidth(w)).toBe(variant);
  });
});
