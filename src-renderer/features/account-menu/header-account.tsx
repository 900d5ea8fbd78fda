import { lazy, type ReactNode, Suspense } from 'react';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { sellTarget } from './sell-target.ts';

// Only signed-in users see the menu: visitors never download it or its popover.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));

export interface HeaderAccountProps {
  /** What shows when signed out (the shell's Login button). */
  signedOut: ReactNode;
}

/** The header's account slot: the account menu when signed in, the Login button when not. */
export function HeaderAccount({ signedOut }: HeaderAccountProps) {
  const session = useSession();
  // While the stored token is read (a moment) and the menu loads, the visitor's control shows.
  return session.status === 'signedIn' ? (
    <Suspense fallback={signedOut}>
      <AccountMenu user={session.user} />
    </Suspense>
  ) : (
    signedOut
  );
}

/** Where the header's Sell button leads for the current user. */
export function useSellTarget(): string {
  return sellTarget(useCurrentUser());
}
