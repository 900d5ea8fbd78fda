import type { ReactNode } from 'react';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { sellTarget } from './account-links.ts';
import { AccountMenu } from './account-menu.tsx';

export interface HeaderAccountProps {
  /** What shows when signed out (the shell's Login button). */
  signedOut: ReactNode;
}

/** The header's account slot: the account menu when signed in, the Login button when not. */
export function HeaderAccount({ signedOut }: HeaderAccountProps) {
  const session = useSession();
  // While the stored token is read (a moment), the visitor's control shows.
  return session.status === 'signedIn' ? <AccountMenu user={session.user} /> : signedOut;
}

/** Where the header's Sell button leads for the current user. */
export function useSellTarget(): string {
  return sellTarget(useCurrentUser());
}
