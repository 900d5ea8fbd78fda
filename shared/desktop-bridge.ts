/**
 * The only surface the desktop preload exposes to the renderer, as `window.desktop`.
 * The renderer reaches it through its platform adapter, never directly from features.
 */
import type { ListingInput } from './contract/listing-input.ts';
import type { MessageInput } from './contract/messages.ts';
import type { RespondOfferRequest } from './contract/offers.ts';
import type { ShipOrderRequest } from './contract/orders.ts';
import type { QuietHours } from './quiet-hours.ts';

export type { QuietHours } from './quiet-hours.ts';

/** Kinds of native file picking the desktop client offers; each has its own filters and size limit. */
export type FilePickKind = 'bulkInventory' | 'identificationPhotos' | 'listingPhotos';

export interface PickedFile {
  name: string;
  /** MIME type guessed from the extension; the server checks the content itself. */
  type: string;
  size: number;
  data: ArrayBuffer;
}

export interface DesktopNotice {
  title: string;
  body: string;
  /** App path opened when the notice is clicked, e.g. '/dashboard/messages/inbox'. */
  path: string;
}

/** The last file the watched inventory folder sent, and what the server made of it. */
export interface WatchedFolderRun {
  /** When the file was sent (ISO date-time). */
  at: string;
  fileName: string;
  /** The bulk upload's id (its row in the upload history). */
  uploadId: string;
  /** `Processing` while the server has not finished (or did not finish while the client waited). */
  status: 'Processing' | 'Completed' | 'Failed';
  createdCount: number;
  updatedCount: number;
  unchangedCount: number;
  /** Rows that failed (listed in the upload's error report). */
  errorCount: number;
  /** Why the whole upload failed, when it did. */
  failureMessage: string | null;
}

export interface WatchedFolderError {
  at: string;
  /** The file it concerns; null for the folder itself (missing, unreadable). */
  fileName: string | null;
  message: string;
}

/** The watched inventory folder as the desktop settings show it. */
export interface WatchedFolderState {
  /** The folder watched; null when none is chosen. */
  folder: string | null;
  paused: boolean;
  /**
   * `off`: no folder; `paused`; `watching`: waiting for files; `uploading`: a file is being sent or
   * the server is processing it; `error`: the folder cannot be read (the last error says why).
   */
  status: 'off' | 'paused' | 'watching' | 'uploading' | 'error';
  /** Inventory files seen but not sent yet: being written, waiting for a retry, or held while paused. */
  pendingFiles: string[];
  lastRun: WatchedFolderRun | null;
  /** The latest failure since the last upload that went through; null when there is none. */
  lastError: WatchedFolderError | null;
}

/**
 * An action the desktop client keeps in its offline outbox until the server can be reached. Each
 * is one call of the API contract: a message (no attachments), an edit of an existing listing (no
 * new photos), an answer to an offer, an order's shipping update.
 */
export type OutboxAction =
  | {
      kind: 'message';
      input: MessageInput;
      /** The conversation it belongs to, when known: messages of one conversation stay in order. */
      conversationId?: string;
    }
  | {
      kind: 'listingEdit';
      /** The whole listing as edited (`id` required: only edits wait offline). */
      input: ListingInput;
      /**
       * Fields of the listing as the dealer saw them when editing (names of the listing detail, e.g.
       * `price`, `quantity`): when the listing differs on any of them before sending, the edit is
       * held as a conflict instead of overwriting the change.
       */
      expected: Record<string, string | number | boolean | null>;
    }
  | { kind: 'offerAnswer'; offerId: string; answer: RespondOfferRequest }
  | { kind: 'orderShipping'; orderId: string; shipment: ShipOrderRequest };

export type OutboxActionKind = OutboxAction['kind'];

/** One action waiting in the outbox, as the pending list shows it. */
export interface OutboxItemView {
  /** Also the action's idempotency key, fixed when it was queued. */
  id: string;
  kind: OutboxActionKind;
  /** What the dealer did, in a few words ("Shipping update: UPS 1Z…"). */
  label: string;
  /** The record it changes (`listing:<id>`, `offer:<id>`, `order:<id>`, `conversation:<id>`). */
  resource: string;
  queuedAt: string;
  /**
   * `pending`: will be sent in turn; `conflict`: the record changed meanwhile (409/412), held for the
   * dealer; `rejected`: the server refused it for another reason, held for the dealer. Later actions
   * on the same record wait behind a held one; actions on other records go on.
   */
  state: 'pending' | 'conflict' | 'rejected';
  /** The server's reason for a conflict or refusal. */
  problem: string | null;
  attempts: number;
}

export interface OutboxSnapshot {
  items: OutboxItemView[];
  /**
   * `idle`: nothing to send or all sent; `sending`; `waiting`: the server could not be reached (or
   * failed), tried again at `nextAttemptAt`; `signedOut`: waits for a sign-in.
   */
  status: 'idle' | 'sending' | 'waiting' | 'signedOut';
  nextAttemptAt: string | null;
  /** False when the OS offers no encryption: the outbox then lives in memory until the app quits. */
  persistent: boolean;
}

/** The desktop client's own updates, as "Restart to update" shows them. */
export interface UpdateState {
  /**
   * `off`: updates are not looked for (`offReason`); `idle`: up to date as of `checkedAt`, or not
   * checked yet; `checking`; `downloading` the newer `version` (`percent` done); `ready`: `version`
   * is downloaded and its SHA-512 verified, installed by a restart (or when the app quits); `error`:
   * the last check or download failed (`error`), tried again later.
   */
  status: 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** Why updates are off: a development build, or no update feed configured. */
  offReason: 'development' | 'noFeed' | null;
  currentVersion: string;
  /** The newer version being downloaded or ready. */
  version: string | null;
  percent: number | null;
  checkedAt: string | null;
  error: string | null;
}

export interface DesktopBridge {
  readonly platform: 'desktop';
  readonly appVersion: string;
  /** Origin of the marketplace API the desktop client talks to, e.g. 'https://ironsight.example'. */
  readonly apiOrigin: string;
  /** Session token kept in the OS keychain (encrypted with the OS credential store). */
  readonly tokenVault: {
    get(): Promise<string | null>;
    set(token: string): Promise<void>;
    clear(): Promise<void>;
    /** False when the OS offers only a weak store (e.g. Linux without a keyring); the UI tells the user. */
    isStrong(): Promise<boolean>;
  };
  /** An admin's own token set aside while viewing the site as a user; kept in the keychain like the session. */
  readonly adminTokenVault: {
    get(): Promise<string | null>;
    set(token: string): Promise<void>;
    clear(): Promise<void>;
  };
  pickFiles(kind: FilePickKind): Promise<PickedFile[]>;
  notify(notice: DesktopNotice): Promise<void>;
  /** Tells the main process the latest unread count so it can badge the dock/taskbar and notify on increase. */
  reportUnreadCount(count: number): Promise<void>;
  /** The desktop setting: whether a new message raises a notification (on by default). */
  readonly messageNotifications: {
    get(): Promise<boolean>;
    set(enabled: boolean): Promise<void>;
  };
  /**
   * The desktop setting: a daily stretch of local time without notifications (the badge and tray
   * still count what arrives). `set` answers the hours as kept; a wrong form is refused.
   */
  readonly quietHours: {
    get(): Promise<QuietHours>;
    set(hours: QuietHours): Promise<QuietHours>;
  };
  openExternal(url: string): Promise<void>;
  /** The folder the client watches for inventory exports (dealers' point-of-sale software). */
  readonly watchedFolder: {
    get(): Promise<WatchedFolderState>;
    /** Opens the OS folder dialog; the chosen folder is watched (cancelling changes nothing). */
    choose(): Promise<WatchedFolderState>;
    /** Stops watching and forgets the folder. */
    clear(): Promise<WatchedFolderState>;
    setPaused(paused: boolean): Promise<WatchedFolderState>;
    /** Called with the new state whenever it changes; returns an unsubscribe function. */
    onChange(listener: (state: WatchedFolderState) => void): () => void;
  };
  /** Actions made while the server could not be reached, kept (encrypted) until they are sent. */
  readonly outbox: {
    list(): Promise<OutboxSnapshot>;
    /** Queues an action (on disk before this resolves) and tries to send it at once. */
    enqueue(action: OutboxAction, label?: string): Promise<OutboxItemView>;
    /** Sends a held (conflict or rejected) action again, as it is. */
    retry(id: string): Promise<void>;
    /** Drops a queued action without sending it. */
    discard(id: string): Promise<void>;
    /** Tries to send now instead of waiting for the next attempt. */
    sendNow(): Promise<void>;
    onChange(listener: (snapshot: OutboxSnapshot) => void): () => void;
  };
  /** The client's own updates: downloaded in the background, installed by a restart. */
  readonly updates: {
    get(): Promise<UpdateState>;
    /** Quits and installs the verified update, then opens the new version; false when none is ready. */
    restart(): Promise<boolean>;
    onChange(listener: (state: UpdateState) => void): () => void;
  };
  /** Deep links and notification clicks arrive as app paths; returns an unsubscribe function. */
  onNavigate(listener: (path: string) => void): () => void;
}

declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}
