import type { Platform } from '../lib/platform/platform.ts';

/** An in-memory platform for component tests: a token in a variable, nothing native. */
export function createMemoryPlatform(initialToken: string | null = null): Platform & {
  readonly opened: string[];
  navigateTo(path: string): void;
} {
  let token = initialToken;
  let asideToken: string | null = null;
  const opened: string[] = [];
  const listeners = new Set<(path: string) => void>();
  return {
    kind: 'web',
    apiOrigin: '',
    opened,
    getToken: async () => token,
    setToken: async (value) => {
      token = value;
    },
    clearToken: async () => {
      token = null;
    },
    isTokenStorageStrong: async () => true,
    getAsideToken: async () => asideToken,
    setAsideToken: async (value) => {
      asideToken = value;
    },
    pickFiles: async () => [],
    notify: async () => {},
    reportUnreadCount: async () => {},
    getMessageNotifications: async () => null,
    setMessageNotifications: async () => {},
    openExternal: async (url) => {
      opened.push(url);
    },
    // As on the web: tests watch `window.location.assign`.
    leaveApp: (url) => {
      window.location.assign(url);
      return Promise.resolve('left');
    },
    onNavigate: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watchedFolder: null,
    outbox: null,
    updates: null,
    quietHours: null,
    navigateTo: (path) => {
      for (const listener of listeners) listener(path);
    },
  };
}
