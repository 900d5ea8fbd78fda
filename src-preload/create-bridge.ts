/**
 * Builds `window.desktop` from the typed IPC channels. Only these functions cross into the page:
 * never `ipcRenderer` itself, nor an IPC event object.
 */
import type { DesktopBridge, OutboxAction, QuietHours } from '../shared/desktop-bridge.ts';
import {
  type DesktopEventChannel,
  type DesktopEventPayload,
  type DesktopInvokeArgs,
  type DesktopInvokeChannel,
  type DesktopInvokeResult,
  desktopEventChannels,
  parseLaunchArguments,
} from '../shared/desktop-ipc.ts';

/** What the bridge needs from Electron's `ipcRenderer`. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** Electron prefixes errors from the main process; the page gets the message the user should read. */
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function cleanRemoteError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(REMOTE_ERROR_PREFIX, ''));
}

export function createDesktopBridge(ipc: IpcRendererLike, argv: readonly string[]): DesktopBridge {
  const launch = parseLaunchArguments(argv);

  const invoke = async <C extends DesktopInvokeChannel>(
    channel: C,
    ...args: DesktopInvokeArgs<C>
  ): Promise<DesktopInvokeResult<C>> => {
    try {
      return (await ipc.invoke(channel, ...args)) as DesktopInvokeResult<C>;
    } catch (error) {
      throw cleanRemoteError(error);
    }
  };

  /** Payloads are checked too: the page only ever sees values of the declared shape. */
  const subscribe = <C extends DesktopEventChannel>(
    channel: C,
    listener: (payload: DesktopEventPayload<C>) => void,
  ) => {
    ipc.on(channel, (_event, payload) => {
      const parsed = desktopEventChannels[channel].safeParse(payload);
      if (parsed.success) listener(parsed.data as DesktopEventPayload<C>);
    });
  };

  // Listening starts now, before the page subscribes: a path sent while the app is still
  // starting is kept (the latest wins) and given to the first subscriber.
  const listeners = new Set<(path: string) => void>();
  let kept: string | null = null;
  subscribe('navigate', (path) => {
    if (listeners.size === 0) {
      kept = path;
      return;
    }
    for (const listener of [...listeners]) listener(path);
  });

  /** Listeners of an event the page may subscribe to any number of times. */
  const broadcast = <C extends DesktopEventChannel>(channel: C) => {
    const subscribers = new Set<(payload: DesktopEventPayload<C>) => void>();
    subscribe(channel, (payload) => {
      for (const listener of [...subscribers]) listener(payload);
    });
    return (listener: (payload: DesktopEventPayload<C>) => void) => {
      // Only the function is kept; the page cannot reach the IPC event.
      const wrapped = (payload: DesktopEventPayload<C>) => listener(payload);
      subscribers.add(wrapped);
      return () => {
        subscribers.delete(wrapped);
      };
    };
  };
  const onWatchedFolderChange = broadcast('watched-folder:changed');
  const onOutboxChange = broadcast('outbox:changed');
  const onUpdatesChange = broadcast('updates:changed');

  const bridge: DesktopBridge = {
    platform: 'desktop',
    appVersion: launch.appVersion,
    apiOrigin: launch.apiOrigin,
    tokenVault: Object.freeze({
      get: () => invoke('token-vault:get'),
      set: (token: string) => invoke('token-vault:set', token),
      clear: () => invoke('token-vault:clear'),
      isStrong: () => invoke('token-vault:is-strong'),
    }),
    adminTokenVault: Object.freeze({
      get: () => invoke('admin-token-vault:get'),
      set: (token: string) => invoke('admin-token-vault:set', token),
      clear: () => invoke('admin-token-vault:clear'),
    }),
    pickFiles: (kind) => invoke('files:pick', kind),
    notify: (notice) => invoke('notifications:show', notice),
    reportUnreadCount: (count) => invoke('unread:report', count),
    messageNotifications: Object.freeze({
      get: () => invoke('settings:message-notifications:get'),
      set: (enabled: boolean) => invoke('settings:message-notifications:set', enabled),
    }),
    quietHours: Object.freeze({
      get: () => invoke('settings:quiet-hours:get'),
      set: (hours: QuietHours) => invoke('settings:quiet-hours:set', hours),
    }),
    openExternal: (url) => invoke('shell:open-external', url),
    watchedFolder: Object.freeze({
      get: () => invoke('watched-folder:get'),
      choose: () => invoke('watched-folder:choose'),
      clear: () => invoke('watched-folder:clear'),
      setPaused: (paused: boolean) => invoke('watched-folder:set-paused', paused),
      onChange: onWatchedFolderChange,
    }),
    outbox: Object.freeze({
      list: () => invoke('outbox:list'),
      enqueue: (action: OutboxAction, label?: string) =>
        label === undefined ? invoke('outbox:enqueue', action) : invoke('outbox:enqueue', action, label),
      retry: (id: string) => invoke('outbox:retry', id),
      discard: (id: string) => invoke('outbox:discard', id),
      sendNow: () => invoke('outbox:send-now'),
      onChange: onOutboxChange,
    }),
    updates: Object.freeze({
      get: () => invoke('updates:get'),
      restart: () => invoke('updates:restart'),
      onChange: onUpdatesChange,
    }),
    onNavigate(listener) {
      // Only the function is kept; the page cannot reach the IPC event.
      const wrapped = (path: string) => listener(path);
      listeners.add(wrapped);
      if (kept !== null) {
        const path = kept;
        kept = null;
        queueMicrotask(() => {
          if (listeners.has(wrapped)) wrapped(path);
        });
      }
      return () => {
        listeners.delete(wrapped);
      };
    },
  };
  return Object.freeze(bridge);
}
