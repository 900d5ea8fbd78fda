import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { mergeCarts, toSyncCartRequest } from '../../../shared/contract/cart.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { cartAtom } from '../../lib/cart/cart-store.ts';
import { useCurrentUser } from '../../lib/session/session.ts';

/**
 * Keeps the server copy of the cart. On sign-in the server's copy and the browser's
 * are merged (every listing of both, the larger quantity of each); after that every change of the
 * cart is sent with POST /users/sync-cart. A failed call changes nothing the buyer sees.
 */
export function CartSync() {
  const api = useApiClient();
  const user = useCurrentUser();
  const [cart, setCart] = useAtom(cartAtom);
  /** The user whose copy has been merged; changes are synced only after the merge. */
  const [mergedFor, setMergedFor] = useState<string | null>(null);
  const lastSent = useRef<string | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) {
      setMergedFor(null);
      lastSent.current = null;
      return;
    }
    let cancelled = false;
    void (async () => {
      try {
        const { items } = await api.call('usersCart');
        if (cancelled) return;
        setCart((current) => mergeCarts(current, items));
      } catch {
        // The server copy could not be read: the browser's cart stays as it is and is synced.
      }
      if (!cancelled) setMergedFor(userId);
    })();
    return () => {
      cancelled = true;
    };
  }, [api, userId, setCart]);

  useEffect(() => {
    if (userId === null || mergedFor !== userId) return;
    const body = toSyncCartRequest(cart);
    const serialized = JSON.stringify(body);
    if (serialized === lastSent.current) return;
    lastSent.current = serialized;
    api.call('usersSyncCart', { body }).catch(() => {
      // A failed cart sync is silent; the next change tries again.
      lastSent.current = null;
    });
  });

  return null;
}
