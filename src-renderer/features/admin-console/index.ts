/**
 * The admin console. Only admins ever download its code: `LazyAdminConsole` loads it when first
 * rendered, which the admin page does only once the session is an admin's.
 */
export { LazyAdminConsole } from './lazy-parts.ts';
