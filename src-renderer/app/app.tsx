import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { whenIdle } from '../lib/idle.ts';
import { loadLazyPartsEagerly } from '../lib/lazy-part.ts';
import { usePlatform } from '../lib/platform/platform-context.tsx';
import { useSession } from '../lib/session/session.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { AppProviders, type AppProvidersProps } from './providers.tsx';
import { RootErrorBoundary } from './route-error.tsx';
import { loadPageChunks } from './router.tsx';

/** Deep links and notification clicks from the platform open in the app's router. */
function PlatformNavigation() {
  const platform = usePlatform();
  const navigate = useNavigate();
  useEffect(() => platform.onNavigate((path) => void navigate(path)), [platform, navigate]);
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
    // The code of the parts left to hydrate later (see lazyPart) loads once the browser is idle, and
    // from then on a screen loads with its parts; so does the table of each screen's files.
    return whenIdle(() => {
      // Said on the document once the code of the parts left to hydrate later is there (a click on
      // such a part then hydrates it at once), as `data-app-ready` is, for tools that drive the app.
      void loadLazyPartsEagerly().then(() => {
        document.documentElement.dataset.parts = 'loaded';
      });
      void loadPageChunks().catch(() => undefined);
    });
  }, []);
  useEffect(() => {
    if (!serverRendered || !signedIn) return;
    for (const root of CALLER_DEPENDENT_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey: [root] });
  }, [serverRendered, signedIn, queryClient]);
  return null;
}

/** The app inside a router: the shell and its page, with platform navigation wired in. */
export function AppRoot() {
  return (
    <RootErrorBoundary>
      <PlatformNavigation />
      <AppLayout />
    </RootErrorBoundary>
  );
}

export interface AppFrameProps extends Omit<AppProvidersProps, 'children'> {
  /** The router around the app: the browser's, or the server's static one for one address. */
  router: (app: ReactNode) => ReactNode;
  /** The page was rendered on the server, for a visitor with no session. */
  serverRendered?: boolean;
}

/**
 * The app's tree, the same on the server and in the browser, so a server-rendered page hydrates
 * onto the same structure (React's generated ids follow it).
 */
export function AppFrame({ router, serverRendered = false, ...providers }: AppFrameProps) {
  return (
    <AppProviders {...providers}>
      {router(<AppRoot />)}
      <AppStart serverRendered={serverRendered} />
    </AppProviders>
  );
}

const browserRouter = (app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>;

export interface AppProps {
  /** The server-state cache (holding a server-rendered page's data); made by the providers when left out. */
  queryClient?: QueryClient;
  /** The page is hydrated from the server's markup and data. */
  serverRendered?: boolean;
}

export function App({ queryClient, serverRendered = false }: AppProps = {}) {
  return (
    <AppFrame
      router={browserRouter}
      serverRendered={serverRendered}
      {...(queryClient ? { queryClient } : {})}
    />
  );
}
