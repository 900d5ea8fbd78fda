import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { cartSchema } from '../../../shared/contract/cart.ts';
import {
  addOneToCart,
  cartAtom,
  cartItemCount,
  isStoredCart,
  type NewCartItem,
  rememberShoppingUrl,
  withOfferLine,
  withQuantity,
} from './cart-store.ts';

const ID = '0b6f7c1e-2f1d-4c55-9a43-3f0d5b1f2a10';
const item: NewCartItem = {
  id: ID,
  price: 549.99,
  title: 'Glock 19 Gen 5 9mm',
  imageUrl: '/media/family/SemiAutoPistols-0.svg',
  category: 'SemiAutoPistols',
  sellerStockNumber: 'A-1',
  upc: '764503037108',
  sku: null,
  productUrl: `/${ID}/glock-19-gen-5-9mm`,
};

afterEach(() => localStorage.clear());

describe('the browser cart', () => {
  it('adds a new listing with quantity 1, keyed by its id', () => {
    expect(addOneToCart({}, item)).toEqual({ [ID]: { ...item, quantity: 1 } });
  });

  it('raises the quantity of a listing already in the cart by 1', () => {
    const twice = addOneToCart(addOneToCart({}, item), item);
    expect(twice[ID]?.quantity).toBe(2);
    expect(cartItemCount(twice)).toBe(2);
  });

  it('is kept in localStorage under gacart', () => {
    const store = createStore();
    store.set(cartAtom, addOneToCart({}, item));
    expect(JSON.parse(localStorage.getItem('gacart') ?? '{}')[ID].quantity).toBe(1);
  });

  it('keeps an accepted offer’s line at its quantity and price', () => {
    const offerId = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const cart = withOfferLine(addOneToCart({}, item), { ...item, quantity: 2, price: 450, offerId });
    expect(cart[ID]).toEqual({ ...item, quantity: 2, price: 450, offerId });
    expect(withQuantity(cart, ID, 5)).toBe(cart);
    expect(addOneToCart(cart, item)).toBe(cart);
  });

  it('takes a stored cart by the same shape as the cart schema', () => {
    const offerId = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const line = { ...item, quantity: 2 };
    const samples: unknown[] = [
      {},
      { [ID]: line },
      { [ID]: { ...line, offerId, imageUrl: null, category: null, upc: null } },
      [],
      null,
      'cart',
      { 'not-an-id': line },
      { [ID]: { ...line, id: 'x' } },
      { [ID]: { ...line, quantity: 0 } },
      { [ID]: { ...line, quantity: 1.5 } },
      { [ID]: { ...line, price: '549.99' } },
      { [ID]: { ...line, price: -1 } },
      { [ID]: { ...line, title: undefined } },
      { [ID]: { ...line, imageUrl: 3 } },
      { [ID]: { ...line, offerId: 'offer' } },
      { [ID]: 3 },
    ];
    for (const sample of samples) {
      expect(isStoredCart(sample), JSON.stringify(sample)).toBe(cartSchema.safeParse(sample).success);
    }
  });

  it('reads a damaged stored cart as empty', () => {
    localStorage.setItem('gacart', '{"not-an-id": 3}');
    expect(createStore().get(cartAtom)).toEqual({});
  });

  it('remembers the shopping URL', () => {
    rememberShoppingUrl('/search?keyword=glock');
    expect(localStorage.getItem('shoppingUrl')).toBe('/search?keyword=glock');
  });
});
