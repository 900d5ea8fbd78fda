import { atom, useAtomValue, useStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';
import type { Favorite } from '../../../shared/contract/favorites.ts';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';
import { FAVORITES_MAX, isFavoritesAtMax } from '../../../shared/domain/listing-card.ts';
import { sessionAtom } from '../session/session.ts';
import { isObject } from '../stored-shape.ts';
import { useHydrated } from '../use-hydrated.ts';

/*
 * The signed-in buyer's favorites as the browser holds them: the server's list
 * plus the changes the server has not confirmed yet, kept in localStorage under `gafavorites`. The
 * favorites feature sends the changes (debounced) and merges the server's list back in; a change
 * the server could not take stays here and is sent again later. Listings toggle through this store.
 */

export type FavoriteChange = 'add' | 'remove';

/** One favorite as the browser keeps it. */
export interface StoredFavorite {
  card: ListingCard;
  /** When it was added: the server's time once confirmed, the browser's before. */
  addedAt: string;
}

export interface FavoritesState {
  /** Whose favorites these are; another account signing in starts afresh. */
  userId: string | null;
  /** Listing id → favorite. */
  items: Record<string, StoredFavorite>;
  /** Listing id → the change the server has not confirmed yet. */
  pending: Record<string, FavoriteChange>;
}

/*
 * Storage is checked for its shape here, without a schema library: this store is read by every
 * page's favorite hearts. The cards themselves are checked against the contract by the favorites
 * sync as it starts (`validCards`), before any screen shows one.
 */
function isFavoritesState(value: unknown): value is FavoritesState {
  if (!isObject(value) || !isObject(value.items) || !isObject(value.pending)) return false;
  if (value.userId !== null && typeof value.userId !== 'string') return false;
  const items = Object.values(value.items).every(
    (item) =>
      isObject(item) &&
      isObject(item.card) &&
      typeof item.card.id === 'string' &&
      typeof item.addedAt === 'string',
  );
  return items && Object.values(value.pending).every((change) => change === 'add' || change === 'remove');
}

export const EMPTY_FAVORITES: FavoritesState = { userId: null, items: {}, pending: {} };

const favoritesStorage = createJSONStorage<FavoritesState>(() => globalThis.localStorage);
const validatedStorage: typeof favoritesStorage = {
  ...favoritesStorage,
  // A damaged or foreign value reads as no favorites; the server's list fills them in again.
  getItem: (key, initialValue) => {
    const stored = favoritesStorage.getItem(key, initialValue);
    return isFavoritesState(stored) ? structuredClone(stored) : initialValue;
  },
};

export const favoritesAtom = atomWithStorage<FavoritesState>(
  STORAGE_KEYS.favorites,
  EMPTY_FAVORITES,
  validatedStorage,
  { getOnInit: true },
);

/** A message about a change the server refused (the maximum reached elsewhere, a listing gone). */
export const favoritesNoticeAtom = atom<string | null>(null);

export const FAVORITES_FULL_NOTICE = `You can keep at most ${FAVORITES_MAX} favorites. Remove one to add another.`;

// ---------------------------------------------------------------------------------------------
// The rules, as pure functions of the state
// ---------------------------------------------------------------------------------------------

/** The state for `userId`: kept when it is theirs, emptied when it belonged to someone else. */
export function forUser(state: FavoritesState, userId: string): FavoritesState {
  return state.userId === userId ? state : { userId, items: {}, pending: {} };
}

/** Newest first, as the server lists them. */
export function favoriteList(state: FavoritesState): StoredFavorite[] {
  return Object.values(state.items).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}

export function favoriteCount(state: FavoritesState): number {
  return Object.keys(state.items).length;
}

function withChange(state: FavoritesState, listingId: string, change: FavoriteChange): FavoritesState {
  return { ...state, pending: { ...state.pending, [listingId]: change } };
}

function added(state: FavoritesState, card: ListingCard, now: Date): FavoritesState {
  const items = { ...state.items, [card.id]: { card: { ...card, fav: true }, addedAt: now.toISOString() } };
  return withChange({ ...state, items }, card.id, 'add');
}

function removed(state: FavoritesState, listingId: string): FavoritesState {
  const { [listingId]: _gone, ...items } = state.items;
  return withChange({ ...state, items }, listingId, 'remove');
}

/**
 * The add, which toggles: a listing that already is a favorite is removed; any other is
 * added while under the maximum (at the maximum nothing changes: the toggle is a disabled add).
 */
export function toggleFavorite(
  state: FavoritesState,
  userId: string,
  card: ListingCard,
  now: Date = new Date(),
): FavoritesState {
  const own = forUser(state, userId);
  if (card.id in own.items) return removed(own, card.id);
  if (isFavoritesAtMax(favoriteCount(own))) return own;
  return added(own, card, now);
}

/** An add that never removes: the favorite a guest asked for before signing in. */
export const keepFavorite: typeof toggleFavorite = (state, userId, card, now = new Date()) => {
  const own = forUser(state, userId);
  return card.id in own.items ? own : toggleFavorite(own, userId, card, now);
};

/** Removes a favorite (the page's Remove); nothing when it is not one. */
export function dropFavorite(state: FavoritesState, userId: string, listingId: string): FavoritesState {
  const own = forUser(state, userId);
  return listingId in own.items ? removed(own, listingId) : own;
}

const fromServer = (favorite: Favorite): StoredFavorite => ({
  card: { ...favorite.searchResult, fav: true },
  addedAt: favorite.createdAt,
});

/**
 * The server's list with the browser's unconfirmed changes on top: a pending add keeps its
 * favorite, a pending remove keeps it out; everything else is as the server says (a favorite
 * removed on another device goes here too). Changes the server already reflects are settled.
 */
export function mergeServerFavorites(
  state: FavoritesState,
  userId: string,
  server: readonly Favorite[],
): FavoritesState {
  const own = forUser(state, userId);
  const items: Record<string, StoredFavorite> = {};
  for (const favorite of server) items[favorite.listingId] = fromServer(favorite);
  const pending: Record<string, FavoriteChange> = {};
  for (const [listingId, change] of Object.entries(own.pending)) {
    const onServer = listingId in items;
    if (change === 'add' && !onServer) {
      const local = own.items[listingId];
      if (local) {
        items[listingId] = local;
        pending[listingId] = change;
      }
    } else if (change === 'remove' && onServer) {
      delete items[listingId];
      pending[listingId] = change;
    }
  }
  return { userId, items, pending };
}

/** The server confirmed `change` of these listings; a newer change made meanwhile stays pending. */
export function settleChanges(
  state: FavoritesState,
  change: FavoriteChange,
  listingIds: readonly string[],
  confirmed?: Favorite,
): FavoritesState {
  const pending = { ...state.pending };
  for (const listingId of listingIds) if (pending[listingId] === change) delete pending[listingId];
  const items =
    confirmed && confirmed.listingId in state.items
      ? { ...state.items, [confirmed.listingId]: fromServer(confirmed) }
      : state.items;
  return { ...state, items, pending };
}

/** Only the favorites whose cards are valid (`isCard`: the contract's check); the rest are dropped. */
export function validCards(state: FavoritesState, isCard: (card: unknown) => boolean): FavoritesState {
  const invalid = Object.keys(state.items).filter((listingId) => !isCard(state.items[listingId]?.card));
  if (invalid.length === 0) return state;
  const items = { ...state.items };
  const pending = { ...state.pending };
  for (const listingId of invalid) {
    delete items[listingId];
    if (pending[listingId] === 'add') delete pending[listingId];
  }
  return { ...state, items, pending };
}

/** The server refused an add for good (its maximum reached elsewhere, the listing gone): undo it here. */
export function refuseAdd(state: FavoritesState, listingId: string): FavoritesState {
  if (state.pending[listingId] !== 'add') return state;
  const { [listingId]: _gone, ...items } = state.items;
  const { [listingId]: _change, ...pending } = state.pending;
  return { ...state, items, pending };
}

// ---------------------------------------------------------------------------------------------
// Hooks for the screens
// ---------------------------------------------------------------------------------------------

export interface FavoritesView {
  /** Signed in with the session read; guests have no favorites (they sign in first). */
  signedIn: boolean;
  favorites: StoredFavorite[];
  count: number;
  isFavorite(listingId: string): boolean;
  /** Changes the server has not confirmed yet, by listing. */
  pending: Readonly<Record<string, FavoriteChange>>;
}

/** The signed-in user's favorites; empty for guests and while a server-rendered page hydrates. */
export function useFavorites(): FavoritesView {
  const state = useAtomValue(favoritesAtom);
  const session = useAtomValue(sessionAtom);
  const hydrated = useHydrated();
  const userId = session.status === 'signedIn' ? session.user.id : null;
  const own = hydrated && userId !== null && state.userId === userId ? state : null;
  const favorites = own ? favoriteList(own) : [];
  return {
    signedIn: hydrated && userId !== null,
    favorites,
    count: favorites.length,
    isFavorite: (listingId) => own !== null && listingId in own.items,
    pending: own?.pending ?? {},
  };
}

type JotaiStore = ReturnType<typeof useStore>;

/** Applies a change for the signed-in user and answers the new state; null when nobody is signed in. */
function change(
  store: JotaiStore,
  apply: (state: FavoritesState, userId: string) => FavoritesState,
): FavoritesState | null {
  const session = store.get(sessionAtom);
  if (session.status !== 'signedIn') return null;
  const next = apply(store.get(favoritesAtom), session.user.id);
  store.set(favoritesAtom, next);
  return next;
}

export interface FavoriteActions {
  /** The toggle: remove a favorite, add any other while under the maximum. */
  toggle(card: ListingCard): void;
  /** After a guest signed in: add unless already a favorite (says so when the maximum is reached). */
  keep(card: ListingCard): void;
  remove(listingId: string): void;
}

export function useFavoriteActions(): FavoriteActions {
  const store = useStore();
  const toggle = useCallback(
    (card: ListingCard) => void change(store, (state, userId) => toggleFavorite(state, userId, card)),
    [store],
  );
  const keep = useCallback(
    (card: ListingCard) => {
      const next = change(store, (state, userId) => keepFavorite(state, userId, card));
      if (next && !(card.id in next.items)) store.set(favoritesNoticeAtom, FAVORITES_FULL_NOTICE);
    },
    [store],
  );
  const remove = useCallback(
    (listingId: string) => void change(store, (state, userId) => dropFavorite(state, userId, listingId)),
    [store],
  );
  return { toggle, keep, remove };
}
