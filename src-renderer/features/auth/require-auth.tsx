import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { useReloadSession, useSession } from '../../lib/session/session.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './require-auth.module.css';

export interface RequireAuthProps {
  children: ReactNode;
}

/** Signed-in only: anyone else goes to /login?returnUrl=<this page>. */
export function RequireAuth({ children }: RequireAuthProps) {
  const session = useSession();
  const reload = useReloadSession();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if (session.status === 'loading') void reload();
  }, [session.status, reload]);

  if (session.status === 'loading') {
    return (
      <LoadingRegion label="Checking your session">
        <div className={styles.page}>
          <Skeleton width="16rem" height="2.25rem" />
        </div>
      </LoadingRegion>
    );
  }
  if (session.status === 'signedOut') {
    return <Navigate to={paths.login(`${pathname}${search}${hash}`)} replace />;
  }
  return children;
}
