import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SAVED_MESSAGE } from '../../lib/offline-outbox.ts';
import type { Platform } from '../../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { LISTING_ID, listingDetail } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { desktopPlatform, unreachable } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const SELLER_ID = String(SELLER_CLAIMS.unique_name);
const listing = listingDetail({ userId: SELLER_ID, price: 549.99, quantity: 3 });

/** The server with the listing to edit; `save` answers the edit. */
function server(save: (request: RecordedRequest) => Response) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/listing-eligibility')
      return jsonResponse({
        canList: true,
        isSeller: true,
        hasAcceptedPaymentSetup: true,
        isFrozen: false,
        reason: null,
        message: null,
        link: null,
      });
    if (path === '/api/listings/get') return jsonResponse({ results: [listing] });
    if (path === '/api/listings/add') return save(request);
    if (path.startsWith('/api/brands')) return jsonResponse({ results: [] });
    return jsonResponse({ results: [] });
  });
}

/** Opens the listing for editing, changes its price and saves. */
async function editPrice(platform: Platform, save: (request: RecordedRequest) => Response) {
  const fetch = server(save);
  renderApp(`/dashboard/selling/list-item?id=${LISTING_ID}`, { fetch, platform });
  const form = within(await screen.findByRole('form', { name: 'Edit listing' }));
  fireEvent.change(form.getByLabelText('Price (USD)'), { target: { value: '499' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Changes' })));
  return { form, fetch };
}

describe('saving a listing edit without a connection', () => {
  it('keeps the edit in the desktop outbox, with the listing as it was loaded, and keeps the form', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    const { form } = await editPrice(platform, unreachable);
    expect((await findStatus()).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued).toHaveLength(1);
    const [queued] = bridge.enqueued;
    expect(queued?.label).toBe(`Listing edit: ${listing.title}`);
    expect(queued?.action).toMatchObject({
      kind: 'listingEdit',
      input: { id: LISTING_ID, price: 499, title: listing.title },
      expected: { price: 549.99, quantity: 3, title: listing.title },
    });
    expect((form.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('499');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal and queues nothing when the server answers with an error', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    await editPrice(platform, () =>
      jsonResponse({ error: { code: 'internal', message: 'Something broke.' } }, 500),
    );
    expect(await screen.findByText('Something broke.')).toBeTruthy();
    expect(bridge.enqueued).toEqual([]);
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
  });

  it('reports the failure as before on the web', async () => {
    const { form } = await editPrice(createMemoryPlatform(fakeToken(SELLER_CLAIMS)), unreachable);
    expect(
      await screen.findByText('The server could not be reached. Check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
    await waitFor(() => expect((form.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('499'));
  });
});
