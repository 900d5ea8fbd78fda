import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { usePlatform } from '../lib/platform/platform-context.tsx';
import { useSession } from '../lib/session/session.ts';
import { AppProviders, type AppProvidersProps } from './providers.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';

/** Deep links and notification clicks from the platform open in the app's router. */
function PlatformNavigation({ router }: { router: AppRouter | undefined }) {
  const platform = usePlatform();
  useEffect(() => {
    if (router) return platform.onNavigate((path) => void router.navigate(path));
  }, [platform, router]);
  return null;
}

/** Query roots whose answers depend on who asks (a listing's `fav`, the local list's place). */
const CALLER_DEPENDENT_QUERY_ROOTS = ['listings'] as const;

/**
 * Marks the document (`data-app-ready`) once the app runs in the browser, rendered or hydrated.
 * A server-rendered page's answers were a visitor's: once the session turns out to be signed in,
 * the answers that depend on the caller are fetched again, so hearts and local lists fill in.
 */
function AppStart({ serverRendered }: { serverRendered: boolean }) {
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'signedIn';
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  useEffect(() => {
    if (!serverRendered || !signedIn) return;
    for (const root of CALLER_DEPENDENT_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey: [root] });
  }, [serverRendered, signedIn, queryClient]);
  return null;
}

export interface AppFrameProps extends Omit<AppProvidersProps, 'children'> {
  /** The router element: the browser's router provider, or the server's static one. */
  routerElement: ReactNode;
  /** The browser's router, which platform navigation drives; none on the server. */
  router?: AppRouter;
  /** The page was rendered on the server, for a visitor with no session. */
  serverRendered?: boolean;
}

/**
 * The app's tree around the router, the same on the server and in the browser, so a server-rendered
 * page hydrates onto the same structure (React's generated ids follow it).
 */
export function AppFrame({ routerElement, router, serverRendered = false, ...providers }: AppFrameProps) {
  return (
    <AppProviders {...providers}>
      <PlatformNavigation router={router} />
      {routerElement}
      <AppStart serverRendered={serverRendered} />
    </AppProviders>
  );
}

export interface AppProps {
  /** The router; made here when left out. */
  router?: AppRouter;
  /** The server-state cache (holding a server-rendered page's data); made by the providers when left out. */
  queryClient?: QueryClient;
  /** The page is hydrated from the server's markup and data. */
  serverRendered?: boolean;
}

export function App({ router: givenRouter, queryClient, serverRendered = false }: AppProps = {}) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  return (
    <AppFrame
      router={router}
      serverRendered={serverRendered}
      routerElement={<RouterProvider router={router} />}
      {...(queryClient ? { queryClient } : {})}
    />
  );
}
