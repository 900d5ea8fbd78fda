import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EscrowDispute } from '../../../shared/contract/billing-ledger.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const ADMIN_TOKEN = fakeToken({
  role: ['Buyer', 'Admin'],
  unique_name: 'd1000000-0000-4000-8000-0000000000ad',
  email: 'admin@example.com',
  given_name: 'Ada',
  family_name: 'Admin',
});

const ORDER_ID = 'c1000000-0000-4000-8000-000000000001';

function dispute(overrides: Partial<EscrowDispute> = {}): EscrowDispute {
  return {
    orderId: ORDER_ID,
    orderNumber: 'IS-000042',
    state: 'shipped',
    buyer: { id: 'e1000000-0000-4000-8000-000000000001', name: 'Morgan Hale', email: 'morgan@example.com' },
    seller: { id: 'e1000000-0000-4000-8000-000000000002', name: 'Ridge Optics', email: 'ridge@example.com' },
    amount: 120,
    reason: 'The legs do not lock.',
    disputedAt: '2026-03-02T15:30:00.000Z',
    resolution: null,
    ...overrides,
  };
}

const page = (results: EscrowDispute[]) => ({ total: results.length, page: 1, pageSize: 20, results });
const isList = (request: RecordedRequest) => request.url.includes('/pprAdmin/escrow/disputes');
const isResolve = (request: RecordedRequest) => request.url.includes('/pprAdmin/escrow/resolve/');
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));

const open = (path: string, fetch: ReturnType<typeof createFakeFetch>) =>
  renderApp(path, { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });

describe('escrow disputes', () => {
  it('lists open disputes; refunding asks first, naming the buyer and amount, sends the note, and says what was done', async () => {
    let resolved = false;
    const fetch = createFakeFetch((request) => {
      if (isResolve(request)) {
        resolved = true;
        return jsonResponse({ orderId: ORDER_ID, state: 'refunded', escrowStatus: 'refunded' });
      }
      if (isList(request)) return jsonResponse(page(resolved ? [] : [dispute()]));
      return jsonResponse({ results: [] });
    });
    open('/admin/disputes', fetch);

    const table = await screen.findByRole('table', { name: 'Open disputes' });
    const row = within(table).getByRole('row', { name: /IS-000042/ });
    for (const text of [
      'Morgan Hale',
      'morgan@example.com',
      'Ridge Optics',
      '$120.00',
      'The legs do not lock.',
    ]) {
      expect(row.textContent).toContain(text);
    }
    expect(within(row).getByRole('link', { name: 'Morgan Hale' }).getAttribute('href')).toBe(
      '/admin/users/e1000000-0000-4000-8000-000000000001',
    );
    const listed = fetch.requests.find(isList) as RecordedRequest;
    expect(new URL(listed.url, 'http://x').searchParams.get('status')).toBe('open');

    fireEvent.click(within(row).getByRole('button', { name: 'Refund buyer of order IS-000042' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Refund $120.00 to Morgan Hale (morgan@example.com)?',
    });
    expect(dialog.textContent).toContain('Order IS-000042');
    const note = within(dialog).getByLabelText('Staff note');
    // Keyboard first: the note has focus, and the decision waits for it.
    await waitFor(() => expect(document.activeElement).toBe(note));
    const confirm = within(dialog).getByRole('button', { name: 'Refund buyer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(note, { target: { value: '  Photos show the lock is broken. ' } });
    expect(confirm.disabled).toBe(false);
    expect(fetch.requests.some(isResolve)).toBe(false);
    fireEvent.click(confirm);

    const status = await findStatus();
    expect(status.textContent).toBe('Refunded $120.00 to Morgan Hale for order IS-000042.');
    const sent = fetch.requests.find(isResolve) as RecordedRequest;
    expect(sent.url).toContain(`/pprAdmin/escrow/resolve/${ORDER_ID}`);
    expect(sent.method).toBe('POST');
    expect(bodyOf(sent)).toEqual({ outcome: 'refund', note: 'Photos show the lock is broken.' });
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('keeps the dialog and the note when the server refuses, naming the seller for a release', async () => {
    const fetch = createFakeFetch((request) =>
      isResolve(request)
        ? jsonResponse({ error: { code: 'conflict', message: 'This order has no open dispute.' } }, 409)
        : isList(request)
          ? jsonResponse(page([dispute()]))
          : jsonResponse({ results: [] }),
    );
    open('/admin/disputes', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Release to seller of order IS-000042' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Release $120.00 to Ridge Optics (ridge@example.com)?',
    });
    fireEvent.change(within(dialog).getByLabelText('Staff note'), {
      target: { value: 'Item as described.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release to seller' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This order has no open dispute.');
    expect((within(dialog).getByLabelText('Staff note') as HTMLTextAreaElement).value).toBe(
      'Item as described.',
    );
    expect(bodyOf(fetch.requests.find(isResolve) as RecordedRequest)).toEqual({
      outcome: 'release',
      note: 'Item as described.',
    });
  });

  it('shows resolved disputes with their outcome, who decided and the note', async () => {
    const fetch = createFakeFetch((request) => {
      if (!isList(request)) return jsonResponse({ results: [] });
      const status = new URL(request.url, 'http://x').searchParams.get('status');
      return jsonResponse(
        page(
          status === 'resolved'
            ? [
                dispute({
                  state: 'refunded',
                  resolution: {
                    outcome: 'refund',
                    resolvedBy: { id: 'd1000000-0000-4000-8000-0000000000ad', email: 'admin@example.com' },
                    resolvedAt: '2026-03-03T10:00:00.000Z',
                    note: 'Photos show the lock is broken.',
                  },
                }),
                dispute({
                  orderId: 'c1000000-0000-4000-8000-000000000002',
                  orderNumber: 'IS-000043',
                  state: 'completed',
                  resolution: {
                    outcome: 'release',
                    resolvedBy: null,
                    resolvedAt: '2026-03-04T10:00:00.000Z',
                    note: null,
                  },
                }),
              ]
            : [],
        ),
      );
    });
    const { router } = open('/admin/disputes', fetch);
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
    const filter = screen.getByRole('navigation', { name: 'Disputes shown' });
    expect(within(filter).getByRole('button', { name: 'Open' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(filter).getByRole('button', { name: 'Resolved' }));

    const table = await screen.findByRole('table', { name: 'Resolved disputes' });
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'));
    const refunded = within(table).getByRole('row', { name: /IS-000042/ });
    expect(refunded.textContent).toContain('Refunded to the buyer');
    expect(refunded.textContent).toContain('admin@example.com');
    expect(refunded.textContent).toContain('“Photos show the lock is broken.”');
    const released = within(table).getByRole('row', { name: /IS-000043/ });
    expect(released.textContent).toContain('Released to the seller');
    expect(released.textContent).toContain('The buyer confirmed receipt.');
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('shows the server error with a retry', async () => {
    let fail = true;
    const fetch = createFakeFetch((request) =>
      !isList(request)
        ? jsonResponse({ results: [] })
        : fail
          ? jsonResponse({ error: { code: 'internal', message: 'The database is busy.' } }, 500)
          : jsonResponse(page([dispute()])),
    );
    open('/admin/disputes', fetch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Open disputes could not be loaded: The database is busy.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Open disputes' })).toBeTruthy();
  });
});
