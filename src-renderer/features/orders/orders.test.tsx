import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/contract/orders.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { order } from '../../testing/order-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));

/** Twelve orders: 1-10 paid, 11 shipped, 12 delivered; getall filters by state and pages by 10. */
function server(orders: Order[]) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  return createFakeFetch((request) => {
    if (request.url.endsWith('/api/orders/getall')) {
      const { states, page = 1, pageSize = 10 } = bodyOf(request);
      const matching = orders.filter((o) => !states || states.includes(o.state));
      return jsonResponse({
        total: matching.length,
        page,
        pageSize,
        results: matching.slice((page - 1) * pageSize, page * pageSize),
      });
    }
    const ship = /\/api\/orders\/ship\/([^/]+)$/.exec(request.url);
    if (ship?.[1]) {
      const { carrier, trackingNumber } = bodyOf(request);
      const updated: Order = {
        ...byId.get(ship[1])!,
        state: 'shipped',
        carrier,
        trackingNumber,
        trackingUrl: `https://www.ups.com/track?tracknum=${trackingNumber}`,
      };
      byId.set(updated.id, updated);
      orders.splice(
        orders.findIndex((o) => o.id === updated.id),
        1,
        updated,
      );
      return jsonResponse(updated);
    }
    const cancel = /\/api\/orders\/cancel\/([^/]+)$/.exec(request.url);
    if (cancel?.[1]) {
      const updated: Order = {
        ...byId.get(cancel[1])!,
        state: 'cancelled',
        cancelReason: bodyOf(request).reason,
      };
      byId.set(updated.id, updated);
      return jsonResponse(updated);
    }
    const one = /\/api\/orders\/([^/]+)$/.exec(request.url);
    if (one?.[1] && byId.has(one[1])) return jsonResponse(byId.get(one[1]));
    if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function fixtures(): Order[] {
  return [
    ...Array.from({ length: 10 }, (_, i) => order(i + 1)),
    order(11, {
      state: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    }),
    order(12, { state: 'delivered' }),
  ];
}

describe('orders lists', () => {
  it('pages a buyer through the orders and filters by state tab', async () => {
    const fetch = server(fixtures());
    renderApp('/dashboard/buying/orders', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('heading')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect(await screen.findByRole('heading', { name: 'Order IS-000012' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Shipped' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Order IS-000001' })).toBeNull());
    const last = bodyOf(fetch.requests.filter((r) => r.url.endsWith('/api/orders/getall')).at(-1)!);
    expect(last).toMatchObject({ role: 'buyer', states: ['shipped', 'delivered'], page: 1 });
    expect(await screen.findByRole('link', { name: '1Z999' })).toBeTruthy();
  });

  it('lets the seller mark an order shipped with carrier and tracking', async () => {
    const fetch = server(fixtures());
    renderApp(`/dashboard/selling/orders?order=${order(1).id}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const form = await screen.findByRole('form', { name: 'Ship order IS-000001' });
    fireEvent.change(within(form).getByLabelText('Carrier'), { target: { value: 'UPS' } });
    fireEvent.change(within(form).getByLabelText('Tracking number'), { target: { value: '1Z12345' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' })));
    const ship = fetch.requests.find((r) => r.url.endsWith(`/api/orders/ship/${order(1).id}`));
    expect(bodyOf(ship!)).toEqual({ carrier: 'UPS', trackingNumber: '1Z12345' });
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '1Z12345' }).length).toBeGreaterThan(0);
  });

  it('cancels after a confirmation with a reason', async () => {
    const fetch = server(fixtures());
    renderApp(`/dashboard/buying/orders?order=${order(2).id}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order IS-000002?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(within(dialog).getByText('Give a reason for cancelling.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bought elsewhere' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Cancelled: Bought elsewhere')).toBeTruthy();
  });

  it('shows an empty state and an error state', async () => {
    renderApp('/dashboard/buying/orders', { fetch: server([]), platform: createMemoryPlatform(fakeToken()) });
    expect(await screen.findByText('You have no orders here yet.')).toBeTruthy();
    cleanup();
    renderApp('/dashboard/selling/orders', {
      fetch: createFakeFetch(() => jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 500)),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    expect(await screen.findByText('Your orders could not be loaded. Please try again.')).toBeTruthy();
  });

  it('says what an order awaiting the dealer waits for, to the seller and to the buyer', async () => {
    const waiting = [order(4, { state: 'awaitingDealer' })];
    renderApp('/dashboard/selling/orders', {
      fetch: server(waiting),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const card = (await screen.findByRole('heading', { name: /^Order / })).closest('li') as HTMLElement;
    expect(within(card).getByText('Awaiting the dealer')).toBeTruthy();
    expect(
      within(card).getByText(
        "Ships to the buyer's FFL dealer: check the dealer's license, then ship the firearm to the dealer.",
      ),
    ).toBeTruthy();
    cleanup();

    renderApp('/dashboard/buying/orders', {
      fetch: server(waiting),
      platform: createMemoryPlatform(fakeToken()),
    });
    expect(
      await screen.findByText(/^Ships to your FFL dealer: the seller checks the dealer's license/),
    ).toBeTruthy();
  });

  it("opens the receiving dealer's license copy for the seller to print", async () => {
    const dealerId = 'f0000000-0000-4000-8000-000000000001';
    const withDealer = order(3, {
      state: 'awaitingDealer',
      shipTo: {
        kind: 'dealer',
        dealer: {
          id: dealerId,
          licenseNumber: '5-75-113-01-9K-00001',
          businessName: 'Design District Arms',
          street: '1 Market St',
          city: 'Dallas',
          state: 'TX',
          zip: '75207',
          phone: null,
          licenseCopyUrl: `/api/ffl/dealers/${dealerId}/license-copy`,
        },
      },
    });
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    const base = server([withDealer]);
    const fetch = createFakeFetch((request) =>
      request.url.endsWith(`/api/ffl/dealers/${dealerId}/license-copy`)
        ? new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : base(request.url, { method: request.method, body: request.body, headers: request.headers }),
    );
    const opened: string[] = [];
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:license-copy';
    };
    URL.revokeObjectURL = () => undefined;
    const open = vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return null;
    });
    renderApp(`/dashboard/selling/orders?order=${withDealer.id}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    expect(await screen.findByText(/Design District Arms, 1 Market St/)).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: "Print the dealer's license copy" })),
    );
    await waitFor(() => expect(opened).toEqual(['blob:license-copy']));
    expect(created[0]?.type).toBe('application/pdf');
    open.mockRestore();
  });

  it('shows an escrow order’s payment and inspection, and lets the buyer dispute or confirm receipt', async () => {
    const escrowOrder = order(14, {
      state: 'delivered',
      escrowStatus: 'held',
      history: [
        { state: 'paid', at: '2026-11-20T10:00:00.000Z', by: 'system', note: null },
        { state: 'shipped', at: '2026-11-21T10:00:00.000Z', by: 'seller', note: null },
        { state: 'delivered', at: '2026-11-23T10:00:00.000Z', by: 'seller', note: null },
      ],
    });
    let current = escrowOrder;
    const base = server([escrowOrder]);
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith(`/api/orders/dispute/${escrowOrder.id}`)) {
        current = { ...current, escrowStatus: 'disputed' };
        return jsonResponse({ orderId: current.id, state: current.state, escrowStatus: 'disputed' });
      }
      if (request.url.endsWith(`/api/orders/${escrowOrder.id}`)) return jsonResponse(current);
      return base(request.url, { method: request.method, body: request.body, headers: request.headers });
    });
    renderApp(`/dashboard/buying/orders?order=${escrowOrder.id}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken()),
    });
    expect(await screen.findByRole('heading', { name: 'Paid through escrow' })).toBeTruthy();
    expect(screen.getByText('Held by Ironsight')).toBeTruthy();
    expect(screen.getByText(/the payment goes to the seller on 11\/26\/2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm I received it' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open a dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute order IS-000014?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(within(dialog).getByText('Say what is wrong with the order.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What is wrong with the order?'), {
      target: { value: 'The barrel is pitted.' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Open the dispute' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const dispute = fetch.requests.find((r) => r.url.endsWith(`/api/orders/dispute/${escrowOrder.id}`));
    expect(bodyOf(dispute!)).toEqual({ reason: 'The barrel is pitted.' });
    expect(await screen.findByText('Held while the dispute is reviewed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
  });
});
