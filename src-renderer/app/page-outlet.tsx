import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Location, useLocation } from 'react-router';
import { useAppRoute } from '../lib/app-route.ts';
import { isEntryRewrite } from '../lib/navigation-state.ts';
import { PageErrorBoundary } from './route-error.tsx';
import { RoutePage } from './router.tsx';

const addressOf = (location: Location): string => `${location.pathname}${location.search}${location.hash}`;

/**
 * Counts navigations to the address already shown. Following a link to the current page
 * reloads it: the page remounts (fresh state) and its queries are fetched again. A rewrite of the
 * current entry (REWRITE_ENTRY) is not a reload.
 */
export function useSameAddressReloads(): number {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState({ location, reloads: 0 });
  if (seen.location !== location) {
    const sameAddress =
      seen.location.key !== location.key &&
      addressOf(seen.location) === addressOf(location) &&
      !isEntryRewrite(location.state);
    setSeen({ location, reloads: seen.reloads + (sameAddress ? 1 : 0) });
  }
  const { reloads } = seen;
  useEffect(() => {
    if (reloads > 0) void queryClient.invalidateQueries();
  }, [reloads, queryClient]);
  return reloads;
}

/**
 * The page area: the screen of the route the shared table matches (a listing id must be an id, a
 * brand slug a slug, /listing needs its p); any other address shows the not-found page, with its
 * redirect checks. A page that fails shows an explanation here while the header and footer stay;
 * the next navigation clears it.
 */
export function PageOutlet() {
  const reloads = useSameAddressReloads();
  const location = useLocation();
  const routeId = useAppRoute()?.route ?? 'notFound';
  return (
    <PageErrorBoundary resetKey={location.key}>
      <RoutePage key={reloads} routeId={routeId} />
    </PageErrorBoundary>
  );
}
