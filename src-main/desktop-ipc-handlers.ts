/**
 * What each IPC channel does: one line per channel, from the validated arguments to a service.
 * Kept apart from the composition root so a test can check every channel is answered.
 */
import type { DesktopSettingsStore } from './services/desktop-settings.ts';
import type { PickFiles, PickFolder } from './services/file-pickers.ts';
import type { PresentNotice } from './services/notices.ts';
import type { Outbox } from './services/outbox.ts';
import type { TokenVault } from './services/token-vault.ts';
import type { UnreadNotifier } from './services/unread-notifier.ts';
import type { Updater } from './services/updater.ts';
import type { WatchedFolder } from './services/watched-folder.ts';
import type { TrustedIpc } from './trusted-ipc.ts';

export interface DesktopServices {
  tokenVault: TokenVault;
  /** An admin's own token while they view the site as a user. */
  adminTokenVault: TokenVault;
  pickFiles: PickFiles;
  presentNotice: PresentNotice;
  unread: UnreadNotifier;
  settings: DesktopSettingsStore;
  /** The folder dialog: the watched folder is only ever chosen there, never named by the page. */
  pickFolder: PickFolder;
  watchedFolder: WatchedFolder;
  outbox: Outbox;
  /** The client's own updates: the state, and the restart that installs a verified one. */
  updater: Updater;
  /** The session token was stored or cleared: the main process follows messages for the new session. */
  onSessionChanged?: () => void;
  /** Opens a web page in the OS browser; false when refused. */
  openInBrowser(url: string): Promise<boolean>;
}

export function registerDesktopHandlers(ipc: TrustedIpc, services: DesktopServices): void {
  ipc.handle('token-vault:get', () => services.tokenVault.get());
  ipc.handle('token-vault:set', async ([token]) => {
    await services.tokenVault.set(token);
    services.onSessionChanged?.();
  });
  ipc.handle('token-vault:clear', async () => {
    await services.tokenVault.clear();
    services.onSessionChanged?.();
  });
  ipc.handle('token-vault:is-strong', () => services.tokenVault.isStrong());
  ipc.handle('admin-token-vault:get', () => services.adminTokenVault.get());
  ipc.handle('admin-token-vault:set', ([token]) => services.adminTokenVault.set(token));
  ipc.handle('admin-token-vault:clear', () => services.adminTokenVault.clear());
  ipc.handle('files:pick', ([kind]) => services.pickFiles(kind));
  ipc.handle('notifications:show', ([notice]) => {
    services.presentNotice(notice);
  });
  ipc.handle('unread:report', ([count]) => services.unread.report(count));
  ipc.handle('settings:message-notifications:get', () => services.settings.messageNotificationsEnabled());
  ipc.handle('settings:message-notifications:set', ([enabled]) =>
    services.settings.setMessageNotifications(enabled),
  );
  ipc.handle('settings:quiet-hours:get', () => services.settings.quietHours());
  ipc.handle('settings:quiet-hours:set', ([hours]) => services.settings.setQuietHours(hours));
  ipc.handle('shell:open-external', async ([url]) => {
    if (!(await services.openInBrowser(url))) throw new Error('The link could not be opened in the browser');
  });
  ipc.handle('watched-folder:get', () => services.watchedFolder.state());
  ipc.handle('watched-folder:choose', async () => {
    const folder = await services.pickFolder();
    return folder === null ? services.watchedFolder.state() : services.watchedFolder.setFolder(folder);
  });
  ipc.handle('watched-folder:clear', () => services.watchedFolder.setFolder(null));
  ipc.handle('watched-folder:set-paused', ([paused]) => services.watchedFolder.setPaused(paused));
  ipc.handle('outbox:list', () => services.outbox.snapshot());
  ipc.handle('outbox:enqueue', ([action, label]) => services.outbox.enqueue(action, label));
  ipc.handle('outbox:retry', ([id]) => services.outbox.retry(id));
  ipc.handle('outbox:discard', ([id]) => services.outbox.discard(id));
  ipc.handle('outbox:send-now', () => services.outbox.flush());
  ipc.handle('updates:get', () => services.updater.state());
  ipc.handle('updates:restart', () => services.updater.restartToUpdate());
}
