import { useEffect } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import { useSession } from '../../lib/session/session.ts';
import {
  configuredScripts,
  identifyToMarketing,
  type StartedScripts,
  startThirdPartyScripts,
} from '../../lib/third-party-scripts.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** Loaded once per page load, whatever remounts. */
let started: StartedScripts | null = null;

/**
 * The ad server's and the email-marketing service's scripts, when the server names them:
 * loaded after hydration, when the browser is idle; a signed-in visitor is identified to the
 * marketing service with email, first name, last name and phone.
 */
export function ThirdPartyScripts() {
  const hydrated = useHydrated();
  const session = useSession();
  const user = session.status === 'signedIn' ? session.user : null;

  useEffect(() => {
    if (!hydrated || started) return;
    return whenIdle(() => {
      if (started) return;
      started = startThirdPartyScripts();
      // The ad script's failed load is a rejection; it is reported, and the page carries on.
      started.ad?.catch((error: unknown) => console.warn('The ad script did not load.', error));
    });
  }, [hydrated]);

  const email = user?.email;
  const firstName = user?.firstName ?? '';
  const lastName = user?.lastName ?? '';
  const phone = user?.phone ?? '';
  useEffect(() => {
    if (!hydrated || !email || !configuredScripts().marketing) return;
    identifyToMarketing({ email, firstName, lastName, phone });
  }, [hydrated, email, firstName, lastName, phone]);

  return null;
}
