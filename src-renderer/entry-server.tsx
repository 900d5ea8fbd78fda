// Must run before any schema is used.
import './zod-config.ts';
import { dehydrate, type Query, QueryClient, skipToken } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { type ReactElement, StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ServerRenderedPage, ServerRenderRequest } from '../shared/server-render.ts';
import { AppFrame } from './app/app.tsx';
import { pageDataElement } from './app/page-data.ts';
import { loadPageFor } from './app/router.tsx';
import { createInProcessApiClient } from './lib/in-process-api-client.ts';
import { loadLazyPartsEagerly } from './lib/lazy-part.ts';
import { createServerPlatform } from './lib/platform/server-platform.ts';

/*
 * The server entry of the web app: the same route table, pages and query hooks as in the browser.
 * Each screen's module is loaded on its first render, then kept.
 */
const platform = createServerPlatform();
// Every screen is rendered whole: its parts that the browser hydrates later are loaded with it.
void loadLazyPartsEagerly();

/** Rounds of "render, fetch what the page asked for": a page asks for data that depends on other data. */
const MAX_DATA_ROUNDS = 3;

/** A server-rendered page's cache: nothing retried, and answers kept for the whole render. */
function createServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
    },
  });
}

/** A query the page asked for that has no answer yet and would be fetched in the browser. */
function wantsFetch(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const options = query.options as typeof query.options & { enabled?: boolean | ((q: Query) => boolean) };
  if (options.queryFn === skipToken || !options.queryFn) return false;
  const enabled = typeof options.enabled === 'function' ? options.enabled(query) : options.enabled;
  return enabled !== false;
}

/**
 * How many of a page's queries are read at once. A page asks for up to about twenty answers; sent all
 * together they would queue behind each other in the database's statement queue (PGlite runs one
 * statement at a time), which refuses work expected to wait too long, so a page rendered while the
 * database is still cold right after start would lose some of them.
 */
const QUERIES_AT_ONCE = 4;

async function fetchFew(queries: Query[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < queries.length; at = next++) {
      await queries[at]?.fetch().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(QUERIES_AT_ONCE, queries.length) }, worker));
}

/**
 * Fills the cache with what the page asks for: the page is rendered, each query it made is fetched
 * through the in-process API client (the same keys and calls as in the browser), and again while new
 * queries appear. Queries left without an answer render their loading state, as in the browser.
 */
async function loadPageData(queryClient: QueryClient, page: () => ReactElement): Promise<void> {
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    renderToString(page());
    const wanted = queryClient.getQueryCache().getAll().filter(wantsFetch);
    if (wanted.length === 0) return;
    await fetchFew(wanted);
  }
}

/**
 * A query that failed on the server is left for the browser to fetch: the page is rendered in its
 * loading state, which is what the browser renders first too, so hydration matches.
 */
function dropFailedQueries(queryClient: QueryClient): number {
  let dropped = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'error') {
      queryClient.getQueryCache().remove(query);
      dropped += 1;
    }
  }
  return dropped;
}

export async function render({ url, origin, call }: ServerRenderRequest): Promise<ServerRenderedPage | null> {
  // Joined, not resolved: a path such as `//elsewhere` stays a path of this site.
  const path = url.startsWith('/') ? url : `/${url}`;
  const href = `${origin}${path}`;
  const { pathname, search } = new URL(href);
  // A screen that fails to load is a fault of the build: the caller sends the client-rendered shell.
  await loadPageFor(pathname, search);

  const queryClient = createServerQueryClient();
  const apiClient = createInProcessApiClient(call, href);
  const store = createStore();
  const page = () => (
    <StrictMode>
      <AppFrame
        platform={platform}
        apiClient={apiClient}
        queryClient={queryClient}
        store={store}
        serverRendered
        router={(app) => <StaticRouter location={path}>{app}</StaticRouter>}
      />
    </StrictMode>
  );

  await loadPageData(queryClient, page);
  const complete = dropFailedQueries(queryClient) === 0;
  const dataElement = pageDataElement({ queries: dehydrate(queryClient) });

  return new Promise((resolve, reject) => {
    let failure: unknown;
    const stream = renderToPipeableStream(page(), {
      // Everything is loaded before the first byte, so the HTML needs no inline script to complete:
      // no Suspense boundary is sent apart from the page as a chunk to be put in place by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure) reject(failure);
        else
          resolve({
            pipe: (destination) => void stream.pipe(destination as NodeJS.WritableStream),
            dataElement,
            complete,
          });
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
  });
}
