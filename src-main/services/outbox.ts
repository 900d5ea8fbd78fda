/**
 * The offline outbox: actions a dealer makes in the desktop client while the server cannot be
 * reached (messages, listing edits, offer answers, order shipping updates) are kept on disk,
 * encrypted by the OS credential store, shown as pending, and sent in order once the server
 * answers again.
 *
 * - **Exactly once:** each action gets an idempotency key (a UUID, also its id) when it is queued;
 *   every attempt sends the same key as the `Idempotency-Key` header. An action leaves the queue
 *   only after a success answer has been written to disk, so a crash between the two sends it
 *   again, with the same key.
 * - **Crash safety:** the queue file is written beside itself, flushed, then renamed over the old
 *   one; queuing resolves only once the action is on disk. At start the queue is read back and
 *   sending resumes.
 * - **Conflicts are never overwritten:** a 409 or 412 answer (the listing changed meanwhile, the
 *   offer was withdrawn, the order was cancelled) holds that action as a conflict for the dealer,
 *   who sends it again as it is or discards it; any other refusal (4xx) holds it as rejected.
 * - **Dependencies:** actions are independent unless they touch the same record (one listing,
 *   offer, order, message or conversation). A held action holds the later actions on its record;
 *   the rest go on in order. No connection, 408/429 or a 5xx stops the whole round (the server is
 *   unwell, not the action) and tries again after 5 s, doubling to 5 min.
 * - **One account:** each action belongs to the account that made it and is sent, and listed, only
 *   while that account is signed in; signed out, the queue waits.
 */
import { z } from 'zod';
import { uuidSchema } from '../../shared/contract/common.ts';
import type { DesktopNotice, OutboxItemView, OutboxSnapshot } from '../../shared/desktop-bridge.ts';
import { outboxActionSchema, type ParsedOutboxAction } from '../../shared/desktop-ipc.ts';
import { paths } from '../../shared/routes/paths.ts';
import { readFileIfPresent, type StateFileFs, writeFileAtomically } from './atomic-file.ts';
import type { SafeStorageLike } from './token-vault.ts';

export const OUTBOX_FILE_NAME = 'outbox.bin';
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** Encrypts the queue file; the real one is Electron's safeStorage. */
export interface OutboxCipher {
  isAvailable(): boolean;
  encrypt(plainText: string): Uint8Array;
  decrypt(data: Uint8Array): string;
}

export function safeStorageCipher(safeStorage: SafeStorageLike): OutboxCipher {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plainText) => safeStorage.encryptString(plainText),
    decrypt: (data) => safeStorage.decryptString(Buffer.from(data)),
  };
}

/** How an attempt ended: the HTTP status and the server's reason for a failure. */
export interface OutboxAnswer {
  status: number;
  message: string | null;
}

/** Sends one action; rejects when the server cannot be reached. The real one is outbox-transport.ts. */
export interface OutboxTransport {
  send(request: { action: ParsedOutboxAction; idempotencyKey: string }): Promise<OutboxAnswer>;
}

export interface OutboxTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OutboxOptions {
  fs: StateFileFs;
  /** The app's user-data folder. */
  directory: string;
  cipher: OutboxCipher;
  transport: OutboxTransport;
  /** The signed-in account's id, or null when signed out. */
  currentAccount(): Promise<string | null>;
  /** Tells the dealer an action was held (conflict or refusal). */
  notify?(notice: DesktopNotice): void;
  clock?: { now(): number };
  timers?: OutboxTimers;
  newId?: () => string;
  onLog?(message: string): void;
}

export interface Outbox {
  /** Reads the queue back from disk and resumes sending. */
  load(): Promise<void>;
  /** Queues an action of the signed-in account; resolves once it is on disk, then tries to send. */
  enqueue(action: ParsedOutboxAction, label?: string): Promise<OutboxItemView>;
  snapshot(): OutboxSnapshot;
  /** Sends what can be sent now, in order; resolves when the round is over. */
  flush(): Promise<void>;
  /** A held action becomes pending again (sent as it is, with its key) and a round starts. */
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  stop(): void;
  onChange(listener: (snapshot: OutboxSnapshot) => void): () => void;
}

/** Thrown to the renderer when an action cannot be queued. */
export class OutboxError extends Error {
  override name = 'OutboxError';
}

const storedItemSchema = z.object({
  id: uuidSchema,
  accountId: z.string().min(1),
  action: outboxActionSchema,
  label: z.string(),
  resource: z.string(),
  queuedAt: z.string(),
  state: z.enum(['pending', 'conflict', 'rejected']),
  problem: z.string().nullable(),
  attempts: z.int().min(0),
});
type StoredItem = z.infer<typeof storedItemSchema>;
const queueFileSchema = z.object({ version: z.literal(1), items: z.array(storedItemSchema) });

/** The record an action changes: actions on one record keep their order and wait behind a held one. */
export function resourceOf(action: ParsedOutboxAction): string {
  switch (action.kind) {
    case 'message': {
      const { input } = action;
      if (input.id) return `message:${input.id}`;
      if (action.conversationId) return `conversation:${action.conversationId}`;
      if (input.parentMessageId) return `thread:${input.parentMessageId}`;
      return `to:${input.recipientId ?? ''}:${input.listingId ?? ''}`;
    }
    case 'listingEdit':
      return `listing:${action.input.id ?? ''}`;
    case 'offerAnswer':
      return `offer:${action.offerId}`;
    case 'orderShipping':
      return `order:${action.orderId}`;
  }
}

export function defaultLabel(action: ParsedOutboxAction): string {
  const clip = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
  switch (action.kind) {
    case 'message':
      if (action.input.id) return action.input.isRead ? 'Mark a message read' : 'Mark a message unread';
      return `Message: ${clip(action.input.subject || action.input.body || '', 80)}`;
    case 'listingEdit':
      return `Listing edit: ${clip(action.input.title, 100)}`;
    case 'offerAnswer':
      return action.answer.action === 'counter'
        ? `Offer counter: $${action.answer.amount.toFixed(2)}`
        : `Offer ${action.answer.action === 'accept' ? 'accepted' : 'declined'}`;
    case 'orderShipping':
      return `Shipping update: ${action.shipment.carrier} ${clip(action.shipment.trackingNumber, 60)}`;
  }
}

/** Where a held action is dealt with in the app. */
export function pathOf(action: ParsedOutboxAction): string {
  switch (action.kind) {
    case 'message':
      return paths.inbox(action.conversationId);
    case 'listingEdit':
      return paths.listItem(action.input.id);
    case 'offerAnswer':
      return paths.to('dashboard.selling.offers');
    case 'orderShipping':
      return paths.to('dashboard.selling.orders');
  }
}

type Verdict = 'sent' | 'conflict' | 'rejected' | 'signedOut' | 'later';

export function verdictOf(status: number): Verdict {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 401) return 'signedOut';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'later';
  if (status >= 400) return 'rejected';
  return 'later';
}

export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

const view = (item: StoredItem): OutboxItemView => ({
  id: item.id,
  kind: item.action.kind,
  label: item.label,
  resource: item.resource,
  queuedAt: item.queuedAt,
  state: item.state,
  problem: item.problem,
  attempts: item.attempts,
});

export function createOutbox(options: OutboxOptions): Outbox {
  const clock = options.clock ?? { now: () => Date.now() };
  const timers = options.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const newId = options.newId ?? (() => crypto.randomUUID());
  const directory = options.directory.replace(/[/\\]+$/, '');
  const filePath = `${directory}/${OUTBOX_FILE_NAME}`;

  let items: StoredItem[] = [];
  let account: string | null = null;
  let status: OutboxSnapshot['status'] = 'idle';
  let failures = 0;
  let nextAttemptAt: number | null = null;
  let timer: unknown = null;
  let stopped = false;
  /** False when the OS offers no encryption or the file could not be read back: memory only. */
  let persistent = false;
  let round: Promise<void> | null = null;
  let roundAgain = false;
  let writes: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(snapshot: OutboxSnapshot) => void>();

  const snapshot = (): OutboxSnapshot => ({
    items: items.filter((item) => item.accountId === account).map(view),
    status,
    nextAttemptAt: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
    persistent,
  });
  const emit = () => {
    const current = snapshot();
    for (const listener of [...listeners]) listener(current);
  };

  /** Writes the whole queue as it is now; writes never overtake one another. */
  const save = (): Promise<void> => {
    if (!persistent) return Promise.resolve();
    const run = writes.then(async () => {
      const text = JSON.stringify({ version: 1, items });
      await writeFileAtomically(options.fs, directory, filePath, options.cipher.encrypt(text));
    });
    writes = run.catch(() => undefined);
    return run;
  };

  const refreshAccount = async () => {
    account = await options.currentAccount().catch(() => null);
  };

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    nextAttemptAt = null;
  };

  const later = (reason: string) => {
    failures += 1;
    status = 'waiting';
    clearTimer();
    const delay = retryDelay(failures);
    nextAttemptAt = clock.now() + delay;
    timer = timers.setTimeout(() => {
      timer = null;
      nextAttemptAt = null;
      void flush();
    }, delay);
    options.onLog?.(`outbox waits ${Math.round(delay / 1000)} s: ${reason}`);
  };

  const hold = async (item: StoredItem, state: 'conflict' | 'rejected', answer: OutboxAnswer) => {
    item.state = state;
    item.problem = (
      answer.message ??
      (state === 'conflict'
        ? 'It changed on the server since this was made.'
        : `The server refused it (${answer.status}).`)
    ).slice(0, 2000);
    await save().catch((error: unknown) => options.onLog?.(`outbox not saved: ${String(error)}`));
    try {
      options.notify?.({
        title: (state === 'conflict'
          ? `Not sent, it changed meanwhile: ${item.label}`
          : `Not sent: ${item.label}`
        ).slice(0, 120),
        body: item.problem.slice(0, 500),
        path: pathOf(item.action),
      });
    } catch (error) {
      options.onLog?.(`outbox notice not shown: ${String(error)}`);
    }
  };

  /** The first pending action of this account not held back by an earlier held one on its record. */
  const nextToSend = (): StoredItem | undefined => {
    const held = new Set<string>();
    for (const item of items) {
      if (item.accountId !== account) continue;
      if (item.state !== 'pending') held.add(item.resource);
      else if (!held.has(item.resource)) return item;
    }
    return undefined;
  };

  /** One round: sends in order until nothing is left to send or the server cannot take more. */
  const sendRound = async () => {
    await refreshAccount();
    if (stopped) return;
    if (account === null) {
      status = items.length > 0 ? 'signedOut' : 'idle';
      clearTimer();
      emit();
      return;
    }
    let next = nextToSend();
    if (next === undefined) {
      status = 'idle';
      emit();
      return;
    }
    clearTimer();
    status = 'sending';
    emit();
    while (next !== undefined && !stopped) {
      const item = next;
      item.attempts += 1;
      let answer: OutboxAnswer;
      try {
        answer = await options.transport.send({ action: item.action, idempotencyKey: item.id });
      } catch (error) {
        if (stopped) return;
        later(error instanceof Error ? error.message : String(error));
        emit();
        return;
      }
      if (stopped) return;
      const verdict = verdictOf(answer.status);
      if (verdict === 'signedOut') {
        status = 'signedOut';
        emit();
        return;
      }
      if (verdict === 'later') {
        later(`${answer.status} ${answer.message ?? ''}`.trim());
        emit();
        return;
      }
      // Discarded while it was being sent: nothing is left to record.
      if (items.includes(item)) {
        if (verdict === 'sent') {
          items = items.filter((other) => other !== item);
          // Only now may the action leave the file; should this write not happen (a crash), the
          // next launch sends it again with the same key.
          await save();
        } else {
          await hold(item, verdict, answer);
        }
      }
      emit();
      next = nextToSend();
    }
    failures = 0;
    if (!stopped) {
      status = 'idle';
      emit();
    }
  };

  const flush = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (round) {
      roundAgain = true;
      return round;
    }
    round = (async () => {
      do {
        roundAgain = false;
        await sendRound().catch((error: unknown) => {
          options.onLog?.(`outbox round failed: ${String(error)}`);
          if (!stopped) later(String(error));
        });
      } while (roundAgain && !stopped && status === 'idle');
    })().finally(() => {
      round = null;
    });
    return round;
  };

  const setAside = async (reason: string) => {
    options.onLog?.(`outbox file set aside: ${reason}`);
    await options.fs
      .rename(filePath, `${filePath}.unreadable-${clock.now()}`)
      .catch((error: unknown) => options.onLog?.(`outbox file not set aside: ${String(error)}`));
  };

  return {
    async load() {
      persistent = options.cipher.isAvailable();
      await refreshAccount();
      const bytes = await readFileIfPresent(options.fs, filePath).catch(() => null);
      if (bytes !== null) {
        if (!persistent) {
          // Left as it is: it may be readable once the OS key store is back.
          options.onLog?.('outbox file kept unread: no OS encryption available');
        } else {
          try {
            items = queueFileSchema.parse(JSON.parse(options.cipher.decrypt(bytes))).items;
          } catch (error) {
            items = [];
            await setAside(error instanceof Error ? error.message : String(error));
          }
        }
      }
      emit();
      if (items.length > 0) void flush();
    },

    async enqueue(action, label) {
      if (stopped) throw new OutboxError('The outbox is closed.');
      await refreshAccount();
      if (account === null) throw new OutboxError('Sign in to keep this until the connection is back.');
      const item: StoredItem = {
        id: newId(),
        accountId: account,
        action,
        label: (label?.trim() || defaultLabel(action)).slice(0, 200),
        resource: resourceOf(action),
        queuedAt: new Date(clock.now()).toISOString(),
        state: 'pending',
        problem: null,
        attempts: 0,
      };
      items = [...items, item];
      try {
        await save();
      } catch (error) {
        items = items.filter((other) => other !== item);
        options.onLog?.(`outbox not saved: ${String(error)}`);
        throw new OutboxError('The action could not be kept on this computer.');
      }
      emit();
      void flush();
      return view(item);
    },

    snapshot,
    flush,

    async retry(id) {
      const item = items.find((candidate) => candidate.id === id && candidate.accountId === account);
      if (!item || item.state === 'pending') return;
      item.state = 'pending';
      item.problem = null;
      await save();
      emit();
      failures = 0;
      void flush();
    },

    async discard(id) {
      const before = items.length;
      items = items.filter((item) => !(item.id === id && item.accountId === account));
      if (items.length === before) return;
      await save();
      emit();
      // An action it held back may go now.
      void flush();
    },

    stop() {
      stopped = true;
      clearTimer();
      listeners.clear();
    },

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
