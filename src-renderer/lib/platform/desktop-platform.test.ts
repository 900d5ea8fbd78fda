import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge, WatchedFolderState } from '../../../shared/desktop-bridge.ts';
import { createDesktopPlatform } from './desktop-platform.ts';

const watchedFolderOff: WatchedFolderState = {
  folder: null,
  paused: false,
  status: 'off',
  pendingFiles: [],
  lastRun: null,
  lastError: null,
};

function bridgeWith(overrides: Partial<DesktopBridge> = {}) {
  let stored: string | null = 'stored.token.value';
  let aside: string | null = null;
  const bridge: DesktopBridge = {
    platform: 'desktop',
    appVersion: '1.2.3',
    apiOrigin: 'https://api.ironsight.example/',
    tokenVault: {
      get: vi.fn(async () => stored),
      set: vi.fn(async (token: string) => {
        stored = token;
      }),
      clear: vi.fn(async () => {
        stored = null;
      }),
      isStrong: vi.fn(async () => false),
    },
    adminTokenVault: {
      get: vi.fn(async () => aside),
      set: vi.fn(async (token: string) => {
        aside = token;
      }),
      clear: vi.fn(async () => {
        aside = null;
      }),
    },
    pickFiles: vi.fn(async () => [
      { name: 'inventory.csv', type: 'text/csv', size: 5, data: new TextEncoder().encode('a,b,c').buffer },
    ]),
    notify: vi.fn(async () => {}),
    reportUnreadCount: vi.fn(async () => {}),
    messageNotifications: { get: vi.fn(async () => true), set: vi.fn(async () => {}) },
    quietHours: {
      get: vi.fn(async () => ({ enabled: false, start: '22:00', end: '07:00' })),
      set: vi.fn(async (hours) => hours),
    },
    openExternal: vi.fn(async () => {}),
    watchedFolder: {
      get: vi.fn(async () => watchedFolderOff),
      choose: vi.fn(async () => watchedFolderOff),
      clear: vi.fn(async () => watchedFolderOff),
      setPaused: vi.fn(async () => watchedFolderOff),
      onChange: vi.fn(() => () => {}),
    },
    outbox: {
      list: vi.fn(async () => ({
        items: [],
        status: 'idle' as const,
        nextAttemptAt: null,
        persistent: true,
      })),
      enqueue: vi.fn(async () => {
        throw new Error('not used here');
      }),
      retry: vi.fn(async () => {}),
      discard: vi.fn(async () => {}),
      sendNow: vi.fn(async () => {}),
      onChange: vi.fn(() => () => {}),
    },
    updates: {
      get: vi.fn(async () => ({
        status: 'ready' as const,
        offReason: null,
        currentVersion: '1.2.3',
        version: '1.3.0',
        percent: 100,
        checkedAt: '2026-03-14T15:09:26.000Z',
        error: null,
      })),
      restart: vi.fn(async () => true),
      onChange: vi.fn(() => () => {}),
    },
    onNavigate: vi.fn(() => () => {}),
    ...overrides,
  };
  return bridge;
}

describe('desktop platform', () => {
  it('talks to the configured API origin', () => {
    const platform = createDesktopPlatform(bridgeWith());

    expect(platform.kind).toBe('desktop');
    expect(platform.apiOrigin).toBe('https://api.ironsight.example');
  });

  it('keeps the token in the OS keychain and reads it once', async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);

    expect(await platform.getToken()).toBe('stored.token.value');
    expect(await platform.getToken()).toBe('stored.token.value');
    expect(bridge.tokenVault.get).toHaveBeenCalledTimes(1);

    await platform.setToken('new.token.value');
    expect(bridge.tokenVault.set).toHaveBeenCalledWith('new.token.value');
    expect(await platform.getToken()).toBe('new.token.value');

    await platform.clearToken();
    expect(bridge.tokenVault.clear).toHaveBeenCalled();
    expect(await platform.getToken()).toBeNull();
    expect(await platform.isTokenStorageStrong()).toBe(false);
  });

  it("keeps an admin's own token aside in the keychain while they view as a user", async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);
    expect(await platform.getAsideToken()).toBeNull();
    await platform.setAsideToken('admin.own.token');
    expect(bridge.adminTokenVault.set).toHaveBeenCalledWith('admin.own.token');
    expect(await platform.getAsideToken()).toBe('admin.own.token');
    // The session token is untouched by the aside one.
    expect(await platform.getToken()).toBe('stored.token.value');
    await platform.setAsideToken(null);
    expect(bridge.adminTokenVault.clear).toHaveBeenCalled();
    expect(await platform.getAsideToken()).toBeNull();
  });

  it('hands native file picks over as File objects', async () => {
    const platform = createDesktopPlatform(bridgeWith());

    const [file] = await platform.pickFiles('bulkInventory');

    expect(file?.name).toBe('inventory.csv');
    expect(file?.type).toBe('text/csv');
    expect(await file?.text()).toBe('a,b,c');
  });

  it('passes notices, unread counts, external links and deep links to the bridge', async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);
    const listener = () => {};

    await platform.notify({ title: 'New message', body: 'From a buyer', path: '/dashboard/messages/inbox' });
    await platform.reportUnreadCount(3);
    await platform.openExternal('https://help.ironsight.example/');
    platform.onNavigate(listener);

    expect(bridge.notify).toHaveBeenCalledWith({
      title: 'New message',
      body: 'From a buyer',
      path: '/dashboard/messages/inbox',
    });
    expect(bridge.reportUnreadCount).toHaveBeenCalledWith(3);
    expect(bridge.openExternal).toHaveBeenCalledWith('https://help.ironsight.example/');
    expect(bridge.onNavigate).toHaveBeenCalledWith(listener);
  });

  it('leaves the app by opening the site in the system browser and staying', async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);

    expect(await platform.leaveApp('https://digest.ironsight.example/')).toBe('stayed');
    expect(bridge.openExternal).toHaveBeenCalledWith('https://digest.ironsight.example/');
  });

  it("hands the watched folder and the outbox through to the main process's services", async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);
    const folderListener = () => {};
    const outboxListener = () => {};

    expect(await platform.watchedFolder?.get()).toEqual(watchedFolderOff);
    await platform.watchedFolder?.choose();
    await platform.watchedFolder?.setPaused(true);
    await platform.watchedFolder?.clear();
    platform.watchedFolder?.onChange(folderListener);
    expect((await platform.outbox?.list())?.status).toBe('idle');
    await platform.outbox?.retry('a');
    await platform.outbox?.discard('b');
    await platform.outbox?.sendNow();
    platform.outbox?.onChange(outboxListener);

    expect(bridge.watchedFolder.choose).toHaveBeenCalledOnce();
    expect(bridge.watchedFolder.setPaused).toHaveBeenCalledWith(true);
    expect(bridge.watchedFolder.clear).toHaveBeenCalledOnce();
    expect(bridge.watchedFolder.onChange).toHaveBeenCalledWith(folderListener);
    expect(bridge.outbox.retry).toHaveBeenCalledWith('a');
    expect(bridge.outbox.discard).toHaveBeenCalledWith('b');
    expect(bridge.outbox.sendNow).toHaveBeenCalledOnce();
    expect(bridge.outbox.onChange).toHaveBeenCalledWith(outboxListener);
  });
});

describe('desktop platform: quiet hours', () => {
  it('reads and keeps them through the main process', async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);
    expect(await platform.quietHours?.get()).toEqual({ enabled: false, start: '22:00', end: '07:00' });
    const hours = { enabled: true, start: '21:30', end: '06:45' };
    expect(await platform.quietHours?.set(hours)).toEqual(hours);
    expect(bridge.quietHours.set).toHaveBeenCalledWith(hours);
  });
});

describe('desktop platform: updates', () => {
  it('reads the update state, follows it and asks the main process to restart', async () => {
    const bridge = bridgeWith();
    const platform = createDesktopPlatform(bridge);
    const listener = () => {};
    expect((await platform.updates?.get())?.version).toBe('1.3.0');
    platform.updates?.onChange(listener);
    expect(await platform.updates?.restart()).toBe(true);
    expect(bridge.updates.onChange).toHaveBeenCalledWith(listener);
    expect(bridge.updates.restart).toHaveBeenCalledOnce();
  });
});
