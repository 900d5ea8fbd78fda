import { lazy } from 'react';

/** The admin console, its code loaded when first rendered: the admin page renders it only for an admin. */
export const LazyAdminConsole = lazy(() => import('./admin-console.tsx'));
