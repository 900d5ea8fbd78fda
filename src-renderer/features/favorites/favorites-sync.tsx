import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_IDS_PER_REQUEST } from '../../../shared/contract/common.ts';
import { FAVORITES_DEBOUNCE_MS } from '../../../shared/domain/constants.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { FAVORITES_QUERY_KEY } from '../../lib/favorites/favorites-query-key.ts';
import {
  FAVORITES_FULL_NOTICE,
  type FavoritesState,
  favoritesAtom,
  favoritesNoticeAtom,
  forUser,
  mergeServerFavorites,
  refuseAdd,
  settleChanges,
  validCards,
} from '../../lib/favorites/favorites-store.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import dialogStyles from '../../ui/modal-dialog.module.css';
import { useServerFavorites } from './api/use-server-favorites.ts';
import styles from './favorites.module.css';

/** Waits before sending again what the server could not take, growing after each failure. */
export const FAVORITES_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;

type Outcome = 'done' | 'retry' | 'signedOut';

const GONE_NOTICE = 'A listing could not be added to your favorites: it is no longer available.';

/** Whether a failed call is worth sending again: the network, the server's trouble, a busy server. */
function isTransient(error: unknown): boolean {
  return (
    !isApiError(error) ||
    error.status === 0 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500
  );
}

export interface FavoritesSyncProps {
  /** For tests: how long to wait before each retry. */
  retryDelaysMs?: readonly number[];
}

/**
 * Keeps the browser's favorites and the server's in step. The server's list is
 * merged in when a user signs in (and whenever it is fetched again); every change is sent 300 ms
 * after the last one. A change the server could not take (offline, a server error) stays in the
 * browser and is sent again later, on a growing delay and as soon as the browser is back online.
 * A change the server refuses for good (the maximum reached from another device, a listing gone)
 * is undone here, with a notice.
 */
export function FavoritesSync({ retryDelaysMs = FAVORITES_RETRY_DELAYS_MS }: FavoritesSyncProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const store = useStore();
  const userId = useCurrentUser()?.id ?? null;
  const state = useAtomValue(favoritesAtom);
  const server = useServerFavorites();
  const [mergedFor, setMergedFor] = useState<string | null>(null);
  const [notice, setNotice] = useAtom(favoritesNoticeAtom);
  const sync = useRef<{
    busy: boolean;
    failures: number;
    timer?: ReturnType<typeof setTimeout>;
    retrying: boolean;
  }>({
    busy: false,
    failures: 0,
    retrying: false,
  });

  // Cards kept from an earlier version or damaged in storage are dropped. The card's schema loads
  // here rather than with every page's first JavaScript; until then only the toggles' ids are used.
  useEffect(() => {
    void import('../../../shared/contract/listing-shapes.ts').then(({ listingCardSchema }) =>
      store.set(favoritesAtom, (current) =>
        validCards(current, (card) => listingCardSchema.safeParse(card).success),
      ),
    );
  }, [store]);

  // The server's list, with the changes not yet sent on top.
  useEffect(() => {
    if (userId === null || !server.data) return;
    store.set(favoritesAtom, (current) => mergeServerFavorites(current, userId, server.data.results));
    setMergedFor(userId);
  }, [store, userId, server.data]);

  useEffect(() => {
    if (userId === null) setMergedFor(null);
    else store.set(favoritesAtom, (current) => forUser(current, userId));
  }, [store, userId]);

  /** Sends every pending change once; answers whether to try again later. */
  const send = async (): Promise<Outcome> => {
    const snapshot = store.get(favoritesAtom);
    if (userId === null || snapshot.userId !== userId) return 'done';
    const changes = Object.entries(snapshot.pending);
    const update = (apply: (current: FavoritesState) => FavoritesState) => store.set(favoritesAtom, apply);
    let outcome = 'done' as Outcome;
    const failed = (error: unknown) => {
      if (isApiError(error) && error.status === 401) outcome = 'signedOut';
      else if (outcome === 'done') outcome = 'retry';
    };
    const removals = changes
      .filter(([, change]) => change === 'remove')
      .map(([listingId]) => listingId)
      .slice(0, MAX_IDS_PER_REQUEST);
    if (removals.length > 0) {
      try {
        await api.call('usersDeleteFavoriteListings', { body: { ids: removals } });
        update((current) => settleChanges(current, 'remove', removals));
      } catch (error) {
        // Refused for good (ids the server cannot read): nothing to send again.
        if (isTransient(error) || (isApiError(error) && error.status === 401)) failed(error);
        else update((current) => settleChanges(current, 'remove', removals));
      }
    }
    for (const [listingId] of changes.filter(([, change]) => change === 'add')) {
      if (outcome === 'signedOut') break;
      try {
        const favorite = await api.call('usersAddFavoriteListing', { body: { listingId } });
        update((current) => settleChanges(current, 'add', [listingId], favorite));
      } catch (error) {
        if (isTransient(error) || (isApiError(error) && error.status === 401)) {
          failed(error);
        } else {
          // Refused for good: full on the server, the listing gone, or not a listing at all.
          update((current) => refuseAdd(current, listingId));
          setNotice(isApiError(error) && error.status === 409 ? FAVORITES_FULL_NOTICE : GONE_NOTICE);
        }
      }
    }
    return outcome;
  };
  /** Sends, then decides what comes next: a retry later, the changes made meanwhile, or nothing. */
  const run = async () => {
    const current = sync.current;
    current.retrying = false;
    current.busy = true;
    const outcome = await send();
    current.busy = false;
    // What the server holds now is merged again (another device may have changed it too).
    void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    if (outcome === 'signedOut') return;
    if (outcome === 'retry') {
      current.retrying = true;
      const delay = retryDelaysMs[Math.min(current.failures, retryDelaysMs.length - 1)] ?? 60_000;
      current.failures += 1;
      schedule(delay);
      return;
    }
    current.failures = 0;
    if (pendingKey(store.get(favoritesAtom), userId)) schedule(FAVORITES_DEBOUNCE_MS);
  };
  const runRef = useRef(run);
  runRef.current = run;
  const schedule = (delay: number) => {
    const current = sync.current;
    clearTimeout(current.timer);
    current.timer = setTimeout(() => {
      current.timer = undefined;
      void runRef.current();
    }, delay);
  };
  const scheduleRef = useRef(schedule);
  scheduleRef.current = schedule;

  const ready = userId !== null && (mergedFor === userId || server.isError);
  const pending = ready ? pendingKey(state, userId) : '';
  // Every change is sent 300 ms after the last one, unless a call is running or a retry waits.
  useEffect(() => {
    const current = sync.current;
    if (pending === '' || current.busy || current.retrying) return;
    scheduleRef.current(FAVORITES_DEBOUNCE_MS);
  }, [pending]);

  useEffect(() => {
    const current = sync.current;
    // Back online: a waiting retry goes at once.
    const online = () => {
      if (current.retrying && !current.busy) scheduleRef.current(0);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(current.timer);
    };
  }, []);

  if (!notice) return <div role="status" aria-live="polite" className="visually-hidden" />;
  return (
    <div role="status" aria-live="polite" className={styles.notice}>
      <p>{notice}</p>
      <button
        type="button"
        className={dialogStyles.close}
        aria-label="Dismiss"
        onClick={() => setNotice(null)}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

/** The pending changes of this user, as one comparable string ('' for none). */
function pendingKey(state: FavoritesState, userId: string | null): string {
  if (userId === null || state.userId !== userId) return '';
  return Object.entries(state.pending)
    .map(([listingId, change]) => `${change}:${listingId}`)
    .sort()
    .join(',');
}
