import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import {
  decodeTokenClaims,
  isTokenExpired,
  type TokenClaims,
  tokenRoles,
} from '../../../shared/contract/auth.ts';
import { parseFlagNames } from '../../../shared/domain/flags.ts';
import {
  AccountOption,
  initialsOf,
  isAdminRole,
  isSellerRole,
  UserOption,
  UserStatus,
} from '../../../shared/domain/user.ts';
import { usePlatform } from '../platform/platform-context.tsx';

/** The signed-in user as the token describes them (spec §3 'User'). */
export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  initials: string;
  email: string;
  phone: string;
  isSeller: boolean;
  isAdmin: boolean;
  roles: string[];
  status: UserStatus;
  sellerDisplayName: string;
  /** Account option bits (FrozenForNonPayment, PendingRegistration, …). */
  accountOptions: number;
  /** User option bits (IsVIP, …). */
  userOptions: number;
}

export type Session =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; token: string; claims: TokenClaims; user: SessionUser };

export function userFromClaims(claims: TokenClaims): SessionUser {
  const roles = tokenRoles(claims);
  return {
    id: claims.unique_name,
    firstName: claims.given_name,
    lastName: claims.family_name,
    initials: initialsOf(claims.given_name, claims.family_name),
    email: claims.email,
    phone: claims.phoneNumber,
    isSeller: isSellerRole(roles),
    isAdmin: isAdminRole(roles),
    roles,
    status: claims.status,
    sellerDisplayName: claims.sellerDisplayName,
    accountOptions: parseFlagNames(AccountOption, claims.accountOptions),
    userOptions: parseFlagNames(UserOption, claims.userOptions),
  };
}

/**
 * The session a stored token stands for: signed in only with a token that has not expired
 * (spec §4). A token that is not three-part or cannot be decoded raises `TokenDecodeError` (§8).
 */
export function readSession(token: string | null, now: Date = new Date()): Session {
  if (!token) return { status: 'signedOut' };
  const claims = decodeTokenClaims(token);
  if (isTokenExpired(claims, now)) return { status: 'signedOut' };
  return { status: 'signedIn', token, claims, user: userFromClaims(claims) };
}

/** A token whose account must finish registering (or is locked) leads to /register, not into the app. */
export function needsRegistration(user: Pick<SessionUser, 'accountOptions' | 'status'>): boolean {
  return (user.accountOptions & AccountOption.PendingRegistration) !== 0 || user.status === UserStatus.Locked;
}

export const sessionAtom = atom<Session>({ status: 'loading' });

/** Query keys that belong to the signed-in user; dropped at sign-out. */
export const USER_QUERY_ROOTS = ['messages', 'favorites', 'alerts', 'account', 'dashboard'] as const;

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
      next = readSession(token);
    } catch (error) {
      console.error('The stored session token is not valid; signing out.', error);
      next = { status: 'signedOut' };
    }
    if (token && next.status === 'signedOut') await platform.clearToken().catch(() => undefined);
    setSession((previous) =>
      previous.status === 'signedIn' && next.status === 'signedIn' && previous.token === next.token
        ? previous
        : next,
    );
  }, [platform, setSession]);
}

/** Stores a token the server just issued and signs in with it. Throws when the token is unusable. */
export function useStoreToken(): (token: string) => Promise<SessionUser> {
  const platform = usePlatform();
  const setSession = useSetAtom(sessionAtom);
  return useCallback(
    async (token: string) => {
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
    setSession({ status: 'signedOut' });
    for (const root of USER_QUERY_ROOTS) queryClient.removeQueries({ queryKey: [root] });
    await platform.reportUnreadCount(0).catch(() => undefined);
  }, [platform, setSession, queryClient]);
}
