import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { usePlatform } from '../lib/platform/platform-context.tsx';
import { AppProviders } from './providers.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';

/** Deep links and notification clicks from the platform open in the app's router. */
function PlatformNavigation({ router }: { router: AppRouter }) {
  const platform = usePlatform();
  useEffect(() => platform.onNavigate((path) => void router.navigate(path)), [platform, router]);
  return null;
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
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <PlatformNavigation router={router} />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
