/**
 * Keeps every window on the app's own pages. Links and `window.open` to web pages go to the
 * OS browser; everything else (file:, javascript:, other custom schemes) goes nowhere.
 */
import { isHttpUrl } from '../shared/desktop-ipc.ts';

export interface NavigationGuardOptions {
  /** Origins the app's pages are served from: `app://ironsight`, plus the dev server in development. */
  appOrigins: readonly string[];
  openExternal(url: string): Promise<void>;
  /** A `window.open` of one of the app's own pages shows it in the existing window instead. */
  navigateInApp(path: string): void;
  /** Told about every refused or failed attempt, for the log. */
  onBlocked?(url: string, reason: string): void;
}

export interface NavigationGuard {
  isAppUrl(url: string): boolean;
  /** For `will-navigate` / `will-redirect` / `will-frame-navigate`: true lets the navigation happen. */
  allowNavigation(url: string): boolean;
  /** For `setWindowOpenHandler`: the app never opens a second window. */
  handleWindowOpen(url: string): { action: 'deny' };
  /** Opens a web page in the OS browser; anything but http(s) is refused. */
  openInBrowser(url: string): Promise<boolean>;
}

export function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const origin = new URL(url).origin;
  // Non-special schemes report an opaque 'null' origin in Node; build it from the parts instead.
  if (origin !== 'null') return origin;
  const parsed = new URL(url);
  return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
}

export function createNavigationGuard(options: NavigationGuardOptions): NavigationGuard {
  const appOrigins = new Set(options.appOrigins.map((origin) => originOf(origin)));
  const blocked = (url: string, reason: string) => options.onBlocked?.(url, reason);

  const isAppUrl = (url: string) => {
    const origin = originOf(url);
    return origin !== null && appOrigins.has(origin);
  };

  const openInBrowser = async (url: string): Promise<boolean> => {
    if (!isHttpUrl(url)) {
      blocked(url, 'not a web address');
      return false;
    }
    try {
      await options.openExternal(url);
      return true;
    } catch (error) {
      blocked(url, error instanceof Error ? error.message : 'the browser could not be opened');
      return false;
    }
  };

  return {
    isAppUrl,
    allowNavigation(url) {
      if (isAppUrl(url)) return true;
      if (isHttpUrl(url)) void openInBrowser(url);
      else blocked(url, 'navigation away from the app');
      return false;
    },
    handleWindowOpen(url) {
      if (isAppUrl(url)) {
        const { pathname, search, hash } = new URL(url);
        options.navigateInApp(`${pathname}${search}${hash}`);
      } else {
        void openInBrowser(url);
      }
      return { action: 'deny' };
    },
    openInBrowser,
  };
}
