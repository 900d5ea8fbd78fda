import { type ComponentType, use } from 'react';
import type { RouteId } from '../../shared/routes/paths.ts';
import { matchAppRoute } from '../../shared/routes/resolve.ts';
import { partsOfScreen } from '../lib/lazy-part.ts';
import { PAGE_LOADERS } from './page-modules.ts';

/*
 * Pages are chosen by the shared route table: the address is matched by `matchAppRoute`,
 * the same function the server and the desktop deep links use, and the matched route's screen is
 * rendered. React Router supplies the location, links and navigation; its route matching and data
 * router are not used, so the browser downloads neither.
 */

/** The table of each screen's files (see page-chunks.ts), once it and its code have loaded. */
let pageChunks: typeof import('./page-chunks.ts') | undefined;

/** Fetches the table of each screen's files; called once the app is idle after it starts. */
export async function loadPageChunks(): Promise<void> {
  const loaded = await import('./page-chunks.ts');
  await loaded.loadPageChunkTable();
  pageChunks = loaded;
}

/** A screen's module as it loads; `status` and `value` are set once it has, so React reads it at once. */
type PageModule = Promise<ComponentType> & { status?: 'fulfilled'; value?: ComponentType };

const pageModules = new Map<RouteId, PageModule>();

/**
 * Loads the screen of a route, once, with the code of its parts that hydrate later (see `lazyPart`)
 * except while a server-rendered page hydrates. A load that fails is forgotten, so the next visit tries
 * again (after a deployment, or once the connection is back).
 */
export function loadPage(routeId: RouteId): Promise<ComponentType> {
  const known = pageModules.get(routeId);
  if (known) return known;
  pageChunks?.preloadPageChunks(routeId);
  const loading: PageModule = PAGE_LOADERS[routeId]().then(
    async (component) => {
      await partsOfScreen();
      Object.assign(loading, { status: 'fulfilled', value: component });
      return component;
    },
    (error: unknown) => {
      pageModules.delete(routeId);
      throw error;
    },
  );
  pageModules.set(routeId, loading);
  return loading;
}

/**
 * Loads the screen an address shows before the app renders it, so a server-rendered page hydrates
 * with its screen already there (no fallback, no mismatch) and a page rendered in the browser
 * appears whole.
 */
export async function loadPageFor(pathname: string, search: string): Promise<void> {
  await loadPage(matchAppRoute(pathname, search)?.route ?? 'notFound');
}

/**
 * The screen of a route of the table. While a screen's code loads for the first time the page
 * suspends; navigations run as transitions, so the page shown stays until the next one is ready.
 */
export function RoutePage({ routeId }: { routeId: RouteId }) {
  const Page = use(loadPage(routeId));
  return <Page />;
}
