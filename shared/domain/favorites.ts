/*
 * What changed on a favorite listing since the buyer added it (the favorites page): its
 * price and its stock, measured against what the server kept at the moment of the add.
 */

export interface FavoriteSnapshot {
  /** Price and units when the listing was added. */
  priceWhenAdded: number;
  quantityWhenAdded: number;
  /** Price and units now. */
  price: number;
  quantity: number;
  /** Still for sale: active, not sold, not ended. */
  available: boolean;
}

export type PriceChange =
  | { direction: 'down' | 'up'; was: number; now: number; difference: number }
  | { direction: 'same' };

export type StockChange =
  /** Sold, closed or ended: nothing to buy whatever the count says. */
  | { kind: 'unavailable' }
  | { kind: 'soldOut'; was: number }
  | { kind: 'backInStock'; now: number }
  | { kind: 'fewer' | 'more'; was: number; now: number }
  | { kind: 'same'; now: number };

export interface FavoriteChanges {
  price: PriceChange;
  stock: StockChange;
}

const cents = (amount: number) => Math.round(amount * 100);

export function priceChange(was: number, now: number): PriceChange {
  const difference = cents(now) - cents(was);
  if (difference === 0) return { direction: 'same' };
  return { direction: difference < 0 ? 'down' : 'up', was, now, difference: Math.abs(difference) / 100 };
}

export function stockChange(was: number, now: number, available: boolean): StockChange {
  if (!available) return { kind: 'unavailable' };
  const before = Math.max(0, was);
  const after = Math.max(0, now);
  if (after === before) return { kind: 'same', now: after };
  if (after === 0) return { kind: 'soldOut', was: before };
  if (before === 0) return { kind: 'backInStock', now: after };
  return { kind: after < before ? 'fewer' : 'more', was: before, now: after };
}

export function favoriteChanges(favorite: FavoriteSnapshot): FavoriteChanges {
  return {
    price: priceChange(favorite.priceWhenAdded, favorite.price),
    stock: stockChange(favorite.quantityWhenAdded, favorite.quantity, favorite.available),
  };
}
