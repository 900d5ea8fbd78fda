import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onLoginRequest } from '../../lib/session/login-request.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { LISTING_ID, listingDetail, SELLER_ID } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const LISTING_GONE = 'No listing has that id.';
const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);

/** The listing page against a server whose report answers are `answers`, one per report sent. */
function listingPage(answers: Array<() => Response>, token: string | null = fakeToken()) {
  const fetch = createFakeFetch((request) => {
    if (request.url.endsWith('/api/listings/get')) return jsonResponse({ results: [listingDetail()] });
    if (request.url.endsWith('/api/listings/report')) return (answers.shift() ?? notFound)();
    if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
    return notFound();
  });
  renderApp(`/${LISTING_ID}`, { fetch, ...(token ? { platform: createMemoryPlatform(token) } : {}) });
  return fetch;
}

describe('reporting a listing from its page', () => {
  it('asks a visitor to log in first', async () => {
    const reasons: string[] = [];
    const stop = onLoginRequest((request) => {
      reasons.push(request.reason ?? '');
      request.settle(false);
    });
    try {
      listingPage([], null);
      fireEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
      await waitFor(() => expect(reasons).toEqual(['Log in to report this listing.']));
      expect(screen.queryByRole('dialog', { name: 'Report this listing' })).toBeNull();
    } finally {
      stop();
    }
  }, 20_000);

  it('is not offered to the listing’s own seller', async () => {
    listingPage([], fakeToken({ unique_name: SELLER_ID, role: ['Buyer', 'BasicSeller'] }));
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull());
  }, 20_000);

  it('sends the chosen reason and details, keeping them when the report fails, then thanks the user', async () => {
    const fetch = listingPage([
      () => jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, 500),
      () => jsonResponse({ error: { code: 'not_found', message: LISTING_GONE } }, 404),
      () => jsonResponse({ success: true }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    const reason = within(dialog).getByLabelText('What is wrong?') as HTMLSelectElement;
    const details = within(dialog).getByLabelText('Details') as HTMLTextAreaElement;

    // Nothing is sent until both are given.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what is wrong with this listing.')).toBeTruthy();
    expect(within(dialog).getByText('Say what is wrong with this listing.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.requests.some((request) => request.url.endsWith('/api/listings/report'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'fraud' } });
    fireEvent.change(details, { target: { value: 'The seller asks for payment by gift card.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your report could not be sent right now. Please try again.',
    );
    expect(reason.value).toBe('fraud');
    expect(details.value).toBe('The seller asks for payment by gift card.');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(LISTING_GONE);
    expect(details.value).toBe('The seller asks for payment by gift card.');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' })));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Thank you. Ironsight staff will review this listing.',
    );
    const sent = fetch.requests.filter((request) => request.url.endsWith('/api/listings/report'));
    expect(sent).toHaveLength(3);
    expect(JSON.parse(String(sent.at(-1)?.body))).toEqual({
      listingId: LISTING_ID,
      category: 'fraud',
      reason: 'The seller asks for payment by gift card.',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);
});
