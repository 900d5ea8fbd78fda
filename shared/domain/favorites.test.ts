import { describe, expect, it } from 'vitest';
import { favoriteChanges, priceChange, stockChange } from './favorites.ts';

describe('price change since a favorite was added', () => {
  it.each([
    [499.99, 449.99, { direction: 'down', was: 499.99, now: 449.99, difference: 50 }],
    [450, 475.5, { direction: 'up', was: 450, now: 475.5, difference: 25.5 }],
    [0.1 + 0.2, 0.3, { direction: 'same' }],
    [450, 450, { direction: 'same' }],
  ] as const)('from %d to %d is %o', (was, now, expected) => {
    expect(priceChange(was, now)).toEqual(expected);
  });
});

describe('stock change since a favorite was added', () => {
  it.each([
    [5, 5, true, { kind: 'same', now: 5 }],
    [5, 2, true, { kind: 'fewer', was: 5, now: 2 }],
    [2, 6, true, { kind: 'more', was: 2, now: 6 }],
    [3, 0, true, { kind: 'soldOut', was: 3 }],
    [0, 4, true, { kind: 'backInStock', now: 4 }],
    [0, 0, true, { kind: 'same', now: 0 }],
    [3, 3, false, { kind: 'unavailable' }],
    [3, -2, true, { kind: 'soldOut', was: 3 }],
  ] as const)('from %d to %d (for sale: %s) is %o', (was, now, available, expected) => {
    expect(stockChange(was, now, available)).toEqual(expected);
  });
});

it('reads both changes of a favorite', () => {
  expect(
    favoriteChanges({ priceWhenAdded: 500, quantityWhenAdded: 4, price: 450, quantity: 1, available: true }),
  ).toEqual({
    price: { direction: 'down', was: 500, now: 450, difference: 50 },
    stock: { kind: 'fewer', was: 4, now: 1 },
  });
});
