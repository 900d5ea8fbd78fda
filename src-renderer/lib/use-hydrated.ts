import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a server-rendered page is being hydrated (and on the server), true otherwise. What only
 * the browser knows (stored choices, the session) waits for it, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
