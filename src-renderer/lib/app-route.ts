import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type RouteId, routeDefinition } from '../../shared/routes/paths.ts';
import { type AppRouteMatch, matchAppRoute } from '../../shared/routes/resolve.ts';

/**
 * The current page as the shared route table reads it: its route id and its parameters in
 * canonical form (listing ids, brand slugs and cities in lower case, required query values
 * checked). Null when the address is not a page of the app.
 */
export function useAppRoute(): AppRouteMatch | null {
  const { pathname, search } = useLocation();
  return useMemo(() => matchAppRoute(pathname, search), [pathname, search]);
}

/** The parameters of the current page when it is `routeId`, else null. */
export function useAppRouteParams(routeId: RouteId): Record<string, string> | null {
  const match = useAppRoute();
  return match?.route === routeId ? match.params : null;
}

/** The fixed title of a public page from the route table (pages with data-driven titles have none). */
export function routeTitle(routeId: RouteId): string | undefined {
  return routeDefinition(routeId).title;
}
