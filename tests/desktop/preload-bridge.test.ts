import { describe, expect, it, vi } from 'vitest';
import { formatLaunchArguments } from '../../shared/desktop-ipc.ts';
import {
  cleanRemoteError,
  createDesktopBridge,
  type IpcRendererLike,
} from '../../src-preload/create-bridge.ts';

type Listener = (event: unknown, ...args: unknown[]) => void;

class FakeIpcRenderer implements IpcRendererLike {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined);

  on(channel: string, listener: Listener): void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
  }

  removeListener(channel: string, listener: Listener): void {
    this.listeners.get(channel)?.delete(listener);
  }

  /** The main process sends an event; the fake IPC event carries a sender the page must not see. */
  emit(channel: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(channel) ?? []) listener({ sender: 'ipcRenderer' }, ...args);
  }
}

const argv = [
  '/opt/Ironsight/ironsight',
  ...formatLaunchArguments({ apiOrigin: 'https://api.ironsight.example', appVersion: '1.4.2' }),
];

describe('window.desktop (preload bridge)', () => {
  it('describes the desktop client from its launch arguments', () => {
    const bridge = createDesktopBridge(new FakeIpcRenderer(), argv);
    expect(bridge.platform).toBe('desktop');
    expect(bridge.apiOrigin).toBe('https://api.ironsight.example');
    expect(bridge.appVersion).toBe('1.4.2');
  });

  it('calls the typed channels with the page’s arguments', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    ipc.invoke.mockResolvedValueOnce('token-1');
    await expect(bridge.tokenVault.get()).resolves.toBe('token-1');
    await bridge.tokenVault.set('token-2');
    await bridge.tokenVault.clear();
    await bridge.tokenVault.isStrong();
    await bridge.pickFiles('identificationPhotos');
    await bridge.notify({ title: 'Saved search', body: '3 new listings', path: '/search?keyword=ar15' });
    await bridge.reportUnreadCount(7);
    await bridge.openExternal('https://help.ironsight.example/');
    await bridge.quietHours.get();
    await bridge.quietHours.set({ enabled: true, start: '22:00', end: '07:00' });
    expect(ipc.invoke.mock.calls).toEqual([
      ['token-vault:get'],
      ['token-vault:set', 'token-2'],
      ['token-vault:clear'],
      ['token-vault:is-strong'],
      ['files:pick', 'identificationPhotos'],
      ['notifications:show', { title: 'Saved search', body: '3 new listings', path: '/search?keyword=ar15' }],
      ['unread:report', 7],
      ['shell:open-external', 'https://help.ironsight.example/'],
      ['settings:quiet-hours:get'],
      ['settings:quiet-hours:set', { enabled: true, start: '22:00', end: '07:00' }],
    ]);
  });

  it('rejects with the main process’s message, without Electron’s prefix', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.invoke.mockRejectedValueOnce(
      new Error(
        'Error invoking remote method \'files:pick\': FilePickError: "huge.csv" is 25 MB. An inventory file can be at most 20 MB.',
      ),
    );
    const bridge = createDesktopBridge(ipc, argv);
    await expect(bridge.pickFiles('bulkInventory')).rejects.toThrow(
      /^"huge.csv" is 25 MB. An inventory file can be at most 20 MB.$/,
    );
    expect(cleanRemoteError('plain').message).toBe('plain');
  });

  it('gives navigation paths to subscribers, only the path, until they unsubscribe', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    const listener = vi.fn();
    const unsubscribe = bridge.onNavigate(listener);
    ipc.emit('navigate', '/dashboard/messages/inbox');
    expect(listener).toHaveBeenCalledWith('/dashboard/messages/inbox');
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    ipc.emit('navigate', '/cart/view');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('drops a navigation payload that is not an app path', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    const listener = vi.fn();
    bridge.onNavigate(listener);
    ipc.emit('navigate', 'javascript:alert(1)');
    ipc.emit('navigate', { path: '/' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps a path sent before the page subscribed and hands it to the first subscriber', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    ipc.emit('navigate', '/listing?p=1');
    ipc.emit('navigate', '/listing?p=123');
    const listener = vi.fn();
    bridge.onNavigate(listener);
    await Promise.resolve();
    expect(listener.mock.calls).toEqual([['/listing?p=123']]);
  });

  it('is frozen: the page cannot swap a function for its own', () => {
    const bridge = createDesktopBridge(new FakeIpcRenderer(), argv);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.tokenVault)).toBe(true);
  });

  it('calls the watched-folder and outbox channels, passing a label only when given', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    const action = {
      kind: 'offerAnswer' as const,
      offerId: '5a1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70',
      answer: { action: 'accept' as const },
    };
    await bridge.watchedFolder.get();
    await bridge.watchedFolder.choose();
    await bridge.watchedFolder.setPaused(true);
    await bridge.watchedFolder.clear();
    await bridge.outbox.list();
    await bridge.outbox.enqueue(action);
    await bridge.outbox.enqueue(action, 'Accept the offer');
    await bridge.outbox.retry('id-1');
    await bridge.outbox.discard('id-2');
    await bridge.outbox.sendNow();
    expect(ipc.invoke.mock.calls).toEqual([
      ['watched-folder:get'],
      ['watched-folder:choose'],
      ['watched-folder:set-paused', true],
      ['watched-folder:clear'],
      ['outbox:list'],
      ['outbox:enqueue', action],
      ['outbox:enqueue', action, 'Accept the offer'],
      ['outbox:retry', 'id-1'],
      ['outbox:discard', 'id-2'],
      ['outbox:send-now'],
    ]);
  });

  it('hands watched-folder and outbox changes to every subscriber, checked against the contract', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = bridge.watchedFolder.onChange(first);
    bridge.watchedFolder.onChange(second);
    const state = {
      folder: '/exports',
      paused: false,
      status: 'watching',
      pendingFiles: [],
      lastRun: null,
      lastError: null,
    };
    ipc.emit('watched-folder:changed', state);
    ipc.emit('watched-folder:changed', { ...state, status: 'exploded' });
    expect(first.mock.calls).toEqual([[state]]);
    stopFirst();
    ipc.emit('watched-folder:changed', state);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);

    const pending = vi.fn();
    bridge.outbox.onChange(pending);
    const snapshot = {
      items: [],
      status: 'waiting',
      nextAttemptAt: '2025-06-15T15:07:00.000Z',
      persistent: true,
    };
    ipc.emit('outbox:changed', snapshot);
    expect(pending).toHaveBeenCalledWith(snapshot);
    expect(Object.isFrozen(bridge.outbox)).toBe(true);
    expect(Object.isFrozen(bridge.watchedFolder)).toBe(true);
  });

  it('reads the update state, asks for a restart and follows changes, each checked against the contract', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createDesktopBridge(ipc, argv);
    await bridge.updates.get();
    await bridge.updates.restart();
    expect(ipc.invoke.mock.calls).toEqual([['updates:get'], ['updates:restart']]);

    const listener = vi.fn();
    bridge.updates.onChange(listener);
    const ready = {
      status: 'ready',
      offReason: null,
      currentVersion: '1.2.3',
      version: '1.3.0',
      percent: 100,
      checkedAt: '2026-03-14T15:09:26.000Z',
      error: null,
    };
    ipc.emit('updates:changed', ready);
    ipc.emit('updates:changed', { ...ready, status: 'installed-anyway' });
    expect(listener.mock.calls).toEqual([[ready]]);
    expect(Object.isFrozen(bridge.updates)).toBe(true);
  });
});
