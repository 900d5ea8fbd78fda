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

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <PlatformNavigation router={router} />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
