import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const SELLER_PAGES = [
  ['/dashboard/selling/orders', 'Orders'],
  ['/dashboard/selling/listings', 'Listings'],
  ['/dashboard/selling/offers', 'Offers'],
  ['/dashboard/selling/tools', 'Seller Tools'],
  ['/dashboard/selling/livecheckout', 'Set Up Payments'],
] as const;

/** Answers every call with an empty success, and records which seller calls a page made. */
function server() {
  return createFakeFetch((request) => {
    if (request.url.includes('/api/listings/getall')) {
      return jsonResponse({
        total: 0,
        page: 1,
        pageSize: 24,
        results: [],
        counts: { active: 0, outOfStock: 0, sold: 0, closed: 0, frozen: 0, all: 0 },
      });
    }
    return jsonResponse({ results: [] });
  });
}

describe('dashboard frame', () => {
  it.each(SELLER_PAGES)(
    'tells a buyer on %s that it is for sellers and how to become one',
    async (url, heading) => {
      const fetch = server();
      renderApp(url, { fetch, platform: createMemoryPlatform(fakeToken()) });

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      const explanation = screen.getByRole('region', { name: 'This page is for sellers' });
      expect(within(explanation).getByRole('link', { name: 'Become a seller' }).getAttribute('href')).toBe(
        '/membership',
      );
      expect(within(explanation).getByRole('link', { name: 'How selling works' }).getAttribute('href')).toBe(
        '/sell-guns',
      );
      // The seller's screen is not shown, so none of its calls (refused to a buyer) is made.
      const sellerCalls = fetch.requests.filter((request) =>
        /\/api\/(listings\/getall|users\/bulkuploads|users\/sellerapi|users\/GetDistributorFeed|offers\/getall|orders)/.test(
          request.url,
        ),
      );
      expect(sellerCalls.map((request) => request.url)).toEqual([]);
    },
  );

  it('shows a seller their own screen', async () => {
    renderApp('/dashboard/selling/listings', {
      fetch: server(),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Listings' })).toBeTruthy();
    expect(await screen.findByRole('searchbox', { name: 'Search my listings' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'This page is for sellers' })).toBeNull();
  });

  it('folds the navigation behind one menu button that names the current page', async () => {
    renderApp('/dashboard/selling/orders', {
      fetch: server(),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const button = within(nav).getByRole('button', { name: /Dashboard menu/ });
    expect(button.textContent).toContain('Selling: Orders');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list?.contains(within(nav).getByRole('link', { name: 'Invoices' }))).toBe(true);

    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getAttribute('data-open')).toBe('true');

    await act(async () => fireEvent.click(within(nav).getByRole('link', { name: 'Invoices' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getByRole('button', { name: /Dashboard menu/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
