import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { CITY_SLUG_LIST, ROUTES, type RouteDefinition, type RouteId } from '../../shared/routes/paths.ts';
import { NotFoundPage } from '../pages/not-found/not-found-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PAGE_LOADERS, type PageHandle } from './page-modules.ts';
import { PageErrorBoundary, RootErrorBoundary } from './route-error.tsx';
import { ShellFallback } from './shell-fallback.tsx';

/**
 * Values of parameters that share a segment with literal text (`/guns-:city`). The router
 * matches whole segments only, so such routes get one path per allowed value.
 */
const PREFIXED_PARAM_VALUES: Readonly<Record<string, readonly string[]>> = {
  city: CITY_SLUG_LIST,
};

/** The router paths of a route of the table: its pattern, or one path per value of a prefixed parameter. */
export function routerPaths(pattern: string): string[] {
  let results = [''];
  for (const segment of pattern.split('/').filter((part) => part !== '')) {
    const prefixed = /^([^:]+):(\w+)$/.exec(segment);
    let options = [segment];
    if (prefixed) {
      const [, prefix, name] = prefixed;
      const values = PREFIXED_PARAM_VALUES[name ?? ''];
      if (!values) throw new Error(`No values for the route parameter "${name}" in ${pattern}`);
      options = values.map((value) => `${prefix}${value}`);
    }
    results = results.flatMap((base) => options.map((option) => `${base}/${option}`));
  }
  return results.map((path) => path || '/');
}

function pageRoutes(route: RouteDefinition): RouteObject[] {
  const routeId = route.id as RouteId;
  const handle: PageHandle = { routeId };
  if (routeId === 'notFound') return [{ id: routeId, path: route.pattern, handle, Component: NotFoundPage }];
  const load = PAGE_LOADERS[routeId];
  const paths = routerPaths(route.pattern);
  return paths.map((path) => ({
    id: paths.length === 1 ? routeId : `${routeId}:${path}`,
    path,
    handle,
    lazy: { Component: load },
  }));
}

/** Every page of the route table inside the app shell, then the not-found page for anything else. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: ShellFallback,
      children: [
        {
          id: 'pages',
          ErrorBoundary: PageErrorBoundary,
          children: [
            ...(ROUTES as readonly RouteDefinition[]).flatMap(pageRoutes),
            { id: 'unknown', path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

/**
 * Loads the lazy parts of the routes an address matches and writes them onto the route objects, so
 * a server-rendered page hydrates with its screen already there (no fallback, no mismatch).
 */
export async function loadMatchedRoutes(routes: RouteObject[], address: string): Promise<void> {
  const matches = matchRoutes(routes, address) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (!lazy || typeof lazy === 'function') return;
      const loaded = await Promise.all(
        Object.entries(lazy).map(
          async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const,
        ),
      );
      Object.assign(route, Object.fromEntries(loaded), { lazy: undefined });
    }),
  );
}

export interface AppRouterOptions {
  /** Routes already prepared (e.g. with the first page's screen loaded); defaults to the app's routes. */
  routes?: RouteObject[];
  /** The router state of a server-rendered first load. */
  hydrationData?: HydrationState;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  return createBrowserRouter(
    options.routes ?? createAppRoutes(),
    options.hydrationData ? { hydrationData: options.hydrationData } : undefined,
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
