import type { ComponentType } from 'react';
import type { RouteId } from '../../shared/routes/paths.ts';
import { PAGE_FILES } from './page-files.ts';

type PageLoader = () => Promise<ComponentType>;

/** Carried by every page route: which route of the shared table it stands for. */
export interface PageHandle {
  routeId: RouteId;
}

// Every screen module, each loaded on first use (its own bundle).
const SCREENS = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../pages/**/*-page.tsx',
  '../pages/**/*-pages.tsx',
]);

function screenLoader(routeId: RouteId): PageLoader {
  const [file, name] = PAGE_FILES[routeId];
  const load = SCREENS[`../pages/${file}`];
  return async () => {
    const component = (await load?.())?.[name];
    if (!component) throw new Error(`The screen of ${routeId} (${name} in pages/${file}) is missing.`);
    return component;
  };
}

/** The screen of each route of the table (see PAGE_FILES), loaded on first visit. */
export const PAGE_LOADERS = Object.fromEntries(
  (Object.keys(PAGE_FILES) as RouteId[]).map((routeId) => [routeId, screenLoader(routeId)]),
) as Record<RouteId, PageLoader>;
