import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePlatform } from '../platform/platform-context.tsx';
import { useReloadSession, useSession, useStoreToken } from './session.ts';

/** Who the admin is viewing the site as, when the session is an impersonation token; else null. */
export function useViewingAs(): { name: string; email: string } | null {
  const session = useSession();
  if (session.status !== 'signedIn' || !session.claims.act) return null;
  const { firstName, lastName, email } = session.user;
  return { name: `${firstName} ${lastName}`.trim() || email, email };
}

/**
 * Starts viewing the site as a user: the admin's own token is set aside (platform storage: the
 * keychain on desktop) and the impersonation token becomes the session. The cached data of the
 * admin's session is dropped so nothing of theirs shows as the user's.
 */
export function useStartViewingAs(): (impersonationToken: string) => Promise<void> {
  const platform = usePlatform();
  const storeToken = useStoreToken();
  const queryClient = useQueryClient();
  return useCallback(
    async (impersonationToken: string) => {
      const own = await platform.getToken();
      if (!own) throw new Error('Sign in again before viewing as a user.');
      // An admin already viewing as someone keeps the token set aside first: it is their own.
      if (!(await platform.getAsideToken())) await platform.setAsideToken(own);
      queryClient.removeQueries();
      await storeToken(impersonationToken);
    },
    [platform, storeToken, queryClient],
  );
}

/**
 * Ends viewing as a user: the admin's own token comes back as the session (answers true), or, when
 * it is gone or expired, the session ends and the admin signs in again (answers false).
 */
export function useReturnToOwnSession(): () => Promise<boolean> {
  const platform = usePlatform();
  const reload = useReloadSession();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const own = await platform.getAsideToken();
    await platform.setAsideToken(null);
    queryClient.removeQueries();
    if (own) await platform.setToken(own);
    else await platform.clearToken();
    // Reading the token again signs out when the admin's own token has expired meanwhile.
    await reload();
    return own !== null && (await platform.getToken()) !== null;
  }, [platform, reload, queryClient]);
}
