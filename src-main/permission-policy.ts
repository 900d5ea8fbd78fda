/**
 * Web permissions the renderer may use. Everything native (notifications, files, keychain) goes
 * through the desktop bridge instead, so the list is short and everything else is refused.
 */
const GRANTED_TO_APP_PAGES = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function isPermissionGranted(
  permission: string,
  requestingUrl: string,
  isAppUrl: (url: string) => boolean,
): boolean {
  return GRANTED_TO_APP_PAGES.has(permission) && isAppUrl(requestingUrl);
}
