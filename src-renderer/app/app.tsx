import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { usePlatform } from '../lib/platform/platform-context.tsx';
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

/** Marks the document (`data-app-ready`) once the app runs in the browser: rendered or hydrated. */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export interface AppFrameProps extends Omit<AppProvidersProps, 'children'> {
  /** The router element: the browser's router provider, or the server's static one. */
  routerElement: ReactNode;
  /** The browser's router, which platform navigation drives; none on the server. */
  router?: AppRouter;
}

/**
 * The app's tree around the router, the same on the server and in the browser, so a server-rendered
 * page hydrates onto the same structure (React's generated ids follow it).
 */
export function AppFrame({ routerElement, router, ...providers }: AppFrameProps) {
  return (
    <AppProviders {...providers}>
      <PlatformNavigation router={router} />
      {routerElement}
      <ReadyMark />
    </AppProviders>
  );
}

export interface AppProps {
  /** The router; made here when left out. */
  router?: AppRouter;
  /** The server-state cache (holding a server-rendered page's data); made by the providers when left out. */
  queryClient?: QueryClient;
}

export function App({ router: givenRouter, queryClient }: AppProps = {}) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  return (
    <AppFrame
      router={router}
      routerElement={<RouterProvider router={router} />}
      {...(queryClient ? { queryClient } : {})}
    />
  );
}
