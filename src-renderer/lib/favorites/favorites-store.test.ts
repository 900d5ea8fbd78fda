import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { FAVORITES_USER_ID, favoriteOf, numberedCard } from '../../testing/favorite-fixtures.ts';
import {
  EMPTY_FAVORITES,
  type FavoritesState,
  favoriteList,
  favoritesAtom,
  keepFavorite,
  mergeServerFavorites,
  refuseAdd,
  settleChanges,
  toggleFavorite,
  validCards,
} from './favorites-store.ts';

const USER = FAVORITES_USER_ID;
const card = (n: number) => numberedCard(n);
const at = (n: number) => new Date(Date.UTC(2026, 0, n));
const serverFavorite = favoriteOf;

function withFavorites(count: number): FavoritesState {
  let state: FavoritesState = EMPTY_FAVORITES;
  for (let n = 1; n <= count; n++) state = toggleFavorite(state, USER, card(n), at(n));
  return state;
}

describe('the favorites store', () => {
  it('toggles: adds, and adding a favorite again removes it; each change waits to be sent', () => {
    const added = toggleFavorite(EMPTY_FAVORITES, USER, card(1), at(1));
    expect(added.userId).toBe(USER);
    expect(added.items[card(1).id]?.card.fav).toBe(true);
    expect(added.pending).toEqual({ [card(1).id]: 'add' });
    const removed = toggleFavorite(added, USER, card(1));
    expect(removed.items).toEqual({});
    expect(removed.pending).toEqual({ [card(1).id]: 'remove' });
  });

  it('adds nothing at 10 favorites', () => {
    const full = withFavorites(10);
    expect(toggleFavorite(full, USER, card(11))).toBe(full);
    expect(keepFavorite(full, USER, card(11))).toBe(full);
  });

  it('keeps an existing favorite when asked to keep it', () => {
    const state = withFavorites(1);
    expect(keepFavorite(state, USER, card(1))).toBe(state);
  });

  it('lists newest first', () => {
    expect(favoriteList(withFavorites(3)).map((f) => f.card.id)).toEqual([
      card(3).id,
      card(2).id,
      card(1).id,
    ]);
  });

  it("merges the server's list under the changes not yet sent", () => {
    // Local: 1 added (unsent), 2 removed (unsent), 3 confirmed earlier.
    let state = withFavorites(3);
    state = settleChanges(state, 'add', [card(2).id, card(3).id]);
    state = toggleFavorite(state, USER, card(2));
    // Server: 2 (not yet removed there), 4 (added on another device); 3 was removed elsewhere.
    const merged = mergeServerFavorites(state, USER, [
      serverFavorite(card(4), 4),
      serverFavorite(card(2), 2),
    ]);
    expect(Object.keys(merged.items).sort()).toEqual([card(1).id, card(4).id].sort());
    expect(merged.pending).toEqual({ [card(1).id]: 'add', [card(2).id]: 'remove' });
  });

  it('settles changes the server already shows', () => {
    const state = withFavorites(1);
    const merged = mergeServerFavorites(state, USER, [serverFavorite(card(1), 1)]);
    expect(merged.pending).toEqual({});
    expect(merged.items[card(1).id]?.addedAt).toBe(at(1).toISOString());
  });

  it('starts afresh for another account, and keeps a newer change when an older one settles', () => {
    const other = mergeServerFavorites(withFavorites(2), 'd1000000-0000-4000-8000-000000000002', []);
    expect(other.items).toEqual({});
    expect(other.pending).toEqual({});

    const removedAgain = toggleFavorite(withFavorites(1), USER, card(1));
    expect(settleChanges(removedAgain, 'add', [card(1).id]).pending).toEqual({ [card(1).id]: 'remove' });
  });

  it('undoes an add the server refused', () => {
    const refused = refuseAdd(withFavorites(2), card(2).id);
    expect(Object.keys(refused.items)).toEqual([card(1).id]);
    expect(refused.pending).toEqual({ [card(1).id]: 'add' });
  });

  it('drops favorites whose cards are not valid, with their unsent adds', () => {
    const state = settleChanges(withFavorites(3), 'add', [card(3).id]);
    const damaged: FavoritesState = {
      ...state,
      items: {
        ...state.items,
        [card(3).id]: { card: { id: card(3).id } as ListingCard, addedAt: at(3).toISOString() },
      },
    };
    const checked = validCards(damaged, (value) => typeof (value as ListingCard).title === 'string');
    expect(Object.keys(checked.items).sort()).toEqual([card(1).id, card(2).id].sort());
    expect(checked.pending).toEqual({ [card(1).id]: 'add', [card(2).id]: 'add' });
    expect(validCards(state, () => true)).toBe(state);
  });

  it('reads damaged storage as no favorites', () => {
    localStorage.setItem('gafavorites', '{"userId": 5, "items": []}');
    expect(createStore().get(favoritesAtom)).toEqual(EMPTY_FAVORITES);
    localStorage.clear();
  });
});
