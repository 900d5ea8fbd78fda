import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Favorite } from '../../../shared/contract/favorites.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { favoriteOf, numberedCard } from '../../testing/favorite-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const card = numberedCard;
const favorite = favoriteOf;

const SIG = card(1, { title: 'Sig Sauer P365 XL', displayPrice: 549.99, price: 549.99, quantity: 1 });
const RUGER = card(2, { title: 'Ruger 10/22 Carbine', displayPrice: 329, price: 329, quantity: 5 });
const COLT = card(3, { title: 'Colt Python 6 inch', displayPrice: 1499, price: 1499, quantity: 2 });

/** The server's favorites list (newest first) and what the client sends to it. */
function favoritesServer(results: Favorite[] | 'error' = []) {
  let answer = results;
  let release: (() => void) | null = null;
  const fetch = createFakeFetch(async (request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/favorite-listings' && request.method === 'GET') {
      if (release === null && holding) await new Promise<void>((resolve) => (release = resolve));
      return answer === 'error'
        ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, 500)
        : jsonResponse({ results: answer });
    }
    if (path === '/api/users/delete-favorite-listings') {
      const { ids } = JSON.parse(String(request.body)) as { ids: string[] };
      if (answer !== 'error') answer = answer.filter((f) => !ids.includes(f.listingId));
      return jsonResponse({ success: true, removed: ids.length });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  let holding = false;
  return {
    fetch,
    /** Holds the next list request until `release` is called. */
    hold: () => {
      holding = true;
    },
    release: () => release?.(),
    answer: (next: Favorite[] | 'error') => {
      answer = next;
    },
    writes: () => fetch.requests.filter((r) => r.method === 'POST' && r.url.includes('favorite-listings')),
  };
}

const signedIn = () => createMemoryPlatform(fakeToken());
const favoritesButton = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Favorites/ });

describe('favorites side sheet', () => {
  it('asks a guest to log in, counts 0 of 10 and closes with Escape, back to the button', async () => {
    renderApp('/about-us', { fetch: favoritesServer().fetch });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(favoritesButton().textContent).toBe('Favorites');
    expect(favoritesButton().querySelector('[class*="dot"]')).toBeNull();

    fireEvent.click(favoritesButton());
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    expect(within(sheet).getByText('Please log in to add your favorites')).toBeTruthy();
    expect(within(sheet).getByText('0 of 10')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'See All' }).getAttribute('href')).toBe(
      '/dashboard/buying/favorites',
    );
    expect(within(sheet).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fabout-us',
    );
    expect(sheet.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(sheet, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(favoritesButton());
  });

  it("says 'No favorites' to a signed-in user who has none", async () => {
    renderApp('/about-us', { fetch: favoritesServer([]).fetch, platform: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    fireEvent.click(favoritesButton());
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    expect(within(sheet).getByText('No favorites')).toBeTruthy();
    expect(within(sheet).queryByText('Please log in to add your favorites')).toBeNull();
  });

  it('shows the red dot, the count out of 10 and the favorites as product cards; removing one keeps focus inside', async () => {
    const server = favoritesServer([favorite(RUGER, 2), favorite(SIG, 1)]);
    renderApp('/about-us', { fetch: server.fetch, platform: signedIn() });
    await waitFor(() => expect(favoritesButton().textContent).toBe('Favorites, 2 of 10'));
    expect(favoritesButton().querySelector('[class*="dot"]')).not.toBeNull();

    fireEvent.click(favoritesButton());
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    expect(within(sheet).getByText('2 of 10')).toBeTruthy();
    const cards = await within(sheet).findAllByTestId('product-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Ruger 10/22 Carbine',
      'Sig Sauer P365 XL',
    ]);

    fireEvent.click(
      within(sheet).getByRole('button', { name: 'Remove from favorites: Ruger 10/22 Carbine' }),
    );
    await waitFor(() => expect(within(sheet).getAllByTestId('product-card')).toHaveLength(1));
    expect(within(sheet).getByText('1 of 10')).toBeTruthy();
    expect(sheet.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(JSON.parse(String(server.writes()[0]!.body))).toEqual({ ids: [RUGER.id] });
  });

  it('closes when a card is followed', async () => {
    const { router } = renderApp('/about-us', {
      fetch: favoritesServer([favorite(SIG, 1)]).fetch,
      platform: signedIn(),
    });
    await waitFor(() => expect(favoritesButton().textContent).toBe('Favorites, 1 of 10'));
    fireEvent.click(favoritesButton());
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    fireEvent.click(await within(sheet).findByRole('link', { name: 'Sig Sauer P365 XL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SIG.listingURL));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Favorites' })).toBeNull());
  });

  it('does not open on the favorites page', async () => {
    const { router } = renderApp('/dashboard/buying/favorites', {
      fetch: favoritesServer([favorite(SIG, 1)]).fetch,
      platform: signedIn(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Favorites' });
    await waitFor(() => expect(favoritesButton().textContent).toBe('Favorites, 1 of 10'));
    fireEvent.click(favoritesButton());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog', { name: 'Favorites' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/buying/favorites');
  });
});

describe('favorites page', () => {
  it('shows a loading state, then each favorite with its price and stock changes since added', async () => {
    const server = favoritesServer([
      favorite(COLT, 3, { available: false }),
      favorite(RUGER, 2),
      favorite(SIG, 1, { priceWhenAdded: 599.99, quantityWhenAdded: 4 }),
    ]);
    server.hold();
    renderApp('/dashboard/buying/favorites', { fetch: server.fetch, platform: signedIn() });
    expect(await screen.findByText('Loading your favorites')).toBeTruthy();
    server.release();

    const list = await screen.findByRole('list', { name: 'Favorites' });
    const rows = within(list).getAllByRole('listitem', { name: /./ });
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Colt Python 6 inch',
      'Ruger 10/22 Carbine',
      'Sig Sauer P365 XL',
    ]);
    const [colt, ruger, sig] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sig).getByText('$549.99')).toBeTruthy();
    expect(
      within(within(sig).getByRole('list', { name: 'Changes since added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Price dropped $50.00 (was $599.99)', 'Only 1 left (4 when added)']);
    expect(within(ruger).getByText('No change in price or stock since added.')).toBeTruthy();
    expect(within(colt).getByText('No longer for sale')).toBeTruthy();
    expect(within(sig).getByRole('link', { name: 'Sig Sauer P365 XL' }).getAttribute('href')).toBe(
      SIG.listingURL,
    );
    expect(screen.getByText('3 of 10 favorites')).toBeTruthy();
  });

  it('removes a favorite from the list and from the server', async () => {
    const server = favoritesServer([favorite(RUGER, 2), favorite(SIG, 1)]);
    renderApp('/dashboard/buying/favorites', { fetch: server.fetch, platform: signedIn() });
    const list = await screen.findByRole('list', { name: 'Favorites' });
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Sig Sauer P365 XL from favorites' }));
    expect(within(list).queryByText('Sig Sauer P365 XL')).toBeNull();
    expect(screen.getByText('1 of 10 favorites')).toBeTruthy();
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(JSON.parse(String(server.writes()[0]!.body))).toEqual({ ids: [SIG.id] });
  });

  it('says what to do when there are no favorites', async () => {
    renderApp('/dashboard/buying/favorites', { fetch: favoritesServer([]).fetch, platform: signedIn() });
    expect(await screen.findByText('No favorites')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse listings' }).getAttribute('href')).toBe('/search');
  });

  it('says so when the favorites cannot be loaded, and tries again', async () => {
    const server = favoritesServer('error');
    renderApp('/dashboard/buying/favorites', { fetch: server.fetch, platform: signedIn() });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your favorites could not be loaded. Please try again.',
    );
    expect(screen.queryByText('No favorites')).toBeNull();
    server.answer([favorite(SIG, 1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Favorites' });
    expect(within(list).getByText('Sig Sauer P365 XL')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
