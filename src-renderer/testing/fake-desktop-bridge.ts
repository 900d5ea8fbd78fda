import type {
  DesktopBridge,
  OutboxAction,
  OutboxItemView,
  OutboxSnapshot,
  QuietHours,
  UpdateState,
  WatchedFolderState,
} from '../../shared/desktop-bridge.ts';
import { outboxActionSchema, outboxLabelSchema } from '../../shared/desktop-ipc.ts';
import { DEFAULT_QUIET_HOURS, quietHoursSchema } from '../../shared/quiet-hours.ts';

export const WATCHED_FOLDER_OFF: WatchedFolderState = {
  folder: null,
  paused: false,
  status: 'off',
  pendingFiles: [],
  lastRun: null,
  lastError: null,
};

export const OUTBOX_EMPTY: OutboxSnapshot = {
  items: [],
  status: 'idle',
  nextAttemptAt: null,
  persistent: true,
};

/** The client's updates before anything was found: looked for, nothing newer yet. */
export const UPDATES_IDLE: UpdateState = {
  status: 'idle',
  offReason: null,
  currentVersion: '0.0.0-test',
  version: null,
  percent: null,
  checkedAt: null,
  error: null,
};

/** One queued outbox action for tests; `overrides` set what the test is about. */
export function outboxItem(overrides: Partial<OutboxItemView> = {}): OutboxItemView {
  return {
    id: '6f1c2b9e-0000-4000-8000-000000000001',
    kind: 'orderShipping',
    label: 'Shipping update: UPS 1Z999AA10123456784',
    resource: 'order:1042',
    queuedAt: '2025-03-14T15:09:00.000Z',
    state: 'pending',
    problem: null,
    attempts: 0,
    ...overrides,
  };
}

export interface FakeDesktopBridgeOptions {
  token?: string | null;
  watchedFolder?: WatchedFolderState;
  outbox?: OutboxSnapshot;
  /** The client's update state (idle by default); `emitUpdates` plays its changes. */
  updates?: UpdateState;
  /** What the OS folder dialog "chooses"; null plays a cancelled dialog. */
  chooseFolder?: string | null;
  /** The quiet hours kept by the main process (off, 22:00–07:00 by default). */
  quietHours?: QuietHours;
}

/**
 * A stand-in for the preload's `window.desktop`: the main process's services as plain state.
 * It records every call (`calls`), answers from its state, and lets a test play the main process's
 * events (`emitWatchedFolder`, `emitOutbox`). `fail(name)` makes the next call of that name reject.
 */
export function createFakeDesktopBridge(options: FakeDesktopBridgeOptions = {}): DesktopBridge & {
  readonly calls: string[];
  /** The actions handed to `outbox.enqueue`, with their labels, in order. */
  readonly enqueued: { action: OutboxAction; label: string | undefined }[];
  watchedFolderState: WatchedFolderState;
  outboxSnapshot: OutboxSnapshot;
  updateState: UpdateState;
  emitUpdates(state: UpdateState): void;
  quietHoursValue: QuietHours;
  emitWatchedFolder(state: WatchedFolderState): void;
  emitOutbox(snapshot: OutboxSnapshot): void;
  fail(name: string, message?: string): void;
  listenerCount(): { watchedFolder: number; outbox: number };
} {
  let token = options.token ?? null;
  let aside: string | null = null;
  let notifications = true;
  const calls: string[] = [];
  const enqueued: { action: OutboxAction; label: string | undefined }[] = [];
  const failures = new Map<string, string>();
  const folderListeners = new Set<(state: WatchedFolderState) => void>();
  const outboxListeners = new Set<(snapshot: OutboxSnapshot) => void>();
  const updateListeners = new Set<(state: UpdateState) => void>();
  const navigateListeners = new Set<(path: string) => void>();

  async function call<T>(name: string, run: () => T): Promise<T> {
    calls.push(name);
    await Promise.resolve();
    const failure = failures.get(name.split(':')[0] ?? name);
    if (failure !== undefined) {
      failures.delete(name.split(':')[0] ?? name);
      throw new Error(failure);
    }
    return run();
  }

  const fake = {
    platform: 'desktop' as const,
    appVersion: '0.0.0-test',
    apiOrigin: 'http://localhost',
    calls,
    enqueued,
    watchedFolderState: options.watchedFolder ?? WATCHED_FOLDER_OFF,
    outboxSnapshot: options.outbox ?? OUTBOX_EMPTY,
    updateState: options.updates ?? UPDATES_IDLE,
    quietHoursValue: options.quietHours ?? DEFAULT_QUIET_HOURS,
    tokenVault: {
      get: async () => token,
      set: async (value: string) => {
        token = value;
      },
      clear: async () => {
        token = null;
      },
      isStrong: async () => true,
    },
    adminTokenVault: {
      get: async () => aside,
      set: async (value: string) => {
        aside = value;
      },
      clear: async () => {
        aside = null;
      },
    },
    pickFiles: async () => [],
    notify: async () => undefined,
    reportUnreadCount: async () => undefined,
    messageNotifications: {
      get: async () => notifications,
      set: async (enabled: boolean) => {
        notifications = enabled;
      },
    },
    // As the main process: the hours are checked with the IPC schema, and kept as checked.
    quietHours: {
      get: () => call('quietHours.get', () => fake.quietHoursValue),
      set: (hours: QuietHours) =>
        call(`quietHours.set:${hours.enabled ? `${hours.start}-${hours.end}` : 'off'}`, () => {
          fake.quietHoursValue = quietHoursSchema.parse(hours);
          return fake.quietHoursValue;
        }),
    },
    openExternal: async () => undefined,
    watchedFolder: {
      get: () => call('watchedFolder.get', () => fake.watchedFolderState),
      choose: () =>
        call('watchedFolder.choose', () => {
          if (options.chooseFolder) {
            fake.watchedFolderState = {
              ...fake.watchedFolderState,
              folder: options.chooseFolder,
              status: fake.watchedFolderState.paused ? 'paused' : 'watching',
            };
          }
          return fake.watchedFolderState;
        }),
      clear: () =>
        call('watchedFolder.clear', () => {
          fake.watchedFolderState = { ...WATCHED_FOLDER_OFF };
          return fake.watchedFolderState;
        }),
      setPaused: (paused: boolean) =>
        call(`watchedFolder.setPaused:${paused}`, () => {
          const folder = fake.watchedFolderState.folder;
          fake.watchedFolderState = {
            ...fake.watchedFolderState,
            paused,
            status: folder === null ? 'off' : paused ? 'paused' : 'watching',
          };
          return fake.watchedFolderState;
        }),
      onChange: (listener: (state: WatchedFolderState) => void) => {
        folderListeners.add(listener);
        return () => {
          folderListeners.delete(listener);
        };
      },
    },
    outbox: {
      list: () => call('outbox.list', () => fake.outboxSnapshot),
      enqueue: (action: OutboxAction, label?: string) =>
        call('outbox.enqueue', (): OutboxItemView => {
          // As the main process: the action and its label are checked with the IPC schemas.
          outboxActionSchema.parse(action);
          outboxLabelSchema.optional().parse(label);
          enqueued.push({ action, label });
          return outboxItem({ kind: action.kind, ...(label ? { label } : {}) });
        }),
      retry: (id: string) => call(`outbox.retry:${id}`, () => undefined),
      discard: (id: string) => call(`outbox.discard:${id}`, () => undefined),
      sendNow: () => call('outbox.sendNow', () => undefined),
      onChange: (listener: (snapshot: OutboxSnapshot) => void) => {
        outboxListeners.add(listener);
        return () => {
          outboxListeners.delete(listener);
        };
      },
    },
    // As the main process: a restart happens only while a verified update is ready.
    updates: {
      get: () => call('updates.get', () => fake.updateState),
      restart: () => call('updates.restart', () => fake.updateState.status === 'ready'),
      onChange: (listener: (state: UpdateState) => void) => {
        updateListeners.add(listener);
        return () => {
          updateListeners.delete(listener);
        };
      },
    },
    emitUpdates(state: UpdateState) {
      fake.updateState = state;
      for (const listener of updateListeners) listener(state);
    },
    onNavigate: (listener: (path: string) => void) => {
      navigateListeners.add(listener);
      return () => {
        navigateListeners.delete(listener);
      };
    },
    emitWatchedFolder(state: WatchedFolderState) {
      fake.watchedFolderState = state;
      for (const listener of folderListeners) listener(state);
    },
    emitOutbox(snapshot: OutboxSnapshot) {
      fake.outboxSnapshot = snapshot;
      for (const listener of outboxListeners) listener(snapshot);
    },
    fail(name: string, message = 'The desktop service did not answer.') {
      failures.set(name, message);
    },
    listenerCount: () => ({ watchedFolder: folderListeners.size, outbox: outboxListeners.size }),
  };
  return fake;
}
