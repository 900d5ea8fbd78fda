import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../../shared/contract/users.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function renderSummary(summary: DashboardSummary) {
  const fetch = createFakeFetch((request) =>
    request.url.includes('/api/userdashboard/summary/')
      ? jsonResponse(summary)
      : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
  );
  renderApp('/dashboard', { fetch, platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)) });
}

const labels = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the dashboard summary', () => {
  it('shows the figures the server counts and leaves out the ones it does not send', async () => {
    renderSummary({
      buying: { favorites: 2, savedSearches: 3, openOrders: 1 },
      selling: { activeListings: 4, soldListings: 1, closedListings: 1, openOrders: 2 },
      billing: { pastDueAmount: 0 },
    });
    const buying = await screen.findByRole('region', { name: 'Buying' });
    expect(labels(buying)).toEqual(['Open orders', 'Favorites', 'Saved searches']);
    expect(
      within(buying).getByRole('link', { name: 'Saved searches' }).closest('div')?.textContent,
    ).toContain('3');
    expect(labels(screen.getByRole('region', { name: 'Selling' }))).toEqual([
      'Active listings',
      'Sold',
      'Open orders',
    ]);
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(labels(screen.getByRole('region', { name: 'Billing' }))).toEqual(['Past due']);
  });

  it('shows offers, unread messages and escrow once the server counts them', async () => {
    renderSummary({
      buying: { favorites: 0, savedSearches: 0, openOrders: 0, offers: 5 },
      selling: null,
      messages: { unread: 7 },
      billing: { pastDueAmount: 0, escrowBalance: 12.5 },
    });
    const buying = await screen.findByRole('region', { name: 'Buying' });
    expect(labels(buying)).toContain('Offers');
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('7')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Billing' })).getByText('$12.50')).toBeTruthy();
  });
});
