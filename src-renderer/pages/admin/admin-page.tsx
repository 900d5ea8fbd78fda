import { lazy, Suspense } from 'react';
import { RequireAuth } from '../../features/auth/require-auth.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/*
 * The console's code is its own chunk, imported only once the session is an admin's: a visitor is
 * sent to sign in and any other account is told the area is not theirs, so neither ever downloads
 * it. The server refuses every admin call to them anyway; this guard only keeps the code away.
 */
const AdminConsole = lazy(() => import('../../features/admin-console/admin-console.tsx'));

export function AdminPage() {
  return (
    <RequireAuth requireAdmin>
      <Suspense
        fallback={
          <LoadingRegion label="Loading the admin console">
            <Skeleton width="16rem" height="2.25rem" />
          </LoadingRegion>
        }
      >
        <AdminConsole />
      </Suspense>
    </RequireAuth>
  );
}
