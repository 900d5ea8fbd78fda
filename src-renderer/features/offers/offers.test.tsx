import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offer } from '../../../shared/contract/offers.ts';
import { OFFER_MESSAGES } from '../../../shared/domain/offers.ts';
import { onLoginRequest } from '../../lib/session/login-request.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { LISTING_ID, listingDetail, SELLER_ID } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const BUYER_ID = 'd1000000-0000-4000-8000-000000000001';
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));
const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    listing: {
      id: LISTING_ID,
      title: 'Glock 19 Gen 5 9mm 15rd Pistol',
      url: `/${LISTING_ID}/glock-19-gen-5-9mm-15rd-pistol`,
      family: 'SemiAutoPistols',
      thumbnailPicture: null,
      price: 549.99,
    },
    buyer: { id: BUYER_ID, displayName: 'Blake Buyer' },
    seller: { id: SELLER_ID, displayName: 'Lone Star Arms' },
    quantity: 1,
    amount: 450,
    total: 450,
    state: 'open',
    awaiting: 'seller',
    deadline: '2026-12-03T12:00:00.000Z',
    orderId: null,
    history: [
      {
        event: 'make',
        by: 'buyer',
        amount: 450,
        message: '<script>alert(1)</script> Cash today?',
        at: '2026-12-01T12:00:00.000Z',
      },
    ],
    createdAt: '2026-12-01T12:00:00.000Z',
    updatedAt: '2026-12-01T12:00:00.000Z',
    ...overrides,
  };
}

const page = (results: Offer[]) => ({ total: results.length, page: 1, pageSize: 10, results });

describe('making an offer on the listing page', () => {
  const offering = listingDetail({ acceptsOffers: true });

  it('is not offered on a listing whose seller takes no offers', async () => {
    renderApp(`/${LISTING_ID}`, {
      fetch: createFakeFetch(() => jsonResponse({ results: [listingDetail()] })),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });

  it('asks a guest to log in first', async () => {
    const reasons: string[] = [];
    const stop = onLoginRequest((request) => {
      reasons.push(request.reason ?? '');
      request.settle(false);
    });
    try {
      renderApp(`/${LISTING_ID}`, { fetch: createFakeFetch(() => jsonResponse({ results: [offering] })) });
      fireEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
      await waitFor(() => expect(reasons).toEqual(['Log in to make an offer.']));
      expect(screen.queryByRole('dialog', { name: 'Make an offer' })).toBeNull();
    } finally {
      stop();
    }
  });

  it('sends the amount, quantity and message, keeping what was typed when the server refuses', async () => {
    let refuse = true;
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/listings/get')) return jsonResponse({ results: [offering] });
      if (request.url.endsWith('/api/offers/getall')) return jsonResponse(page([]));
      if (request.url.endsWith('/api/offers/make')) {
        if (refuse) {
          refuse = false;
          return jsonResponse({ error: { code: 'conflict', message: OFFER_MESSAGES.alreadyOpen } }, 409);
        }
        return jsonResponse(offer({ quantity: 2, total: 900 }));
      }
      if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
      return notFound();
    });
    renderApp(`/${LISTING_ID}`, { fetch, platform: createMemoryPlatform(fakeToken()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    const amount = within(dialog).getByLabelText('Your price per item (USD)');

    fireEvent.change(amount, { target: { value: '549.99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText(OFFER_MESSAGES.amountAtPrice)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(amount, { target: { value: '450' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Message to the seller (optional)'), {
      target: { value: 'Cash today?' },
    });
    expect(within(dialog).getByText(/\$900\.00 for 2 before shipping/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' })));
    expect(await within(dialog).findByText(OFFER_MESSAGES.alreadyOpen)).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('450');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const made = fetch.requests.filter((r) => r.url.endsWith('/api/offers/make'));
    expect(bodyOf(made.at(-1)!)).toEqual({
      listingId: LISTING_ID,
      amount: 450,
      quantity: 2,
      message: 'Cash today?',
    });
    expect((await findStatus()).textContent).toContain(
      'Your offer of $450.00 × 2 is waiting for the seller.',
    );
  });

  it('shows a buyer their live offer instead of the button', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/listings/get')) return jsonResponse({ results: [offering] });
      if (request.url.endsWith('/api/offers/getall'))
        return jsonResponse(page([offer({ state: 'countered', awaiting: 'buyer', amount: 500 })]));
      return notFound();
    });
    renderApp(`/${LISTING_ID}`, { fetch, platform: createMemoryPlatform(fakeToken()) });
    expect(
      await screen.findByText(/Your offer of \$500\.00 × 1 is countered, waiting for the buyer\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    expect(bodyOf(fetch.requests.find((r) => r.url.endsWith('/api/offers/getall'))!)).toMatchObject({
      role: 'buyer',
      listingId: LISTING_ID,
      states: ['open', 'countered', 'accepted'],
    });
  });

  it('is not offered to the seller of the listing', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/listings/get')
        ? jsonResponse({ results: [offering] })
        : jsonResponse(page([])),
    );
    renderApp(`/${LISTING_ID}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken({ ...SELLER_CLAIMS, unique_name: SELLER_ID })),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });
});

describe('offers pages', () => {
  function server(offers: Offer[]) {
    return createFakeFetch((request) => {
      if (request.url.endsWith('/api/offers/getall')) {
        const { states } = bodyOf(request);
        return jsonResponse(page(offers.filter((o) => !states || states.includes(o.state))));
      }
      const respond = /\/api\/offers\/respond\/([^/]+)$/.exec(request.url);
      if (respond?.[1]) {
        const { action, amount } = bodyOf(request);
        const index = offers.findIndex((o) => o.id === respond[1]);
        const current = offers[index]!;
        const next: Offer =
          action === 'counter'
            ? { ...current, state: 'countered', awaiting: 'buyer', amount, total: amount * current.quantity }
            : action === 'accept'
              ? { ...current, state: 'accepted', awaiting: null }
              : { ...current, state: 'declined', awaiting: null, deadline: null };
        offers.splice(index, 1, next);
        return jsonResponse(next);
      }
      if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
      return notFound();
    });
  }

  it('lets the seller counter an offer, and shows its history as text', async () => {
    const fetch = server([offer()]);
    renderApp('/dashboard/selling/offers', {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const list = await screen.findByRole('list', { name: 'Offers' });
    expect(within(list).getByText('Waiting for the seller')).toBeTruthy();
    expect(within(list).getByText('“<script>alert(1)</script> Cash today?”')).toBeTruthy();
    expect(within(list).getByText(/Blake Buyer offered \$450\.00 each/)).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Counter' }));
    const form = await screen.findByRole('form', { name: 'Counter-offer on Glock 19 Gen 5 9mm 15rd Pistol' });
    fireEvent.change(within(form).getByLabelText('Your price per item (USD)'), { target: { value: '440' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(form).findByText(OFFER_MESSAGES.counterNotHigher)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Your price per item (USD)'), { target: { value: '500' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send counter-offer' })));
    const sent = fetch.requests.find((r) => r.url.includes('/api/offers/respond/'));
    expect(bodyOf(sent!)).toEqual({ action: 'counter', amount: 500 });
    expect(await screen.findByText('Countered, waiting for the buyer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
  });

  it('shows the server’s reason when an answer is refused', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/offers/getall')
        ? jsonResponse(page([offer()]))
        : jsonResponse({ error: { code: 'conflict', message: OFFER_MESSAGES.notEnoughToAccept } }, 409),
    );
    renderApp('/dashboard/selling/offers', {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const accept = await screen.findByRole('button', { name: 'Accept offer' });
    await act(async () => fireEvent.click(accept));
    expect(await screen.findByText(OFFER_MESSAGES.notEnoughToAccept)).toBeTruthy();
  });

  it('lets the buyer accept a counter and then check out at the offer price', async () => {
    const fetch = server([offer({ state: 'countered', awaiting: 'buyer', amount: 500, total: 500 })]);
    const { router } = renderApp('/dashboard/buying/offers', {
      fetch,
      platform: createMemoryPlatform(fakeToken()),
    });
    const accept = await screen.findByRole('button', { name: 'Accept counter-offer' });
    await act(async () => fireEvent.click(accept));
    fireEvent.click(await screen.findByRole('button', { name: 'Check out at $500.00 each' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const cart = JSON.parse(localStorage.getItem('gacart') ?? '{}');
    expect(cart[LISTING_ID]).toMatchObject({
      offerId: offer().id,
      price: 500,
      quantity: 1,
      title: 'Glock 19 Gen 5 9mm 15rd Pistol',
    });
  });

  it('filters by state tab, and shows empty and error states', async () => {
    const fetch = server([
      offer(),
      offer({ id: 'a0000000-0000-4000-8000-000000000002', state: 'expired', awaiting: null }),
    ]);
    renderApp('/dashboard/buying/offers', { fetch, platform: createMemoryPlatform(fakeToken()) });
    expect(
      within(await screen.findByRole('list', { name: 'Offers' })).getAllByRole('heading', { level: 2 }),
    ).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Accepted' }));
    expect(
      await screen.findByText('You have no offers here. Make one from a listing whose seller takes offers.'),
    ).toBeTruthy();
    expect(bodyOf(fetch.requests.filter((r) => r.url.endsWith('/api/offers/getall')).at(-1)!)).toMatchObject({
      role: 'buyer',
      states: ['accepted'],
    });
    cleanup();
    renderApp('/dashboard/selling/offers', {
      fetch: createFakeFetch(() => jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 500)),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    expect(await screen.findByText('Your offers could not be loaded. Please try again.')).toBeTruthy();
  });
});
