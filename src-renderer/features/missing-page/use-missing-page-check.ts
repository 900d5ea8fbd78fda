import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { useLegacyListerUserId } from './api/use-legacy-lister-user-id.ts';
import { useShortLinkTarget } from './api/use-short-link-target.ts';
import { resolveMissingPage } from './resolve-missing-page.ts';

export type MissingPageState = 'loading' | 'loaded';

/**
 * At an unknown address, runs the redirect checks (legacy links, short links, external sites) and
 * follows the one that applies; 'loaded' once none does. At /404 it is 'loaded' at once.
 */
export function useMissingPageCheck(): MissingPageState {
  const location = useLocation();
  const navigate = useNavigate();
  const platform = usePlatform();
  const userIdFromLegacyListerId = useLegacyListerUserId();
  const shortLinkTarget = useShortLinkTarget();
  const lookups = useMemo(
    () => ({ userIdFromLegacyListerId, shortLinkTarget }),
    [userIdFromLegacyListerId, shortLinkTarget],
  );
  const address = `${location.pathname}${location.search}`;
  const needsChecks = !/^\/404\/?$/.test(location.pathname);
  const [checkedAddress, setCheckedAddress] = useState<string | null>(null);
  const isFirstEntry = location.key === 'default';

  useEffect(() => {
    if (!needsChecks) return;
    const controller = new AbortController();
    resolveMissingPage(address, lookups, { signal: controller.signal, origin: window.location.origin }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === 'navigate') {
          navigate(outcome.to, { replace: true });
        } else if (outcome.kind === 'leave') {
          void platform.leaveApp(outcome.to).then((where) => {
            if (where === 'left') return;
            // The desktop client opened the site in the system browser and stays where it was.
            if (isFirstEntry) navigate(paths.home(), { replace: true });
            else navigate(-1);
          });
        } else {
          setCheckedAddress(address);
        }
      },
      () => {
        if (!controller.signal.aborted) setCheckedAddress(address);
      },
    );
    return () => controller.abort();
  }, [address, needsChecks, lookups, navigate, platform, isFirstEntry]);

  return !needsChecks || checkedAddress === address ? 'loaded' : 'loading';
}
