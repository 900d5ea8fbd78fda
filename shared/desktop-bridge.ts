/**
 * The only surface the desktop preload exposes to the renderer, as `window.desktop`.
 * The renderer reaches it through its platform adapter, never directly from features.
 */

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
  openExternal(url: string): Promise<void>;
  /** Deep links and notification clicks arrive as app paths; returns an unsubscribe function. */
  onNavigate(listener: (path: string) => void): () => void;
}

declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}
