import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingLifecycleMessage, RELIST_FAILURE } from '../../../shared/contract/listings.ts';
import type {
  ListingsGetAllRequest,
  ListingsGetAllResponse,
  SellerListing,
  SellerListingCounts,
} from '../../../shared/contract/seller-listings.ts';
import { ListingOption } from '../../../shared/domain/listing.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { listingCard } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

function sellerListing(n: number, overrides: Partial<SellerListing> = {}): SellerListing {
  const id = `5e11e700-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    ...listingCard({ id, title: `Listing ${n}`, listingURL: `/${id}/listing-${n}`, price: 100 * n }),
    legacyId: null,
    listingNumber: 1000 + n,
    isActive: true,
    isSold: false,
    listingStartDate: `2026-10-${String(n).padStart(2, '0')}T12:00:00.000Z`,
    listingEndDate: null,
    ...overrides,
  };
}

const ACTIVE = [sellerListing(1), sellerListing(2)];
const OUT_OF_STOCK = [sellerListing(3, { quantity: 0 })];
const SOLD = [sellerListing(4, { isActive: false, isSold: true })];
const CLOSED = [sellerListing(5, { isActive: false }), sellerListing(6, { isActive: false })];
const FROZEN = [sellerListing(7, { isActive: false, listingOptions: ListingOption.FrozenDueToFraud })];
const BY_STATUS: Record<Exclude<keyof SellerListingCounts, 'all'>, SellerListing[]> = {
  active: ACTIVE,
  outOfStock: OUT_OF_STOCK,
  sold: SOLD,
  closed: CLOSED,
  frozen: FROZEN,
};
const ALL = Object.values(BY_STATUS).flat();

const ORDER: Record<string, (a: SellerListing, b: SellerListing) => number> = {
  newest: (a, b) => b.listingStartDate.localeCompare(a.listingStartDate),
  oldest: (a, b) => a.listingStartDate.localeCompare(b.listingStartDate),
  priceAsc: (a, b) => a.price - b.price,
  priceDesc: (a, b) => b.price - a.price,
  title: (a, b) => a.title.localeCompare(b.title),
};

/** Answers POST /listings/getall in the server's shape: one tab, sorted and paged, with every tab's count. */
function getAll(request: RecordedRequest): Response {
  const { filters, page = 1, pageSize = 24 }: ListingsGetAllRequest = JSON.parse(String(request.body));
  const status = filters?.status ?? 'active';
  const matches = (listing: SellerListing) => !filters?.keyword || listing.title.includes(filters.keyword);
  const inTab = (status === 'all' ? ALL : BY_STATUS[status]).filter(matches);
  const counts = {
    ...Object.fromEntries(
      Object.entries(BY_STATUS).map(([tab, listings]) => [tab, listings.filter(matches).length]),
    ),
    all: ALL.filter(matches).length,
  } as SellerListingCounts;
  const sorted = [...inTab].sort(ORDER[filters?.sort ?? 'newest']);
  const response: ListingsGetAllResponse = {
    total: counts[status],
    page,
    pageSize,
    results: sorted.slice((page - 1) * pageSize, page * pageSize),
    counts,
  };
  return jsonResponse(response);
}

function server(overrides: Record<string, (request: RecordedRequest) => Response> = {}) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const override = Object.entries(overrides).find(([prefix]) => path.startsWith(prefix))?.[1];
    if (override) return override(request);
    if (path === '/api/listings/getall') return getAll(request);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function renderMyListings(url: string, fetch: ReturnType<typeof server>) {
  return renderApp(url, { fetch, platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)) });
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const tabs = () => within(screen.getByRole('navigation', { name: 'Listing states' }));
const rowTitles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('checkbox', { name: /^Select Listing/ })
    .map((box) => box.getAttribute('aria-label')?.replace('Select ', ''));

describe('my listings', () => {
  it('shows tabs by state with the server’s counts, one page of the chosen tab', async () => {
    const fetch = server();
    renderMyListings('/dashboard/selling/listings', fetch);
    await screen.findByRole('table');
    expect(tabs().getByRole('link', { name: 'Active 2 listings' }).getAttribute('aria-current')).toBe('page');
    expect(tabs().getByRole('link', { name: 'Frozen 1 listings' })).toBeTruthy();
    expect(tabs().getByRole('link', { name: 'Out of stock 1 listings' })).toBeTruthy();
    expect(tabs().getByRole('link', { name: 'Sold 1 listings' })).toBeTruthy();
    expect(tabs().getByRole('link', { name: 'Closed 2 listings' })).toBeTruthy();
    expect(rowTitles()).toEqual(['Listing 2', 'Listing 1']);

    await click(tabs().getByRole('link', { name: 'Out of stock 1 listings' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Listing 3']));
    expect(within(screen.getByRole('table')).getByText('Out of stock')).toBeTruthy();
    // Every tab's count comes with the page: one request per tab shown.
    const asked = fetch.requests
      .filter((request) => request.url === '/api/listings/getall')
      .map((request) => JSON.parse(String(request.body)));
    expect(asked).toEqual([
      { filters: { status: 'active', sort: 'newest' }, page: 1, pageSize: 20 },
      { filters: { status: 'outOfStock', sort: 'newest' }, page: 1, pageSize: 20 },
    ]);
  });

  it('searches and sorts inside the seller’s own listings', async () => {
    const fetch = server();
    renderMyListings('/dashboard/selling/listings?status=closed', fetch);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'priceDesc' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Listing 6', 'Listing 5']));

    const searchForm = within(screen.getByRole('form', { name: 'Search my listings' }));
    fireEvent.change(searchForm.getByRole('searchbox', { name: 'Search my listings' }), {
      target: { value: '6' },
    });
    await click(searchForm.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Listing 6']));
    const searched = fetch.requests
      .filter((request) => request.url === '/api/listings/getall')
      .map((request) => JSON.parse(String(request.body)).filters);
    expect(searched).toContainEqual({ status: 'closed', sort: 'priceDesc', keyword: '6' });
  });

  it('closes several selected listings and reports each one’s result', async () => {
    const closed: string[] = [];
    const fetch = server({
      '/api/listings/close/': (request) => {
        closed.push(request.url);
        return request.url.endsWith('000000000002')
          ? jsonResponse({ error: { code: 'forbidden', message: 'This listing is not yours.' } }, 403)
          : jsonResponse({ success: true });
      },
    });
    renderMyListings('/dashboard/selling/listings', fetch);
    await screen.findByRole('table');
    await click(screen.getByRole('checkbox', { name: 'Select Listing 1' }));
    await click(screen.getByRole('checkbox', { name: 'Select Listing 2' }));
    await click(screen.getByRole('button', { name: 'Close selected (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close 2 listings?' }));
    expect(closed).toEqual([]);
    await click(dialog.getByRole('button', { name: 'Close 2 listings' }));

    const report = await screen.findByText('1 of 2 done.');
    const lines = within(report.parentElement as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // In the table's order: newest first.
    expect(lines).toEqual(['Listing 2: This listing is not yours.', 'Listing 1: Closed']);
    expect(closed).toEqual([
      '/api/listings/close/5e11e700-0000-4000-8000-000000000002',
      '/api/listings/close/5e11e700-0000-4000-8000-000000000001',
    ]);
  });

  it('shows the spec’s text when relisting fails, and offers no relist for a frozen listing', async () => {
    const fetch = server({ '/api/listings/relist/': () => jsonResponse(RELIST_FAILURE, 500) });
    renderMyListings('/dashboard/selling/listings?status=closed', fetch);
    await screen.findByRole('table');
    await click(screen.getByRole('button', { name: 'Relist Listing 5' }));
    expect(await screen.findByText('Listing 5: Server error occurred while relisting.')).toBeTruthy();

    await click(tabs().getByRole('link', { name: 'Frozen 1 listings' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Listing 7']));
    expect(screen.queryByRole('button', { name: 'Relist Listing 7' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close Listing 7' })).toBeNull();
  });

  it('shows the server’s refusal when a listing cannot be relisted', async () => {
    const fetch = server({
      '/api/listings/relist/': () =>
        jsonResponse({ error: { code: 'conflict', message: ListingLifecycleMessage.FrozenRelist } }, 409),
    });
    renderMyListings('/dashboard/selling/listings?status=closed', fetch);
    await screen.findByRole('table');
    await click(screen.getByRole('button', { name: 'Relist Listing 6' }));
    expect(await screen.findByText(`Listing 6: ${ListingLifecycleMessage.FrozenRelist}`)).toBeTruthy();
  });

  it('closes a listing only after confirmation, saying it comes off sale', async () => {
    const closed: string[] = [];
    const fetch = server({
      '/api/listings/close/': (request) => {
        closed.push(request.url);
        return jsonResponse({ success: true });
      },
    });
    renderMyListings('/dashboard/selling/listings', fetch);
    await screen.findByRole('table');
    await click(screen.getByRole('button', { name: 'Close Listing 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close this listing?' }));
    expect(dialog.getByText(/“Listing 1” will come off sale/)).toBeTruthy();
    await click(dialog.getByRole('button', { name: 'Keep listing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(closed).toEqual([]);

    await click(screen.getByRole('button', { name: 'Close Listing 1' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close listing' }));
    expect(await screen.findByText('Listing 1: Closed')).toBeTruthy();
    expect(closed).toEqual(['/api/listings/close/5e11e700-0000-4000-8000-000000000001']);
  });

  it('deletes a listing only after confirmation', async () => {
    const deleted: string[] = [];
    const fetch = server({
      '/api/listings/delete/': (request) => {
        deleted.push(request.url);
        return jsonResponse({ success: true });
      },
    });
    renderMyListings('/dashboard/selling/listings?status=sold', fetch);
    await screen.findByRole('table');
    await click(screen.getByRole('button', { name: 'Delete Listing 4' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this listing?' }));
    await click(dialog.getByRole('button', { name: 'Keep listing' }));
    expect(deleted).toEqual([]);

    await click(screen.getByRole('button', { name: 'Delete Listing 4' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('Listing 4: Deleted')).toBeTruthy();
    expect(deleted).toEqual(['/api/listings/delete/5e11e700-0000-4000-8000-000000000004']);
  });

  it('says what to do when there are no listings', async () => {
    renderMyListings(
      '/dashboard/selling/listings',
      server({
        '/api/listings/getall': () =>
          jsonResponse({
            total: 0,
            page: 1,
            pageSize: 20,
            results: [],
            counts: { active: 0, sold: 0, closed: 0, frozen: 0, outOfStock: 0, all: 0 },
          } satisfies ListingsGetAllResponse),
      }),
    );
    expect(await screen.findByText('You have no active listings.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'List an Item' }).length).toBeGreaterThan(0);
  });
});
