import { Suspense } from 'react';
import { LazyAdminConsole } from '../../features/admin-console/index.ts';
import { RequireAuth } from '../../features/auth/index.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';

/*
 * The console's code is its own chunk, loaded only once the session is an admin's (the console is
 * rendered, and `LazyAdminConsole` loads, only then): a visitor is sent to sign in and any other
 * account sees the not-found page, so neither ever downloads it. The server refuses every admin
 * call to them anyway; this guard only keeps the code away.
 */
function AdminOnly() {
  const user = useCurrentUser();
  if (!user?.isAdmin) return <NotFoundPage />;
  return (
    <Suspense
      fallback={
        <LoadingRegion label="Loading the admin console">
          <Skeleton width="16rem" height="2.25rem" />
        </LoadingRegion>
      }
    >
      <LazyAdminConsole />
    </Suspense>
  );
}

export function AdminPage() {
  return (
    <RequireAuth>
      <AdminOnly />
    </RequireAuth>
  );
}
