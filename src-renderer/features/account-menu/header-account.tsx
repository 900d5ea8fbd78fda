import type { ReactNode } from 'react';
import { LoginModalHost } from '../auth/login-modal.tsx';
import { useCurrentUser, useSession } from '../auth/session.ts';
import { SessionSync } from '../auth/session-sync.tsx';
import { sellTarget } from './account-links.ts';
import { AccountMenu } from './account-menu.tsx';

export interface HeaderAccountProps {
  /** What shows when signed out (the shell's Login button). */
  signedOut: ReactNode;
}

/**
 * The header's account slot: keeps the session current, hosts the login modal, and shows the
 * account menu when signed in or the Login button when not.
 */
export function HeaderAccount({ signedOut }: HeaderAccountProps) {
  const session = useSession();
  return (
    <>
      <SessionSync />
      <LoginModalHost />
      {/* While the stored token is read (a moment), the visitor's control shows. */}
      {session.status === 'signedIn' ? <AccountMenu user={session.user} /> : signedOut}
    </>
  );
}

/** Where the header's Sell button leads for the current user. */
export function useSellTarget(): string {
  return sellTarget(useCurrentUser());
}
