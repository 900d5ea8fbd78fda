import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../../shared/contract/saved-searches.ts';
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

const USER_ID = 'd1000000-0000-4000-8000-000000000001';

const search = (id: string, name: string, searchQuery: string, frequency = 'Daily'): SavedSearch =>
  ({
    id,
    userId: USER_ID,
    name,
    searchQuery,
    frequency,
    filters: null,
    createdAt: '2026-01-05T15:00:00.000Z',
  }) as SavedSearch;

const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);

/** The saved-search calls of the server, over a list kept here; every other call is unknown. */
function savedSearchServer(
  initial: SavedSearch[],
  refuse?: (body: Record<string, unknown>) => Response | null,
) {
  let searches = [...initial];
  return createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/getSavedSearches')
      return jsonResponse({ total: searches.length, results: searches });
    if (path === '/api/users/addOrUpdateSaveSearch') {
      const body = JSON.parse(String(request.body)) as Record<string, unknown>;
      const refused = refuse?.(body);
      if (refused) return refused;
      const existing = searches.find((one) => one.id === body.id);
      const saved = {
        ...(existing ?? search('e1000000-0000-4000-8000-000000000099', '', '')),
        ...body,
      } as SavedSearch;
      searches = existing ? searches.map((one) => (one.id === saved.id ? saved : one)) : [saved, ...searches];
      return jsonResponse(saved);
    }
    const deleted = /^\/api\/users\/deleteSaveSearch\/(.+)$/.exec(path);
    if (deleted && request.method === 'DELETE') {
      searches = searches.filter((one) => one.id !== deleted[1]);
      return jsonResponse({ success: true });
    }
    if (path === '/api/listings/search') {
      return jsonResponse({ total: 0, page: 1, pageSize: 24, results: [], facets: {} });
    }
    if (path === '/api/users/alert-settings') {
      return jsonResponse({
        emailDigest: true,
        defaultFrequency: 'Weekly',
        priceDrops: true,
        localListings: false,
        localZipCode: null,
        localDistance: 50,
      });
    }
    return notFound();
  });
}

const sent = (fetch: { requests: RecordedRequest[] }, path: string) =>
  fetch.requests
    .filter((request) => request.url.startsWith(path))
    .map((request) => JSON.parse(String(request.body)) as Record<string, unknown>);

const signedIn = () => createMemoryPlatform(fakeToken());

describe('the saved searches of the dashboard', () => {
  const glock = search('e1000000-0000-4000-8000-000000000001', 'Glock deals', 'keyword=glock&maxPrice=600');
  const local = search('e1000000-0000-4000-8000-000000000002', 'Near me', 'listingType=local&zipCode=75201');

  it('lists each search in words, with a link that opens it', async () => {
    renderApp('/dashboard/buying/savedsearches', {
      fetch: savedSearchServer([glock, local]),
      platform: signedIn(),
    });
    const list = await screen.findByRole('list', { name: 'Your saved searches' });
    expect(within(list).getByRole('heading', { name: 'Glock deals' })).toBeTruthy();
    expect(within(list).getByText('“glock” · up to $600.00')).toBeTruthy();
    expect(within(list).getByText('local pickup · within 50 miles of 75201')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Glock deals' }).getAttribute('href')).toBe(
      '/search?keyword=glock&maxPrice=600',
    );
  });

  it('renames a search, keeping its query and frequency', async () => {
    const fetch = savedSearchServer([glock]);
    renderApp('/dashboard/buying/savedsearches', { fetch, platform: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Glock deals' }));
    const field = screen.getByLabelText('New name for “Glock deals”');
    fireEvent.change(field, { target: { value: '  Cheap Glocks ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await findStatus()).textContent).toBe('Renamed to “Cheap Glocks”.');
    expect(sent(fetch, '/api/users/addOrUpdateSaveSearch')).toEqual([
      { id: glock.id, name: 'Cheap Glocks', searchQuery: glock.searchQuery, frequency: 'Daily' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Cheap Glocks' })).toBeTruthy();
  });

  it('keeps the typed name and says why when a rename is refused', async () => {
    const fetch = savedSearchServer([glock], () =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'The request is not valid.',
            fields: { name: 'Too odd.' },
          },
        },
        400,
      ),
    );
    renderApp('/dashboard/buying/savedsearches', { fetch, platform: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Glock deals' }));
    const field = screen.getByLabelText('New name for “Glock deals”') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Odd name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Too odd.')).toBeTruthy();
    expect(field.value).toBe('Odd name');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name the search.')).toBeTruthy();
    expect(sent(fetch, '/api/users/addOrUpdateSaveSearch')).toHaveLength(1);
  });

  it('changes how often a search alerts', async () => {
    const fetch = savedSearchServer([glock]);
    renderApp('/dashboard/buying/savedsearches', { fetch, platform: signedIn() });
    const select = await screen.findByLabelText('Alerts');
    fireEvent.change(select, { target: { value: 'Immediately' } });
    expect((await findStatus()).textContent).toBe('Alerts for “Glock deals”: as soon as they are listed.');
    expect(sent(fetch, '/api/users/addOrUpdateSaveSearch')[0]).toMatchObject({
      id: glock.id,
      frequency: 'Immediately',
    });
  });

  it('deletes a search after asking, and shows the empty state when none is left', async () => {
    const fetch = savedSearchServer([glock]);
    renderApp('/dashboard/buying/savedsearches', { fetch, platform: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Glock deals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Glock deals”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete search' }));
    expect(await screen.findByText(/You have no saved searches yet/)).toBeTruthy();
    expect((await findStatus()).textContent).toBe('“Glock deals” is deleted.');
    expect(fetch.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500));
    renderApp('/dashboard/buying/savedsearches', { fetch, platform: signedIn() });
    expect(await screen.findByText('Your saved searches could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('saving a search from /search', () => {
  it('saves the search with its name and frequency (the buyer’s default first), without the page number', async () => {
    const fetch = savedSearchServer([]);
    renderApp('/search?keyword=glock&page=2&sort=newest', { fetch, platform: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('glock');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Alert me about new matches') as HTMLSelectElement).value).toBe(
        'Weekly',
      ),
    );
    fireEvent.change(name, { target: { value: 'Newest Glocks' } });
    fireEvent.change(within(dialog).getByLabelText('Alert me about new matches'), {
      target: { value: 'Immediately' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(/Saved “Newest Glocks”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage your saved searches' }).getAttribute('href')).toBe(
      '/dashboard/buying/savedsearches',
    );
    expect(sent(fetch, '/api/users/addOrUpdateSaveSearch')).toEqual([
      { name: 'Newest Glocks', searchQuery: 'keyword=glock&sort=newest', frequency: 'Immediately' },
    ]);
  });

  it('sends a visitor to log in with the search, to be saved right after', async () => {
    const fetch = savedSearchServer([]);
    const { router } = renderApp('/search?keyword=glock', { fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in and save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      returnUrl: '/search?keyword=glock',
      searchName: 'glock',
      searchQuery: 'keyword=glock',
      frequency: 'Daily',
    });
    expect(sent(fetch, '/api/users/addOrUpdateSaveSearch')).toEqual([]);
  });
});
