import {
  COOKIE_DOMAIN_META,
  STORAGE_KEYS,
  TOKEN_COOKIE_HOURS,
  TOKEN_COOKIE_PATH,
} from '../../../shared/domain/constants.ts';
import { FILE_PICK_RULES, type Platform } from './platform.ts';

/** Where an admin's own token waits while they view the site as a user (never sent as a cookie). */
export const ASIDE_TOKEN_KEY = `${STORAGE_KEYS.token}.admin`;

/**
 * The token cookie's domain as the server configured it (COOKIE_DOMAIN, written into the page head
 * as `<meta name="ironsight:cookie-domain">`), so every subdomain shares the session. Only a domain
 * the page's own host is, or is under, counts (a browser refuses any other); otherwise, and when
 * the meta is absent, undefined: a host-only cookie.
 */
export function configuredCookieDomain(doc: Document, hostname: string): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${COOKIE_DOMAIN_META}"]`)?.content;
  const domain = content?.trim().toLowerCase().replace(/^\./, '');
  if (!domain?.includes('.')) return undefined;
  const host = hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}

/** The Set-Cookie string for the token; a null token expires the cookie. No domain: host-only. */
export function tokenCookie(
  token: string | null,
  location: Pick<Location, 'protocol'>,
  domain: string | undefined,
  now: Date = new Date(),
): string {
  const maxAgeSeconds = token === null ? 0 : TOKEN_COOKIE_HOURS * 60 * 60;
  const expires = new Date(now.getTime() + maxAgeSeconds * 1000).toUTCString();
  return [
    `${STORAGE_KEYS.token}=${token === null ? '' : encodeURIComponent(token)}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${expires}`,
    `Path=${TOKEN_COOKIE_PATH}`,
    domain ? `Domain=${domain}` : undefined,
    'SameSite=Lax',
    location.protocol === 'https:' ? 'Secure' : undefined,
  ]
    .filter(Boolean)
    .join('; ');
}

function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      const text = value.join('=');
      return text === '' ? null : decodeURIComponent(text);
    }
  }
  return null;
}

/** The web app: the browser's storage, file input, Notification API and tabs. */
export function createWebPlatform(win: Window = window): Platform {
  const doc = win.document;
  // Read once at start: the server writes it into the first page's head.
  const cookieDomain = configuredCookieDomain(doc, win.location.hostname);
  const navigateListeners = new Set<(path: string) => void>();

  function storage(): Storage | null {
    try {
      return win.localStorage;
    } catch {
      // Storage can be blocked by privacy settings; the cookie still carries the session.
      return null;
    }
  }

  return {
    kind: 'web',
    apiOrigin: '',

    async getToken() {
      return storage()?.getItem(STORAGE_KEYS.token) ?? readCookie(doc.cookie, STORAGE_KEYS.token);
    },
    async setToken(token) {
      storage()?.setItem(STORAGE_KEYS.token, token);
      doc.cookie = tokenCookie(token, win.location, cookieDomain);
    },
    async clearToken() {
      storage()?.removeItem(STORAGE_KEYS.token);
      doc.cookie = tokenCookie(null, win.location, cookieDomain);
      // A host-only cookie from before COOKIE_DOMAIN was set would otherwise outlive the sign-out.
      if (cookieDomain) doc.cookie = tokenCookie(null, win.location, undefined);
    },
    async isTokenStorageStrong() {
      return true;
    },
    async getAsideToken() {
      return storage()?.getItem(ASIDE_TOKEN_KEY) ?? null;
    },
    async setAsideToken(token) {
      if (token === null) storage()?.removeItem(ASIDE_TOKEN_KEY);
      else storage()?.setItem(ASIDE_TOKEN_KEY, token);
    },

    pickFiles(kind) {
      const rules = FILE_PICK_RULES[kind];
      return new Promise<File[]>((resolve) => {
        const input = doc.createElement('input');
        input.type = 'file';
        input.accept = rules.accept;
        input.multiple = rules.multiple;
        input.hidden = true;
        const finish = (files: File[]) => {
          input.remove();
          resolve(files);
        };
        input.addEventListener('change', () => finish(Array.from(input.files ?? [])), { once: true });
        input.addEventListener('cancel', () => finish([]), { once: true });
        doc.body.append(input);
        input.click();
      });
    },

    async notify(notice) {
      const NotificationApi = (win as Window & { Notification?: typeof Notification }).Notification;
      // Permission is asked for where the user turns alerts on, never from here.
      if (NotificationApi?.permission !== 'granted') return;
      const shown = new NotificationApi(notice.title, { body: notice.body });
      shown.onclick = () => {
        win.focus();
        shown.close();
        for (const listener of navigateListeners) listener(notice.path);
      };
    },

    async reportUnreadCount(count) {
      const nav = win.navigator as Navigator & {
        setAppBadge?: (contents?: number) => Promise<void>;
        clearAppBadge?: () => Promise<void>;
      };
      try {
        if (count > 0) await nav.setAppBadge?.(count);
        else await nav.clearAppBadge?.();
      } catch {
        // App badges exist only for installed web apps; elsewhere the header badge is enough.
      }
    },

    // The browser asks its own permission for notifications; there is no app setting to keep.
    getMessageNotifications: async () => null,
    setMessageNotifications: async () => undefined,

    async openExternal(url) {
      win.open(url, '_blank', 'noopener,noreferrer');
    },

    leaveApp(url) {
      // Synchronous, so nothing the caller does next runs before the tab starts leaving.
      win.location.assign(url);
      return Promise.resolve('left');
    },

    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => {
        navigateListeners.delete(listener);
      };
    },
    // Desktop services: the web has no watched folder, outbox or quiet hours.
    watchedFolder: null,
    outbox: null,
    updates: null,
    quietHours: null,
  };
}
