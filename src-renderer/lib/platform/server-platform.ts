import type { Platform } from './platform.ts';

/**
 * The platform while a page is rendered on the server: a visitor with no session (the server's
 * output is the same for everyone), and nothing to pick, notify or open. Effects never run there.
 */
export function createServerPlatform(): Platform {
  return {
    kind: 'web',
    apiOrigin: '',
    getToken: async () => null,
    setToken: async () => undefined,
    clearToken: async () => undefined,
    isTokenStorageStrong: async () => true,
    getAsideToken: async () => null,
    setAsideToken: async () => undefined,
    pickFiles: async () => [],
    notify: async () => undefined,
    reportUnreadCount: async () => undefined,
    getMessageNotifications: async () => null,
    setMessageNotifications: async () => undefined,
    openExternal: async () => undefined,
    leaveApp: async () => 'stayed',
    onNavigate: () => () => undefined,
    watchedFolder: null,
    outbox: null,
    updates: null,
    quietHours: null,
  };
}
