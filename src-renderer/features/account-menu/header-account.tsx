import { lazy, type ReactNode, Suspense } from 'react';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
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
  // The server renders every page for a visitor: the session shows once the header is hydrated,
  // even when the stored token was read before this part of the page hydrates.
  const hydrated = useHydrated();
  // While the stored token is read (a moment) and the menu loads, the visitor's control shows.
  return hydrated && session.status === 'signedIn' ? (
    <Suspense fallback={signedOut}>
      <AccountMenu user={session.user} />
    </Suspense>
  ) : (
    signedOut
  );
}

/** Where the header's Sell button leads for the current user. */
export function useSellTarget(): string {
  const user = useCurrentUser();
  return sellTarget(useHydrated() ? user : null);
}
