/**
 * The desktop client serves the renderer from `app://ironsight/…`, so the web app's clean paths
 * work unchanged; the API lets this origin call it across origins.
 */
export const DESKTOP_APP_SCHEME = 'app';
export const DESKTOP_APP_HOST = 'ironsight';
export const DESKTOP_APP_ORIGIN = `${DESKTOP_APP_SCHEME}://${DESKTOP_APP_HOST}`;
