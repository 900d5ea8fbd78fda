import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../shared/contract/cart.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import {
  cartItem,
  HOLSTER,
  quote,
  quoteGroup,
  quoteItem,
  RIFLE,
  SCOPE,
  SELLER_A,
  SELLER_B,
} from '../../testing/order-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const rifle = cartItem(RIFLE, 'Tikka T3x rifle', 900);
const scope = cartItem(SCOPE, 'Leupold scope', 400);
const holster = cartItem(HOLSTER, 'Leather holster', 40, 2);

function storeCart(cart: Cart) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
}
const storedCart = (): Cart => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{}');
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));

/** The server's answers: the quote groups by seller; the scope's price went up since it was added. */
function server(serverCart: Cart[keyof Cart][] = []) {
  return createFakeFetch((request) => {
    if (request.url.endsWith('/api/orders/quote')) {
      const { items } = bodyOf(request) as { items: { listingId: string; quantity: number }[] };
      const quantity = (id: string) => items.find((item) => item.listingId === id)?.quantity ?? 0;
      const groups = [];
      const alpha = [];
      if (quantity(RIFLE))
        alpha.push(
          quoteItem({ ...rifle, quantity: quantity(RIFLE) }, { requiresDealer: true, available: 1 }),
        );
      if (quantity(SCOPE))
        alpha.push(
          quoteItem(
            { ...scope, quantity: quantity(SCOPE) },
            {
              price: 450,
              blocked: {
                rule: 'priceChanged',
                state: null,
                message: 'The price changed to $450.00.',
                source: null,
              },
            },
          ),
        );
      if (alpha.length) groups.push(quoteGroup(SELLER_A, 'Alpha Arms', alpha));
      if (quantity(HOLSTER))
        groups.push(
          quoteGroup(SELLER_B, 'Bravo Leather', [
            quoteItem({ ...holster, quantity: quantity(HOLSTER) }, { available: 3 }),
          ]),
        );
      return jsonResponse(quote(groups));
    }
    if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: serverCart });
    if (request.url.endsWith('/api/users/sync-cart')) return jsonResponse({ success: true });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function renderCart(fetch = server()) {
  const view = renderApp('/cart/view', { fetch, platform: createMemoryPlatform(fakeToken()) });
  return { ...view, fetch };
}

describe('the cart', () => {
  it('groups the items by seller with totals, and flags an item whose price changed', async () => {
    storeCart({ [RIFLE]: rifle, [SCOPE]: scope, [HOLSTER]: holster });
    renderCart();
    const alpha = await screen.findByRole('region', { name: 'Sold by Alpha Arms' });
    const bravo = screen.getByRole('region', { name: 'Sold by Bravo Leather' });
    expect(within(alpha).getByText('Tikka T3x rifle')).toBeTruthy();
    expect(within(alpha).getByText('Leupold scope')).toBeTruthy();
    expect(within(bravo).getByText('Leather holster')).toBeTruthy();
    expect(within(alpha).getByText(/ship to a licensed dealer/)).toBeTruthy();
    expect(within(alpha).getByText('The price changed to $450.00.')).toBeTruthy();
    // The group's totals leave the flagged scope out: the rifle $900 + $10 shipping.
    expect(within(alpha).getByText('$910.00')).toBeTruthy();
    expect(within(bravo).getByText('$90.00')).toBeTruthy();

    fireEvent.click(within(alpha).getByRole('button', { name: 'Accept the new price of $450.00' }));
    expect(storedCart()[SCOPE]?.price).toBe(450);
  });

  it('keeps an accepted offer’s line at its quantity and says it is the offer’s price', async () => {
    const offerId = 'a0000000-0000-4000-8000-000000000001';
    storeCart({ [HOLSTER]: { ...holster, price: 35, offerId } });
    const { fetch } = renderCart();
    const bravo = await screen.findByRole('region', { name: 'Sold by Bravo Leather' });
    expect(within(bravo).getByText(/\$35\.00 each, your accepted offer/)).toBeTruthy();
    for (const name of ['One more Leather holster', 'One fewer Leather holster'])
      expect(within(bravo).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    const quoted = fetch.requests.find((request) => request.url.endsWith('/api/orders/quote'));
    expect(bodyOf(quoted!).items).toEqual([{ listingId: HOLSTER, quantity: 2, price: 35, offerId }]);
  });

  it('steps quantities up to the stock and removes items; the badge follows', async () => {
    storeCart({ [RIFLE]: rifle, [HOLSTER]: holster });
    renderCart();
    const bravo = await screen.findByRole('region', { name: 'Sold by Bravo Leather' });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    fireEvent.click(within(bravo).getByRole('button', { name: 'One more Leather holster' }));
    expect(storedCart()[HOLSTER]?.quantity).toBe(3);
    // Three in stock: no fourth.
    await waitFor(() =>
      expect(
        within(bravo).getByRole('button', { name: 'One more Leather holster' }).hasAttribute('disabled'),
      ).toBe(true),
    );
    const alpha = screen.getByRole('region', { name: 'Sold by Alpha Arms' });
    expect(
      within(alpha).getByRole('button', { name: 'One more Tikka T3x rifle' }).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(within(alpha).getByRole('button', { name: 'Remove Tikka T3x rifle' }));
    expect(Object.keys(storedCart())).toEqual([HOLSTER]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sold by Alpha Arms' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('merges the server copy at sign-in (union, larger quantity) and syncs changes', async () => {
    storeCart({ [HOLSTER]: holster });
    const fetch = server([{ ...holster, quantity: 1 }, rifle]);
    renderCart(fetch);
    await screen.findByRole('region', { name: 'Sold by Alpha Arms' });
    expect(storedCart()[HOLSTER]?.quantity).toBe(2);
    expect(storedCart()[RIFLE]?.quantity).toBe(1);
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.endsWith('/api/users/sync-cart'))).toBe(true),
    );
    const sync = bodyOf(fetch.requests.filter((r) => r.url.endsWith('/api/users/sync-cart')).at(-1)!);
    expect(Object.keys(sync.orderItems).sort()).toEqual([RIFLE, HOLSTER].sort());
    expect(sync.subtotal).toBe(980);
  });

  it('keeps working when the sync fails (silently)', async () => {
    storeCart({ [HOLSTER]: holster });
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/orders/quote')
        ? jsonResponse(quote([quoteGroup(SELLER_B, 'Bravo Leather', [quoteItem(holster)])]))
        : jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 500),
    );
    renderCart(fetch);
    const bravo = await screen.findByRole('region', { name: 'Sold by Bravo Leather' });
    fireEvent.click(within(bravo).getByRole('button', { name: 'One more Leather holster' }));
    expect(storedCart()[HOLSTER]?.quantity).toBe(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to log in to check out and keeps the cart', async () => {
    storeCart({ [HOLSTER]: holster });
    renderApp('/cart/view');
    const login = await screen.findByRole('button', { name: 'Log in to check out' });
    expect(screen.getByText('Leather holster')).toBeTruthy();
    await act(async () => fireEvent.click(login));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(Object.keys(storedCart())).toEqual([HOLSTER]);
  });

  it('says so when the cart is empty', async () => {
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
  });

  it('brings a quantity above the stock down to what is left', async () => {
    storeCart({ [HOLSTER]: { ...holster, quantity: 5 } });
    renderCart();
    await screen.findByRole('region', { name: 'Sold by Bravo Leather' });
    await waitFor(() => expect(storedCart()[HOLSTER]?.quantity).toBe(3));
  });
});
