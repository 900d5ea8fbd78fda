import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { Favorite } from '../../../shared/contract/favorites.ts';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { favoritesAtom, useFavoriteActions, useFavorites } from '../../lib/favorites/favorites-store.ts';
import { sessionAtom } from '../../lib/session/session.ts';
import { readSession } from '../../lib/session/session-token.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { FAVORITES_USER_ID as BUYER_ID, favoriteOf, numberedCard } from '../../testing/favorite-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { FavoritesSync } from './favorites-sync.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const card = (n: number, title: string) => numberedCard(n, { title });
const A = card(1, 'Alpha');
const B = card(2, 'Bravo');
const C = card(3, 'Charlie');

type Answer = 'ok' | 'fail' | 'offline' | 'full' | 'invalid';

/**
 * The favorites endpoints as the server answers them, over a list it keeps; `answers` says how
 * the next writes go (then 'ok'). Every request is recorded with when it arrived.
 */
function favoritesServer(initial: ListingCard[] = [], answers: Answer[] = []) {
  const list = new Map<string, Favorite>();
  for (const [n, listing] of initial.entries()) list.set(listing.id, favoriteOf(listing, n + 1));
  const cards = new Map([A, B, C].map((listing) => [listing.id, listing]));
  const writes: { at: number; method: string; path: string; body: unknown }[] = [];
  const fetch = createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (request.method === 'GET' && path === '/api/users/favorite-listings')
      return jsonResponse({ results: [...list.values()].reverse() });
    const body = request.body ? JSON.parse(String(request.body)) : undefined;
    writes.push({ at: performance.now(), method: request.method, path, body });
    const answer = answers.shift() ?? 'ok';
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer === 'fail') return jsonResponse({ error: { code: 'internal', message: 'Try later.' } }, 500);
    if (answer === 'invalid')
      return jsonResponse(
        { error: { code: 'validation_failed', message: 'Invalid.', fields: { ids: 'Expected an id.' } } },
        400,
      );
    if (answer === 'full')
      return jsonResponse(
        {
          error: {
            code: 'conflict',
            message: 'You can keep at most 10 favorites. Remove one to add another.',
          },
        },
        409,
      );
    if (path === '/api/users/favorite-listings') {
      const listing = cards.get(body.listingId)!;
      if (!list.has(listing.id)) list.set(listing.id, favoriteOf(listing, list.size + 10));
      return jsonResponse(list.get(listing.id));
    }
    if (path === '/api/users/delete-favorite-listings') {
      const removed = body.ids.filter((id: string) => list.delete(id)).length;
      return jsonResponse({ success: true, removed });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  return { fetch, list, writes };
}

/** A bare toggle on the favorites store (the listings feature's own is tested there). */
function FavoriteToggle({ listing }: { listing: ListingCard }) {
  const favorites = useFavorites();
  const { toggle } = useFavoriteActions();
  const on = favorites.isFavorite(listing.id);
  return (
    <button type="button" aria-pressed={on} onClick={() => toggle(listing)}>
      {on ? 'Remove from' : 'Add to'} favorites: {listing.title}
    </button>
  );
}

function renderSignedIn(server: ReturnType<typeof favoritesServer>, retryDelaysMs: readonly number[] = [30]) {
  const store = createStore();
  const token = fakeToken();
  store.set(sessionAtom, readSession(token));
  const view = renderWithRouter(
    <>
      <FavoritesSync retryDelaysMs={retryDelaysMs} />
      {[A, B, C].map((listing) => (
        <FavoriteToggle key={listing.id} listing={listing} />
      ))}
    </>,
    { store, platform: createMemoryPlatform(token), fetch: server.fetch },
  );
  return { ...view, store };
}

const toggleOf = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`favorites.*: ${title}$`) });
const isOn = (title: string) => toggleOf(title).getAttribute('aria-pressed') === 'true';
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('favorites sync', () => {
  it("shows the server's favorites once signed in", async () => {
    const server = favoritesServer([A]);
    const { store } = renderSignedIn(server);
    await waitFor(() => expect(isOn('Alpha')).toBe(true));
    expect(isOn('Bravo')).toBe(false);
    expect(store.get(favoritesAtom)).toMatchObject({ userId: BUYER_ID, pending: {} });
  });

  it('sends the changes 300 ms after the last one, as one remove and the adds that remain', async () => {
    const server = favoritesServer([A]);
    renderSignedIn(server);
    await waitFor(() => expect(isOn('Alpha')).toBe(true));

    fireEvent.click(toggleOf('Bravo'));
    await sleep(100);
    fireEvent.click(toggleOf('Charlie'));
    await sleep(100);
    fireEvent.click(toggleOf('Alpha'));
    fireEvent.click(toggleOf('Bravo'));
    const lastChange = performance.now();
    expect(server.writes).toEqual([]);

    await waitFor(() => expect(server.writes).toHaveLength(2));
    expect(server.writes[0]!.at - lastChange).toBeGreaterThanOrEqual(290);
    // Bravo was added and removed again before anything was sent: its remove is harmless.
    expect(server.writes.map(({ path, body }) => [path, body])).toEqual([
      ['/api/users/delete-favorite-listings', { ids: [B.id, A.id] }],
      ['/api/users/favorite-listings', { listingId: C.id }],
    ]);
    await waitFor(() => expect([...server.list.keys()]).toEqual([C.id]));
    expect([isOn('Alpha'), isOn('Bravo'), isOn('Charlie')]).toEqual([false, false, true]);
  });

  it('keeps a favorite the server could not take and sends it again later', async () => {
    const server = favoritesServer([], ['fail', 'fail']);
    // Waits long enough that a busy machine still looks between the sends.
    const { store } = renderSignedIn(server, [400, 800]);
    await waitFor(() => expect(server.fetch.requests.length).toBeGreaterThan(0));

    fireEvent.click(toggleOf('Bravo'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    // Refused by a failing server: still a favorite here, still waiting to be sent.
    await sleep(10);
    expect(isOn('Bravo')).toBe(true);
    expect(store.get(favoritesAtom).pending).toEqual({ [B.id]: 'add' });
    expect(JSON.parse(localStorage.getItem('gafavorites') ?? '{}').items).toHaveProperty(B.id);

    await waitFor(() => expect(server.list.has(B.id)).toBe(true), { timeout: 5000 });
    expect(server.writes).toHaveLength(3);
    // Waited longer each time.
    const [first, second, third] = server.writes.map((write) => write.at);
    expect(second! - first!).toBeGreaterThanOrEqual(395);
    expect(third! - second!).toBeGreaterThanOrEqual(795);
    await waitFor(() => expect(store.get(favoritesAtom).pending).toEqual({}));
    expect(isOn('Bravo')).toBe(true);
  });

  it('sends again as soon as the browser is back online', async () => {
    const server = favoritesServer([], ['offline']);
    renderSignedIn(server, [60_000]);
    await waitFor(() => expect(server.fetch.requests.length).toBeGreaterThan(0));

    fireEvent.click(toggleOf('Charlie'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    await sleep(20);
    expect(isOn('Charlie')).toBe(true);
    expect(server.list.has(C.id)).toBe(false);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(server.list.has(C.id)).toBe(true));
  });

  it('undoes an add the server refuses because the favorites are full, and says so', async () => {
    const server = favoritesServer([], ['full']);
    const { store } = renderSignedIn(server);
    await waitFor(() => expect(server.fetch.requests.length).toBeGreaterThan(0));

    fireEvent.click(toggleOf('Alpha'));
    expect(isOn('Alpha')).toBe(true);
    await waitFor(() => expect(isOn('Alpha')).toBe(false));
    expect(store.get(favoritesAtom).pending).toEqual({});
    const notice = screen.getByText('You can keep at most 10 favorites. Remove one to add another.');
    // Announced politely where it appears.
    expect(notice.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/at most 10 favorites/)).toBeNull();
  });

  it('gives up a remove the server cannot read rather than sending it again and again', async () => {
    const server = favoritesServer([A], ['invalid']);
    const { store } = renderSignedIn(server);
    await waitFor(() => expect(isOn('Alpha')).toBe(true));
    fireEvent.click(toggleOf('Alpha'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    await waitFor(() => expect(store.get(favoritesAtom).pending).toEqual({}));
    await sleep(100);
    expect(server.writes).toHaveLength(1);
  });

  it("starts afresh when another account signs in, keeping none of the last one's favorites", async () => {
    localStorage.setItem(
      'gafavorites',
      JSON.stringify({
        userId: 'd1000000-0000-4000-8000-000000000099',
        items: { [C.id]: { card: C, addedAt: '2026-01-01T00:00:00.000Z' } },
        pending: { [C.id]: 'add' },
      }),
    );
    const server = favoritesServer([B]);
    renderSignedIn(server);
    await waitFor(() => expect(isOn('Bravo')).toBe(true));
    expect(isOn('Charlie')).toBe(false);
    await sleep(350);
    expect(server.writes).toEqual([]);
  });
});
