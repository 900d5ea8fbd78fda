import { deferredModule } from '../../lib/deferred-module.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/*
 * The live channel and a visitor's pending message are personal and read answers with their
 * schemas: they load once the page has hydrated and someone is signed in (a pending message waits
 * in storage until then), not with the script every page needs first.
 */
const background = deferredModule(() => import('./messages-background.tsx'));

export const preloadMessagesBackground = background.preload;

/** The app shell's messages work (live unread count, a visitor's message sent after login). */
export function MessagesBackgroundSlot() {
  const signedIn = useSession().status === 'signedIn';
  const parts = background.useModule(useHydrated() && signedIn);
  return parts ? <parts.MessagesBackground /> : null;
}
