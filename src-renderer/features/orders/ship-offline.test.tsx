import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SAVED_MESSAGE } from '../../lib/offline-outbox.ts';
import type { Platform } from '../../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { desktopPlatform, unreachable } from '../../testing/offline.ts';
import { order } from '../../testing/order-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const paid = order(1);

/** The server with one paid order; `ship` answers the shipping update. */
function server(ship: (request: RecordedRequest) => Response) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === `/api/orders/ship/${paid.id}`) return ship(request);
    if (path === '/api/orders/getall')
      return jsonResponse({ total: 1, page: 1, pageSize: 10, results: [paid] });
    if (path === `/api/orders/${paid.id}`) return jsonResponse(paid);
    return jsonResponse({ items: [], results: [] });
  });
}

async function markShipped(platform: Platform, ship: (request: RecordedRequest) => Response) {
  renderApp(`/dashboard/selling/orders?order=${paid.id}`, { fetch: server(ship), platform });
  const form = within(await screen.findByRole('form', { name: `Ship order ${paid.number}` }));
  fireEvent.change(form.getByLabelText('Carrier'), { target: { value: 'UPS' } });
  fireEvent.change(form.getByLabelText('Tracking number'), { target: { value: '1Z999AA10123456784' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Mark shipped' })));
  return form;
}

describe('marking an order shipped without a connection', () => {
  it('keeps the shipping update in the desktop outbox and keeps the form', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    const form = await markShipped(platform, unreachable);
    expect((await findStatus()).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued).toEqual([
      {
        action: {
          kind: 'orderShipping',
          orderId: paid.id,
          shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
        },
        label: 'Shipping update: UPS 1Z999AA10123456784',
      },
    ]);
    expect((form.getByLabelText('Tracking number') as HTMLInputElement).value).toBe('1Z999AA10123456784');
    expect(form.queryByText(/could not/)).toBeNull();
  });

  it('shows the server’s refusal and queues nothing when the server answers with an error', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken(SELLER_CLAIMS));
    await markShipped(platform, () =>
      jsonResponse({ error: { code: 'conflict', message: 'This order was cancelled.' } }, 409),
    );
    expect(await screen.findByText('This order was cancelled.')).toBeTruthy();
    expect(bridge.enqueued).toEqual([]);
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
  });

  it('reports the failure as before on the web', async () => {
    const form = await markShipped(createMemoryPlatform(fakeToken(SELLER_CLAIMS)), unreachable);
    expect(await form.findByText('The order could not be changed right now. Please try again.')).toBeTruthy();
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
    expect((form.getByLabelText('Tracking number') as HTMLInputElement).value).toBe('1Z999AA10123456784');
  });
});
