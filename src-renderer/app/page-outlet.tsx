import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Location, Outlet, useLocation, useMatches } from 'react-router';
import { useAppRoute } from '../lib/app-route.ts';
import { isEntryRewrite } from '../lib/navigation-state.ts';
import { NotFoundPage } from '../pages/not-found/not-found-page.tsx';
import type { PageHandle } from './page-modules.ts';

const addressOf = (location: Location): string => `${location.pathname}${location.search}${location.hash}`;

/**
 * Counts navigations to the address already shown. Following a link to the current page
 * reloads it: the page remounts (fresh state) and its queries are fetched again; the router
 * re-runs loaders for such navigations itself. A rewrite of the current entry (REWRITE_ENTRY)
 * is not a reload.
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
 * The page area. The router matches path shapes; the shared route table also checks values
 * (a listing id must be an id, a brand slug a slug, /listing needs its p). An address whose
 * values fail is not a page: the not-found page shows, with its redirect checks.
 */
export function PageOutlet() {
  const reloads = useSameAddressReloads();
  const matches = useMatches();
  const appRoute = useAppRoute();
  const handle = matches.at(-1)?.handle as PageHandle | undefined;
  if (handle && handle.routeId !== 'notFound' && appRoute?.route !== handle.routeId) return <NotFoundPage />;
  return <Outlet key={reloads} />;
}
