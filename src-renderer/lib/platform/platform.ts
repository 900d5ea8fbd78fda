import type { DesktopBridge, DesktopNotice, FilePickKind } from '../../../shared/desktop-bridge.ts';

export type {
  DesktopNotice as PlatformNotice,
  FilePickKind,
  OutboxAction,
  OutboxItemView,
  OutboxSnapshot,
  QuietHours,
  UpdateState,
  WatchedFolderRun,
  WatchedFolderState,
} from '../../../shared/desktop-bridge.ts';

export type PlatformKind = 'web' | 'desktop';

/** The desktop client's watched inventory folder (the main process opens the dialog and watches). */
export type WatchedFolderControl = DesktopBridge['watchedFolder'];
/** The desktop client's offline outbox: actions kept until the server can be reached. */
export type OutboxControl = DesktopBridge['outbox'];
/** The desktop client's own updates: "Restart to update" once one is downloaded and verified. */
export type UpdatesControl = DesktopBridge['updates'];
/** The desktop client's quiet hours: no notifications then (the badge and tray still count). */
export type QuietHoursControl = DesktopBridge['quietHours'];

/** Where the user is after `leaveApp`: gone to the other site, or still in the app. */
export type LeaveOutcome = 'left' | 'stayed';

/**
 * Everything that differs between the web app and the desktop client. Features call this,
 * never `window.desktop`, `localStorage` or `document.cookie` for these concerns.
 */
export interface Platform {
  readonly kind: PlatformKind;
  /** Origin the API lives on: '' on the web (same origin), the configured server on desktop. */
  readonly apiOrigin: string;

  /** The session token (a JWT), or null when signed out. */
  getToken(): Promise<string | null>;
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  /** False when the token can only be kept in a weak store; the UI then tells the user. */
  isTokenStorageStrong(): Promise<boolean>;
  /**
   * An admin's own token, set aside while they view the site as a user (the session token is then
   * the impersonation token), kept as safely as the session token; null clears it.
   */
  getAsideToken(): Promise<string | null>;
  setAsideToken(token: string | null): Promise<void>;

  /** Lets the user choose files; resolves with none when the choice is cancelled. */
  pickFiles(kind: FilePickKind): Promise<File[]>;
  /** Shows a system notification when allowed; a click opens `notice.path` in the app. */
  notify(notice: DesktopNotice): Promise<void>;
  /** The latest unread-message count, for the dock, taskbar or app badge. */
  reportUnreadCount(count: number): Promise<void>;
  /** Whether new messages raise a desktop notification: null where the platform has no such setting (web). */
  getMessageNotifications(): Promise<boolean | null>;
  setMessageNotifications(enabled: boolean): Promise<void>;
  /** Opens a URL outside the app (the digest, the help site, social profiles). */
  openExternal(url: string): Promise<void>;
  /**
   * Leaves the app for another site: the web tab goes there ('left'); the desktop client opens it
   * in the system browser and stays ('stayed'), and the caller chooses where it stays.
   */
  leaveApp(url: string): Promise<LeaveOutcome>;
  /** App paths to open that come from outside the page (deep links, notification clicks). */
  onNavigate(listener: (path: string) => void): () => void;
  /** The watched inventory folder: the desktop client only, null on the web. */
  readonly watchedFolder: WatchedFolderControl | null;
  /** The offline outbox: the desktop client only, null on the web. */
  readonly outbox: OutboxControl | null;
  /** The client's own updates: the desktop client only, null on the web (the page is always current). */
  readonly updates: UpdatesControl | null;
  /** The quiet hours of desktop notifications: the desktop client only, null on the web. */
  readonly quietHours: QuietHoursControl | null;
}

/** File types and counts each kind of pick accepts. */
export const FILE_PICK_RULES: Readonly<Record<FilePickKind, { accept: string; multiple: boolean }>> = {
  bulkInventory: { accept: '.csv,text/csv', multiple: false },
  identificationPhotos: { accept: 'image/jpeg,image/png,image/webp', multiple: true },
  listingPhotos: { accept: 'image/jpeg,image/png,image/webp', multiple: true },
};
