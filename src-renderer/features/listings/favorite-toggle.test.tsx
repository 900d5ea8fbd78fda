import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favoritesAtom } from '../../lib/favorites/favorites-store.ts';
import { onLoginRequest } from '../../lib/session/login-request.ts';
import { sessionAtom } from '../../lib/session/session.ts';
import { readSession } from '../../lib/session/session-token.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { listingCard } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { FavoriteToggle } from './favorite-toggle.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const BUYER_ID = 'd1000000-0000-4000-8000-000000000001';
const id = (n: number) => `3f2b9c1e-7a4d-4e8b-9c0f-${String(n).padStart(12, '0')}`;

/** A store with the buyer signed in, as the session sync leaves it. */
function signedInStore() {
  const store = createStore();
  const token = fakeToken();
  store.set(sessionAtom, readSession(token));
  return { store, platform: createMemoryPlatform(token) };
}

const toggle = () => screen.getByRole('button', { name: /favorites/ });

describe('favorite toggle', () => {
  it('adds for a signed-in user, and adding it again removes it', () => {
    const { store, platform } = signedInStore();
    const listing = listingCard({ title: 'Glock 19' });
    renderWithRouter(<FavoriteToggle listing={listing} />, { store, platform });

    expect(toggle().getAttribute('aria-label')).toBe('Add to favorites: Glock 19');
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-label')).toBe('Remove from favorites: Glock 19');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    const state = store.get(favoritesAtom);
    expect(state.userId).toBe(BUYER_ID);
    expect(state.items[listing.id]?.card).toMatchObject({ id: listing.id, title: 'Glock 19', fav: true });
    expect(state.pending).toEqual({ [listing.id]: 'add' });
    // Kept in the browser under its key.
    expect(JSON.parse(localStorage.getItem('gafavorites') ?? '{}').pending).toEqual({ [listing.id]: 'add' });

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-label')).toBe('Add to favorites: Glock 19');
    expect(store.get(favoritesAtom).items).toEqual({});
    expect(store.get(favoritesAtom).pending).toEqual({ [listing.id]: 'remove' });
  });

  it('is a disabled add at 10 favorites, while a favorite can still be removed', () => {
    const { store, platform } = signedInStore();
    const items = Object.fromEntries(
      Array.from({ length: 10 }, (_, n) => [
        id(n),
        { card: listingCard({ id: id(n) }), addedAt: new Date(2026, 0, n + 1).toISOString() },
      ]),
    );
    store.set(favoritesAtom, { userId: BUYER_ID, items, pending: {} });
    renderWithRouter(
      <>
        <FavoriteToggle listing={listingCard({ id: id(20), title: 'Eleventh' })} />
        <FavoriteToggle listing={listingCard({ id: id(3), title: 'Fourth' })} />
      </>,
      { store, platform },
    );
    const full = screen.getByRole('button', { name: 'Favorites are full (10 of 10): Eleventh' });
    expect((full as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favorites: Fourth' }));
    // One place free again: the add is enabled.
    expect(
      (screen.getByRole('button', { name: 'Add to favorites: Eleventh' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('asks a guest to log in, then adds the favorite for the account they signed in to', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'signedOut' });
    const platform = createMemoryPlatform();
    const reasons: (string | undefined)[] = [];
    // The login modal: stores the token and signs in, then settles the request.
    const stop = onLoginRequest((request) => {
      reasons.push(request.reason);
      const token = fakeToken();
      void platform.setToken(token).then(() => {
        store.set(sessionAtom, readSession(token));
        request.settle(true);
      });
    });
    try {
      const listing = listingCard({ title: 'Glock 19' });
      renderWithRouter(<FavoriteToggle listing={listing} />, { store, platform });
      expect(toggle().getAttribute('aria-label')).toBe('Add to favorites: Glock 19');
      fireEvent.click(toggle());
      await waitFor(() =>
        expect(toggle().getAttribute('aria-label')).toBe('Remove from favorites: Glock 19'),
      );
      expect(reasons).toEqual(['Log in to save your favorites.']);
      expect(store.get(favoritesAtom)).toMatchObject({
        userId: BUYER_ID,
        pending: { [listing.id]: 'add' },
      });
    } finally {
      stop();
    }
  });

  it('keeps an existing favorite when a guest signs in to add it again', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'signedOut' });
    const platform = createMemoryPlatform();
    const listing = listingCard({ title: 'Glock 19' });
    // The account already has it (from another device), merged in as the login finished.
    store.set(favoritesAtom, {
      userId: BUYER_ID,
      items: { [listing.id]: { card: listing, addedAt: '2026-01-01T00:00:00.000Z' } },
      pending: {},
    });
    const stop = onLoginRequest((request) => {
      store.set(sessionAtom, readSession(fakeToken()));
      request.settle(true);
    });
    try {
      renderWithRouter(<FavoriteToggle listing={listing} />, { store, platform });
      fireEvent.click(toggle());
      await waitFor(() =>
        expect(toggle().getAttribute('aria-label')).toBe('Remove from favorites: Glock 19'),
      );
      expect(store.get(favoritesAtom).pending).toEqual({});
    } finally {
      stop();
    }
  });

  it('adds nothing when the guest closes the login modal', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'signedOut' });
    const settled = vi.fn();
    const stop = onLoginRequest((request) => {
      request.settle(false);
      settled();
    });
    try {
      renderWithRouter(<FavoriteToggle listing={listingCard()} />, { store });
      fireEvent.click(toggle());
      await waitFor(() => expect(settled).toHaveBeenCalledOnce());
      expect(store.get(favoritesAtom).items).toEqual({});
      expect(toggle().getAttribute('aria-pressed')).toBe('false');
    } finally {
      stop();
    }
  });
});
