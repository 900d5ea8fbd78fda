import { describe, expect, it, vi } from 'vitest';
import { desktopInvokeChannels } from '../../shared/desktop-ipc.ts';
import { type DesktopServices, registerDesktopHandlers } from '../../src-main/desktop-ipc-handlers.ts';
import { createDesktopSettings } from '../../src-main/services/desktop-settings.ts';
import { createOutbox } from '../../src-main/services/outbox.ts';
import { ADMIN_TOKEN_FILE_NAME, createTokenVault } from '../../src-main/services/token-vault.ts';
import { createUnreadNotifier } from '../../src-main/services/unread-notifier.ts';
import { createUpdater } from '../../src-main/services/updater.ts';
import { createWatchedFolder } from '../../src-main/services/watched-folder.ts';
import { createTrustedIpc } from '../../src-main/trusted-ipc.ts';
import { createDesktopBridge, type IpcRendererLike } from '../../src-preload/create-bridge.ts';
import { FakeAutoUpdater } from './fake-auto-updater.ts';
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
  const pickFolder = vi.fn(async (): Promise<string | null> => '/Users/dealer/POS exports');
  const idleTimers = { setTimeout: () => 0, clearTimeout: () => {} };
  const watchedFolder = createWatchedFolder({
    fs: {
      readdir: async () => [],
      stat: (path) => fs.stat(path).then((info) => ({ ...info, mtimeMs: 0 })),
      readFile: (path) => fs.readFile(path),
    },
    uploader: {
      send: async () => ({ uploadId: '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60' }),
      result: async () => {
        throw new Error('not used');
      },
    },
    store: { read: async () => null, write: async () => {} },
    notify: () => {},
    timers: idleTimers,
  });
  const sent: string[] = [];
  const outbox = createOutbox({
    fs,
    directory: '/user-data',
    cipher: {
      isAvailable: () => true,
      encrypt: (plain) => new TextEncoder().encode(plain),
      decrypt: (data) => new TextDecoder().decode(data),
    },
    transport: {
      send: async ({ action, idempotencyKey }) => {
        sent.push(
          `${idempotencyKey} ${action.kind === 'orderShipping' ? action.shipment.trackingNumber : ''}`,
        );
        throw new TypeError('fetch failed');
      },
    },
    currentAccount: async () => '11111111-1111-4111-8111-111111111111',
    timers: idleTimers,
  });
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
    pickFolder,
    watchedFolder,
    outbox,
    sent,
    ...updates(idleTimers),
  };
}

/** The updater on a fake electron-updater, packaged and with a feed: updates are on. */
function updates(timers: {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}) {
  const autoUpdater = new FakeAutoUpdater();
  const updater = createUpdater({
    isPackaged: true,
    currentVersion: '1.2.3',
    feedUrl: 'https://ironsight.example/desktop/updates/',
    loadUpdater: () => autoUpdater,
    timers,
  });
  return { autoUpdater, updater };
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

  it('keeps the quiet hours, refusing a wrong form before it reaches the settings', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await expect(bridge.quietHours.get()).resolves.toEqual({ enabled: false, start: '22:00', end: '07:00' });
    const hours = { enabled: true, start: '21:30', end: '06:00' };
    await expect(bridge.quietHours.set(hours)).resolves.toEqual(hours);
    await expect(bridge.quietHours.set({ enabled: true, start: '06:00', end: '06:00' })).rejects.toThrow(
      'Invalid arguments for settings:quiet-hours:set',
    );
    await expect(bridge.quietHours.get()).resolves.toEqual(hours);
    const reloaded = createDesktopSettings({ fs: fakes.fs, directory: '/user-data' });
    await reloaded.load();
    expect(reloaded.quietHours()).toEqual(hours);
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

  it('chooses the watched folder only through the OS dialog, and pauses or clears it', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await expect(bridge.watchedFolder.get()).resolves.toMatchObject({ folder: null, status: 'off' });
    await expect(bridge.watchedFolder.choose()).resolves.toMatchObject({
      folder: '/Users/dealer/POS exports',
      status: 'watching',
    });
    fakes.pickFolder.mockResolvedValueOnce(null);
    await expect(bridge.watchedFolder.choose()).resolves.toMatchObject({
      folder: '/Users/dealer/POS exports',
    });
    await expect(bridge.watchedFolder.setPaused(true)).resolves.toMatchObject({
      paused: true,
      status: 'paused',
    });
    await expect(bridge.watchedFolder.clear()).resolves.toMatchObject({ folder: null, status: 'off' });
    fakes.watchedFolder.stop();
  });

  it('queues outbox actions the contract accepts, lists them, and drops them on request', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await fakes.outbox.load();
    const queued = await bridge.outbox.enqueue(
      {
        kind: 'orderShipping',
        orderId: '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71',
        shipment: { carrier: 'UPS', trackingNumber: ' 1Z999AA10123456784 ' },
      },
      'Ship order #1042',
    );
    expect(queued).toMatchObject({ kind: 'orderShipping', label: 'Ship order #1042', state: 'pending' });
    await fakes.outbox.flush();
    // The key sent is the one fixed at queuing, and the tracking number went as the contract parses it.
    expect(fakes.sent).toContain(`${queued.id} 1Z999AA10123456784`);
    const listed = await bridge.outbox.list();
    expect(listed).toMatchObject({ status: 'waiting', items: [{ id: queued.id }] });
    expect(fakes.fs.files.has('/user-data/outbox.bin')).toBe(true);

    await expect(
      bridge.outbox.enqueue({
        kind: 'orderShipping',
        orderId: 'not-an-id',
        shipment: { carrier: 'UPS', trackingNumber: '1Z' },
      }),
    ).rejects.toThrow('Invalid arguments for outbox:enqueue');
    await expect(
      bridge.outbox.enqueue({
        kind: 'listingEdit',
        input: {
          title: 'New listing',
          description: 'x',
          familyId: 1,
          condition: 'Used',
          quantity: 1,
          price: 10,
        },
        expected: {},
      }),
    ).rejects.toThrow('Only an edit of an existing listing can wait offline.');

    await bridge.outbox.discard(queued.id);
    await expect(bridge.outbox.list()).resolves.toMatchObject({ items: [] });
    await expect(bridge.outbox.retry('not-an-id')).rejects.toThrow('Invalid arguments');
    fakes.outbox.stop();
  });

  it('shows the update state, and restarts only into a downloaded, verified update', async () => {
    const fakes = services();
    const { bridge } = connect(fakes);
    await expect(bridge.updates.get()).resolves.toMatchObject({ status: 'idle', currentVersion: '1.2.3' });
    await expect(bridge.updates.restart()).resolves.toBe(false);

    fakes.autoUpdater.willFind('1.3.0');
    await fakes.updater.checkNow();
    await expect(bridge.updates.restart()).resolves.toBe(false);
    fakes.autoUpdater.finishDownload('1.3.0');
    await expect(bridge.updates.get()).resolves.toMatchObject({ status: 'ready', version: '1.3.0' });
    await expect(bridge.updates.restart()).resolves.toBe(true);
    expect(fakes.autoUpdater.installs).toHaveLength(1);
  });
});
