import type { DesktopBridge, PickedFile } from '../../../shared/desktop-bridge.ts';
import type { Platform } from './platform.ts';

function toFile(picked: PickedFile): File {
  return new File([picked.data], picked.name, { type: picked.type });
}

/** The desktop client: the preload bridge does the native work (keychain, dialogs, notifications). */
export function createDesktopPlatform(bridge: DesktopBridge): Platform {
  // The keychain sits behind IPC; the token is read once and then kept in memory.
  let cachedToken: Promise<string | null> | undefined;

  return {
    kind: 'desktop',
    apiOrigin: bridge.apiOrigin.replace(/\/+$/, ''),

    getToken() {
      cachedToken ??= bridge.tokenVault.get().catch((error: unknown) => {
        cachedToken = undefined;
        throw error;
      });
      return cachedToken;
    },
    async setToken(token) {
      await bridge.tokenVault.set(token);
      cachedToken = Promise.resolve(token);
    },
    async clearToken() {
      await bridge.tokenVault.clear();
      cachedToken = Promise.resolve(null);
    },
    isTokenStorageStrong: () => bridge.tokenVault.isStrong(),
    getAsideToken: () => bridge.adminTokenVault.get(),
    setAsideToken: (token) =>
      token === null ? bridge.adminTokenVault.clear() : bridge.adminTokenVault.set(token),

    async pickFiles(kind) {
      const picked = await bridge.pickFiles(kind);
      return picked.map(toFile);
    },
    notify: (notice) => bridge.notify(notice),
    reportUnreadCount: (count) => bridge.reportUnreadCount(Math.max(0, Math.trunc(count))),
    getMessageNotifications: () => bridge.messageNotifications.get(),
    setMessageNotifications: (enabled) => bridge.messageNotifications.set(enabled),
    openExternal: (url) => bridge.openExternal(url),
    async leaveApp(url) {
      await bridge.openExternal(url);
      return 'stayed';
    },
    onNavigate: (listener) => bridge.onNavigate(listener),
    watchedFolder: {
      get: () => bridge.watchedFolder.get(),
      choose: () => bridge.watchedFolder.choose(),
      clear: () => bridge.watchedFolder.clear(),
      setPaused: (paused) => bridge.watchedFolder.setPaused(paused),
      onChange: (listener) => bridge.watchedFolder.onChange(listener),
    },
    outbox: {
      list: () => bridge.outbox.list(),
      enqueue: (action, label) => bridge.outbox.enqueue(action, label),
      retry: (id) => bridge.outbox.retry(id),
      discard: (id) => bridge.outbox.discard(id),
      sendNow: () => bridge.outbox.sendNow(),
      onChange: (listener) => bridge.outbox.onChange(listener),
    },
    updates: {
      get: () => bridge.updates.get(),
      restart: () => bridge.updates.restart(),
      onChange: (listener) => bridge.updates.onChange(listener),
    },
    quietHours: {
      get: () => bridge.quietHours.get(),
      set: (hours) => bridge.quietHours.set(hours),
    },
  };
}
