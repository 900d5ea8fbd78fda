import { describe, expect, it, vi } from 'vitest';
import { desktopInvokeChannels } from '../../shared/desktop-ipc.ts';
import { type DesktopServices, registerDesktopHandlers } from '../../src-main/desktop-ipc-handlers.ts';
import { createDesktopSettings } from '../../src-main/services/desktop-settings.ts';
import { ADMIN_TOKEN_FILE_NAME, createTokenVault } from '../../src-main/services/token-vault.ts';
import { createUnreadNotifier } from '../../src-main/services/unread-notifier.ts';
import { createTrustedIpc } from '../../src-main/trusted-ipc.ts';
import { createDesktopBridge, type IpcRendererLike } from '../../src-preload/create-bridge.ts';
import { appPageEvent, FakeFs, FakeIpcMain, MAIN_WINDOW_ID } from './fakes.ts';

/** The preload and the main process joined by fake IPC, as the main window's page sees them. */
function connect(services: DesktopServices) {
  const ipcMain = new FakeIpcMain();
  const trustedIpc = createTrustedIpc({
    ipcMain,
    isTrustedWebContents: (id) => id === MAIN_WINDOW_ID,
    isAppUrl: (url) => url.startsWith('app://ironsight/'),
  });
  registerDesktopHandlers(trustedIpc, services);
  let event = appPageEvent();
  const ipcRenderer: IpcRendererLike = {
    invoke: (channel, ...args) => ipcMain.invoke(channel, event, ...args),
    on: () => undefined,
    removeListener: () => undefined,
  };
  const bridge = createDesktopBridge(ipcRenderer, []);
  return { ipcMain, bridge, setEvent: (next: typeof event) => (event = next) };
}

function services() {
  const fs = new FakeFs();
  const tokenVault = createTokenVault({
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (plain) => new TextEncoder().encode(`enc:${plain}`),
      decryptString: (encrypted) => new TextDecoder().decode(encrypted).slice(4),
    },
    fs,
    directory: '/user-data',
    platform: 'win32',
  });
  const adminTokenVault = createTokenVault({
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (plain) => new TextEncoder().encode(`enc:${plain}`),
      decryptString: (encrypted) => new TextDecoder().decode(encrypted).slice(4),
    },
    fs,
    directory: '/user-data',
    fileName: ADMIN_TOKEN_FILE_NAME,
    platform: 'win32',
  });
  const presentNotice = vi.fn(() => true);
  const setBadgeCount = vi.fn();
  const settings = createDesktopSettings({ fs, directory: '/user-data' });
  const unread = createUnreadNotifier({
    present: presentNotice,
    badge: { setBadgeCount },
    notificationsEnabled: () => settings.messageNotificationsEnabled(),
  });
  const pickFiles = vi.fn(async () => []);
  const openInBrowser = vi.fn(async () => true);
  const onSessionChanged = vi.fn();
  return {
    fs,
    tokenVault,
    adminTokenVault,
    presentNotice,
    setBadgeCount,
    unread,
    settings,
    pickFiles,
    openInBrowser,
    onSessionChanged,
  };
}

describe('desktop IPC handlers', () => {
  it('answers every channel of the contract', () => {
    const { ipcMain } = connect(services());
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(desktopInvokeChannels).sort());
  });

  it('keeps the session token in the vault through window.desktop', async () => {
    const { bridge } = connect(services());
    await expect(bridge.tokenVault.get()).resolves.toBeNull();
    await bridge.tokenVault.set('eyJ.eyJ.sig');
    await expect(bridge.tokenVault.get()).resolves.toBe('eyJ.eyJ.sig');
    await expect(bridge.tokenVault.isStrong()).resolves.toBe(true);
    await bridge.tokenVault.clear();
    await expect(bridge.tokenVault.get()).resolves.toBeNull();
  });

  it("keeps an admin's own token aside in its own keychain file, apart from the session token", async () => {
    const all = services();
    const { bridge } = connect(all);
    await bridge.tokenVault.set('eyJ.viewing-as.sig');
    await bridge.adminTokenVault.set('eyJ.admin-own.sig');
    await expect(bridge.adminTokenVault.get()).resolves.toBe('eyJ.admin-own.sig');
    await expect(bridge.tokenVault.get()).resolves.toBe('eyJ.viewing-as.sig');
    expect([...all.fs.files.keys()].filter((name) => name.endsWith('.bin')).sort()).toEqual([
      '/user-data/admin-session-token.bin',
      '/user-data/session-token.bin',
    ]);
    await bridge.adminTokenVault.clear();
    await expect(bridge.adminTokenVault.get()).resolves.toBeNull();
    await expect(bridge.tokenVault.get()).resolves.toBe('eyJ.viewing-as.sig');
  });

  it('badges from reported unread counts (notifications come from the live channel)', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await bridge.reportUnreadCount(1);
    await bridge.reportUnreadCount(2);
    expect(fakes.setBadgeCount).toHaveBeenLastCalledWith(2);
    expect(fakes.presentNotice).not.toHaveBeenCalled();
  });

  it('tells the main process when the session changes, so it follows messages for it', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await bridge.tokenVault.set('eyJ.eyJ.sig');
    await bridge.tokenVault.clear();
    expect(fakes.onSessionChanged).toHaveBeenCalledTimes(2);
  });

  it('keeps the message-notifications setting, which silences notifications when off', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await expect(bridge.messageNotifications.get()).resolves.toBe(true);
    await bridge.messageNotifications.set(false);
    await expect(bridge.messageNotifications.get()).resolves.toBe(false);
    fakes.unread.receive({ type: 'unread', unreadCount: 0 });
    fakes.unread.receive({ type: 'unread', unreadCount: 2 });
    expect(fakes.presentNotice).not.toHaveBeenCalled();
    const reloaded = createDesktopSettings({ fs: fakes.fs, directory: '/user-data' });
    await reloaded.load();
    expect(reloaded.messageNotificationsEnabled()).toBe(false);
  });

  it('shows the page’s own notices and opens links in the browser', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await bridge.notify({
      title: 'Offer accepted',
      body: 'Your offer was accepted.',
      path: '/dashboard/buying/offers',
    });
    expect(fakes.presentNotice).toHaveBeenCalledWith({
      title: 'Offer accepted',
      body: 'Your offer was accepted.',
      path: '/dashboard/buying/offers',
    });
    await bridge.openExternal('https://help.ironsight.example/');
    expect(fakes.openInBrowser).toHaveBeenCalledWith('https://help.ironsight.example/');
    fakes.openInBrowser.mockResolvedValueOnce(false);
    await expect(bridge.openExternal('https://help.ironsight.example/')).rejects.toThrow(
      'could not be opened',
    );
  });

  it('refuses the same calls from another window', async () => {
    const fakes = services();
    const { bridge, setEvent } = connect(fakes);
    await bridge.tokenVault.set('eyJ.eyJ.sig');
    setEvent(appPageEvent({ sender: { id: 2 } }));
    await expect(bridge.tokenVault.get()).rejects.toThrow('Refused');
    await expect(bridge.pickFiles('bulkInventory')).rejects.toThrow('Refused');
    expect(fakes.pickFiles).not.toHaveBeenCalled();
  });
});
