import { STORAGE_KEYS, TOKEN_COOKIE_HOURS } from '../../../shared/domain/constants.ts';
import { FILE_PICK_RULES, type Platform } from './platform.ts';

/**
 * Domain for the token cookie: the product's parent domain, so every subdomain
 * (www, shop, digest) shares the session. None for localhost and IP addresses.
 */
export function parentCookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase();
  if (!host.includes('.') || host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return undefined;
  return host.split('.').slice(-2).join('.');
}

/** The Set-Cookie string for the token; a null token expires the cookie. */
export function tokenCookie(
  token: string | null,
  location: Pick<Location, 'hostname' | 'protocol'>,
  now: Date = new Date(),
): string {
  const maxAgeSeconds = token === null ? 0 : TOKEN_COOKIE_HOURS * 60 * 60;
  const expires = new Date(now.getTime() + maxAgeSeconds * 1000).toUTCString();
  const domain = parentCookieDomain(location.hostname);
  return [
    `${STORAGE_KEYS.token}=${token === null ? '' : encodeURIComponent(token)}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${expires}`,
    'Path=/',
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
      doc.cookie = tokenCookie(token, win.location);
    },
    async clearToken() {
      storage()?.removeItem(STORAGE_KEYS.token);
      doc.cookie = tokenCookie(null, win.location);
    },
    async isTokenStorageStrong() {
      return true;
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

    async openExternal(url) {
      win.open(url, '_blank', 'noopener,noreferrer');
    },

    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => {
        navigateListeners.delete(listener);
      };
    },
  };
}
