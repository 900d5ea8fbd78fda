import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { AccountOption, UserStatus } from '../../../shared/domain/user.ts';
import { usePlatform } from '../platform/platform-context.tsx';
import type { Session, SessionUser } from './session-token.ts';

export type { Session, SessionUser } from './session-token.ts';

/** A token whose account must finish registering (or is locked) leads to /register, not into the app. */
export function needsRegistration(user: Pick<SessionUser, 'accountOptions' | 'status'>): boolean {
  return (user.accountOptions & AccountOption.PendingRegistration) !== 0 || user.status === UserStatus.Locked;
}

export const sessionAtom = atom<Session>({ status: 'loading' });

/** Query keys that belong to the signed-in user; dropped at sign-out. */
export const USER_QUERY_ROOTS = [
  'messages',
  'favorites',
  'alerts',
  'account',
  'dashboard',
  'admin',
  'billing',
] as const;

export function useSession(): Session {
  return useAtomValue(sessionAtom);
}

/** The signed-in user, or null (also while the stored token is being read). */
export function useCurrentUser(): SessionUser | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.user : null;
}

/**
 * Reads the stored token again and re-evaluates the session (expiry, roles, seller status).
 * An unreadable token is reported and cleared; an expired one is cleared too.
 */
export function useReloadSession(): () => Promise<void> {
  const platform = usePlatform();
  const setSession = useSetAtom(sessionAtom);
  return useCallback(async () => {
    let token: string | null = null;
    try {
      token = await platform.getToken();
    } catch (error) {
      console.error('The stored session could not be read.', error);
    }
    let next: Session;
    try {
      // The token's decoder (and its schema) loads only when there is a token to read.
      next = token ? (await import('./session-token.ts')).readSession(token) : { status: 'signedOut' };
    } catch (error) {
      console.error('The stored session token is not valid; signing out.', error);
      next = { status: 'signedOut' };
    }
    if (token && next.status === 'signedOut') await platform.clearToken().catch(() => undefined);
    // Not urgent: on a server-rendered page this runs while React hydrates it in slices, and an
    // urgent update would make it hydrate everything the session touches in one long task.
    startTransition(() =>
      setSession((previous) =>
        previous.status === 'signedIn' && next.status === 'signedIn' && previous.token === next.token
          ? previous
          : next,
      ),
    );
  }, [platform, setSession]);
}

/** Stores a token the server just issued and signs in with it. Throws when the token is unusable. */
export function useStoreToken(): (token: string) => Promise<SessionUser> {
  const platform = usePlatform();
  const setSession = useSetAtom(sessionAtom);
  return useCallback(
    async (token: string) => {
      const { readSession } = await import('./session-token.ts');
      const session = readSession(token);
      if (session.status !== 'signedIn') throw new Error('The server issued an expired token.');
      await platform.setToken(token);
      setSession(session);
      return session.user;
    },
    [platform, setSession],
  );
}

/** Logout: clears the token and its cookie and forgets the user's cached data; the caller goes to /login. */
export function useSignOut(): () => Promise<void> {
  const platform = usePlatform();
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await platform.clearToken();
    // Signing out while viewing as a user ends the admin's own session too.
    await platform.setAsideToken(null);
    setSession({ status: 'signedOut' });
    for (const root of USER_QUERY_ROOTS) queryClient.removeQueries({ queryKey: [root] });
    await platform.reportUnreadCount(0).catch(() => undefined);
  }, [platform, setSession, queryClient]);
}
