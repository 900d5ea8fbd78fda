import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offer } from '../../../shared/contract/offers.ts';
import { OFFLINE_SAVED_MESSAGE } from '../../lib/offline-outbox.ts';
import type { Platform } from '../../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { LISTING_ID, SELLER_ID } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { desktopPlatform, unreachable } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const OFFER_ID = 'a0000000-0000-4000-8000-000000000001';
const TITLE = 'Glock 19 Gen 5 9mm 15rd Pistol';
const offer: Offer = {
  id: OFFER_ID,
  listing: {
    id: LISTING_ID,
    title: TITLE,
    url: `/${LISTING_ID}/glock-19-gen-5-9mm-15rd-pistol`,
    family: 'SemiAutoPistols',
    thumbnailPicture: null,
    price: 549.99,
  },
  buyer: { id: 'd1000000-0000-4000-8000-000000000001', displayName: 'Blake Buyer' },
  seller: { id: SELLER_ID, displayName: 'Lone Star Arms' },
  quantity: 1,
  amount: 450,
  total: 450,
  state: 'open',
  awaiting: 'seller',
  deadline: '2026-12-03T12:00:00.000Z',
  orderId: null,
  history: [{ event: 'make', by: 'buyer', amount: 450, message: null, at: '2026-12-01T12:00:00.000Z' }],
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
};

/** The server with one offer waiting for the seller; `respond` answers the seller's answer. */
function server(respond: (request: RecordedRequest) => Response) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/offers/getall')
      return jsonResponse({ total: 1, page: 1, pageSize: 10, results: [offer] });
    if (path === `/api/offers/respond/${OFFER_ID}`) return respond(request);
    return jsonResponse({ items: [], results: [] });
  });
}

/** Opens the counter form on the offer, types a price and a message, and sends. */
async function counter(platform: Platform, respond: (request: RecordedRequest) => Response) {
  renderApp('/dashboard/selling/offers', { fetch: server(respond), platform });
  fireEvent.click(await screen.findByRole('button', { name: 'Counter' }));
  const form = within(await screen.findByRole('form', { name: `Counter-offer on ${TITLE}` }));
  fireEvent.change(form.getByLabelText('Your price per item (USD)'), { target: { value: '500' } });
  fireEvent.change(form.getByLabelText(/Message to the buyer/), { target: { value: 'Meet me halfway.' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Send counter-offer' })));
  return form;
}

describe('answering an offer without a connection', () => {
  it('keeps the counter-offer in the desktop outbox and keeps the form', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    const form = await counter(platform, unreachable);
    expect((await findStatus()).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued).toEqual([
      {
        action: {
          kind: 'offerAnswer',
          offerId: OFFER_ID,
          answer: { action: 'counter', amount: 500, message: 'Meet me halfway.' },
        },
        label: `Counter-offer $500.00 on ${TITLE}`,
      },
    ]);
    expect((form.getByLabelText('Your price per item (USD)') as HTMLInputElement).value).toBe('500');
    expect((form.getByLabelText(/Message to the buyer/) as HTMLTextAreaElement).value).toBe(
      'Meet me halfway.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps an acceptance in the desktop outbox', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    renderApp('/dashboard/selling/offers', { fetch: server(unreachable), platform });
    const accept = await screen.findByRole('button', { name: 'Accept offer' });
    await act(async () => fireEvent.click(accept));
    expect((await findStatus()).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued.map((item) => [item.action, item.label])).toEqual([
      [{ kind: 'offerAnswer', offerId: OFFER_ID, answer: { action: 'accept' } }, `Accept offer on ${TITLE}`],
    ]);
  });

  it('shows the server’s refusal and queues nothing when the server answers with an error', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    await counter(platform, () =>
      jsonResponse({ error: { code: 'conflict', message: 'This offer was withdrawn.' } }, 409),
    );
    expect(await screen.findByText('This offer was withdrawn.')).toBeTruthy();
    expect(bridge.enqueued).toEqual([]);
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
  });

  it('reports the failure as before on the web', async () => {
    const form = await counter(createMemoryPlatform(fakeToken(SELLER_CLAIMS)), unreachable);
    expect(
      await screen.findByText('The offer could not be answered right now. Please try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
    expect((form.getByLabelText('Your price per item (USD)') as HTMLInputElement).value).toBe('500');
  });
});
