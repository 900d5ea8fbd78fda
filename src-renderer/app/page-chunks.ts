import type { RouteId } from '../../shared/routes/paths.ts';
import { PAGE_CHUNKS_FILE } from '../../shared/server-render.ts';

/**
 * The files of each screen, from the web build's page-chunks.json (see vite.page-chunks.ts): before
 * a screen is shown for the first time, its files are preloaded together rather than discovered one
 * import after another. The table is fetched once the app is idle after it starts; until it is
 * there (and in the desktop client, whose files are local), a screen simply loads by its imports.
 */
let table: Partial<Record<RouteId, string[]>> | null = null;
let loading: Promise<void> | undefined;
const preloaded = new Set<string>();

export function loadPageChunkTable(): Promise<void> {
  if (typeof document === 'undefined' || !/^https?:$/.test(window.location.protocol))
    return Promise.resolve();
  loading ??= fetch(`/${PAGE_CHUNKS_FILE}`)
    .then((answer) => (answer.ok ? answer.json() : null))
    .then(
      (read: unknown) => {
        if (!read || typeof read !== 'object') return;
        table = read as Partial<Record<RouteId, string[]>>;
        // Said on the document, as `data-app-ready` is, for tools that drive the app.
        document.documentElement.dataset.pageChunks = 'loaded';
      },
      // Offline, or a build without the table: screens load by their imports.
      () => undefined,
    );
  return loading;
}

/** Starts fetching a screen's files (once each); nothing when the table is not there. */
export function preloadPageChunks(routeId: RouteId): void {
  for (const href of table?.[routeId] ?? []) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
