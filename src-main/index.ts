/**
 * Composition root of the desktop client: the only module that touches Electron. It wires the
 * real Electron objects into the services (each of which runs in plain Node with fakes) and owns
 * the app's lifecycle: one instance, one window, the `app://` protocol, deep links.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  nativeImage,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
  type WebContents,
} from 'electron';
import electronUpdater from 'electron-updater';
import { formatLaunchArguments } from '../shared/desktop-ipc.ts';
import { DESKTOP_APP_ORIGIN, DESKTOP_APP_SCHEME } from '../shared/desktop-origin.ts';
import { isQuietTime } from '../shared/quiet-hours.ts';
import { APP_URL_SCHEME } from '../shared/routes/resolve.ts';
import { createAppNavigator } from './app-navigator.ts';
import { createAppProtocolHandler, loadRendererFiles } from './app-protocol.ts';
import { type DesktopConfig, loadDesktopConfig } from './config.ts';
import { registerDesktopHandlers } from './desktop-ipc-handlers.ts';
import { createNavigationGuard, type NavigationGuard } from './navigation-guard.ts';
import { isPermissionGranted } from './permission-policy.ts';
import { createJsonStateFile } from './services/atomic-file.ts';
import { createBulkUploadClient } from './services/bulk-upload-client.ts';
import { createDeepLinkService } from './services/deep-links.ts';
import { createDesktopSettings } from './services/desktop-settings.ts';
import { createFilePicker, createFolderPicker } from './services/file-pickers.ts';
import { createMessageFollower } from './services/message-follower.ts';
import { createNoticePresenter } from './services/notices.ts';
import { createOutbox, safeStorageCipher } from './services/outbox.ts';
import { accountOfToken, createOutboxTransport } from './services/outbox-transport.ts';
import { ADMIN_TOKEN_FILE_NAME, createTokenVault } from './services/token-vault.ts';
import { badgeDescription, badgeDotBitmap, createTray, type TrayPresenter } from './services/tray.ts';
import { createTrayModel } from './services/tray-model.ts';
import { createUnreadNotifier, fanOutNotifier } from './services/unread-notifier.ts';
import { createUpdater, updateFeedPlan } from './services/updater.ts';
import { createWatchedFolder } from './services/watched-folder.ts';
import { TRAY_ICON_PNG_BASE64, TRAY_ICON_SCALE } from './tray-icon.ts';
import { createTrustedIpc, sendDesktopEvent } from './trusted-ipc.ts';
import { contentSecurityPolicyFor, createMainWindowOptions, createWebPreferences } from './window-options.ts';

const APP_USER_MODEL_ID = 'com.ironsight.desktop';
const WATCHED_FOLDER_FILE = 'watched-folder.json';
const RENDERER_DIR = join(import.meta.dirname, '../renderer');
const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');

const log = (message: string) => console.warn(`[ironsight] ${message}`);

// Both must happen before 'ready': the scheme gets the privileges of https (secure context,
// fetch, code cache) and every renderer, including any created by mistake, is sandboxed.
protocol.registerSchemesAsPrivileged([
  {
    scheme: DESKTOP_APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // The running instance receives this launch's arguments (and deep link) as 'second-instance'.
  app.quit();
} else {
  let config: DesktopConfig | null = null;
  try {
    config = loadDesktopConfig(process.env, { isPackaged: app.isPackaged });
  } catch (error) {
    dialog.showErrorBox('Ironsight could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  }
  if (config) start(config);
}

function start(config: DesktopConfig): void {
  let mainWindow: BrowserWindow | null = null;
  /** True once the protocol, services and IPC handlers exist: only then may a window open. */
  let canOpenWindows = false;
  const liveWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);

  const focusWindow = () => {
    const window = liveWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  // What waits for the dealer (unread messages, outbids, new orders): the tray menu and the badge.
  const trayModel = createTrayModel();
  let tray: TrayPresenter | null = null;

  const navigator = createAppNavigator({
    // A deep link or notification click with no window open (macOS) opens one at that path.
    onKept: () => {
      if (canOpenWindows && !liveWindow()) createMainWindow();
    },
  });

  const appOrigins = config.rendererDevUrl
    ? [DESKTOP_APP_ORIGIN, config.rendererDevUrl]
    : [DESKTOP_APP_ORIGIN];
  const guard = createNavigationGuard({
    appOrigins,
    openExternal: (url) => shell.openExternal(url),
    navigateInApp: (path) => navigator.navigate(path),
    onBlocked: (url, reason) => log(`blocked ${url.slice(0, 200)}: ${reason}`),
  });

  const deepLinks = createDeepLinkService({
    productHosts: config.productHosts,
    navigate: (path) => navigator.navigate(path),
    openExternal: (url) => guard.openInBrowser(url),
    focusWindow,
    onIgnored: (link, reason) => log(`ignored link ${link.slice(0, 200)}: ${reason}`),
  });
  // 'open-url' must be listened to before 'ready': macOS delivers the launching link early.
  deepLinks.listen({
    onSecondInstance: (listener) => app.on('second-instance', (_event, argv) => listener(argv)),
    onOpenUrl: (listener) =>
      app.on('open-url', (event, url) => {
        event.preventDefault();
        listener(url);
      }),
  });
  // Windows/Linux: the link that launched the app is one of its own arguments.
  deepLinks.handleArgv(process.argv.slice(1));

  if (process.defaultApp && process.argv[1]) {
    // Unpackaged (development) runs register the Electron binary plus the app folder.
    app.setAsDefaultProtocolClient(APP_URL_SCHEME, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(APP_URL_SCHEME);
  }

  app.on('web-contents-created', (_event, contents) => lockDown(contents, guard));

  const startUrl = (path: string) =>
    config.rendererDevUrl ? new URL(path, config.rendererDevUrl).href : `${DESKTOP_APP_ORIGIN}${path}`;

  const createMainWindow = (): void => {
    const initialPath = navigator.takePending() ?? '/';
    const window = new BrowserWindow({
      ...createMainWindowOptions(),
      webPreferences: createWebPreferences({
        preloadPath: PRELOAD_PATH,
        isPackaged: app.isPackaged,
        additionalArguments: formatLaunchArguments({
          apiOrigin: config.apiOrigin,
          appVersion: app.getVersion(),
        }),
      }),
    });
    mainWindow = window;
    const contents = window.webContents;
    window.once('ready-to-show', () => {
      window.show();
      tray?.refresh();
    });
    contents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) navigator.detach();
    });
    // The page the dealer opens marks its outbid or new orders as seen in the tray.
    const viewed = (url: string) => {
      if (URL.canParse(url)) trayModel.viewed(new URL(url).pathname);
    };
    contents.on('did-navigate', (_event, url) => viewed(url));
    contents.on('did-navigate-in-page', (_event, url, isMainFrame) => {
      if (isMainFrame) viewed(url);
    });
    contents.on('did-finish-load', () => {
      navigator.attach((path) => {
        sendDesktopEvent(contents, 'navigate', path);
      });
    });
    contents.on('render-process-gone', (_event, details) => log(`renderer gone: ${details.reason}`));
    window.on('closed', () => {
      navigator.detach();
      if (mainWindow === window) mainWindow = null;
    });
    window
      .loadURL(startUrl(initialPath))
      .catch((error: unknown) => log(`could not load the app: ${String(error)}`));
  };

  /** The tray icon and the badge, drawn from the tray model; `showWindow` brings the window back or opens one. */
  const startTray = (showWindow: () => void): TrayPresenter => {
    const icon = new Tray(
      nativeImage.createFromBuffer(Buffer.from(TRAY_ICON_PNG_BASE64, 'base64'), {
        scaleFactor: TRAY_ICON_SCALE,
      }),
    );
    // Windows opens a tray menu with the right button only: the left one shows the window.
    if (process.platform === 'win32') icon.on('click', showWindow);
    const dot = nativeImage.createFromBitmap(badgeDotBitmap(16), { width: 16, height: 16 });
    return createTray({
      model: trayModel,
      platform: process.platform,
      navigate: (path) => navigator.navigate(path),
      showWindow,
      quit: () => app.quit(),
      host: {
        setMenu: (entries) => icon.setContextMenu(Menu.buildFromTemplate([...entries])),
        setToolTip: (text) => icon.setToolTip(text),
        setBadgeCount: (count) => {
          app.setBadgeCount(count);
          // The Windows taskbar shows no number: a dot on the button, the count for screen readers.
          if (process.platform === 'win32') {
            liveWindow()?.setOverlayIcon(count > 0 ? dot : null, count > 0 ? badgeDescription(count) : '');
          }
        },
      },
    });
  };

  app
    .whenReady()
    .then(async () => {
      app.setAppUserModelId(APP_USER_MODEL_ID);

      const rendererFiles = await loadRendererFiles(RENDERER_DIR, { readdir, readFile });
      protocol.handle(
        DESKTOP_APP_SCHEME,
        createAppProtocolHandler({
          renderer: rendererFiles,
          contentSecurityPolicy: contentSecurityPolicyFor(config.apiOrigin),
        }),
      );

      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
        callback(isPermissionGranted(permission, details.requestingUrl, guard.isAppUrl));
      });
      session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
        isPermissionGranted(permission, requestingOrigin, guard.isAppUrl),
      );

      const tokenVault = createTokenVault({
        safeStorage,
        fs: { readFile, writeFile, rename, rm, mkdir },
        directory: app.getPath('userData'),
        platform: process.platform,
        onDiscarded: (reason) => log(`stored session dropped: ${reason}`),
      });
      const adminTokenVault = createTokenVault({
        safeStorage,
        fs: { readFile, writeFile, rename, rm, mkdir },
        directory: app.getPath('userData'),
        fileName: ADMIN_TOKEN_FILE_NAME,
        platform: process.platform,
        onDiscarded: (reason) => log(`stored admin session dropped: ${reason}`),
      });

      const openDialog = {
        showOpenDialog: (options: Parameters<typeof dialog.showOpenDialog>[0]) => {
          const parent = liveWindow();
          return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options);
        },
      };
      const pickFiles = createFilePicker({ dialog: openDialog, fs: { stat, readFile } });
      const pickFolder = createFolderPicker({ dialog: openDialog });

      const settings = createDesktopSettings({
        fs: { readFile, writeFile, rename, mkdir },
        directory: app.getPath('userData'),
      });
      await settings.load();

      // Notifications are kept referenced until dismissed, or their click handler is collected.
      const shownNotifications = new Set<Notification>();
      const presentNotice = createNoticePresenter({
        notifications: {
          isSupported: () => Notification.isSupported(),
          show: (content, onClick) => {
            const notification = new Notification(content);
            const release = () => shownNotifications.delete(notification);
            shownNotifications.add(notification);
            notification.on('click', () => {
              release();
              onClick();
            });
            notification.on('close', release);
            notification.on('failed', release);
            notification.show();
          },
        },
        navigate: (path) => navigator.navigate(path),
        focusWindow,
        isQuiet: () => isQuietTime(settings.quietHours(), new Date()),
      });
      const notifier = createUnreadNotifier({
        present: presentNotice,
        // In front, showing the inbox, sent messages or a conversation: the user already sees them.
        isViewingMessages: () => {
          const window = liveWindow();
          if (!window?.isFocused() || window.isMinimized()) return false;
          const url = window.webContents.getURL();
          return URL.canParse(url) && new URL(url).pathname.startsWith('/dashboard/messages/');
        },
        notificationsEnabled: () => settings.messageNotificationsEnabled(),
      });
      // Live events and the renderer's count feed the tray's counts (and badge) and the notices.
      const unread = fanOutNotifier(trayModel, notifier);
      tray = startTray(() => {
        if (liveWindow()) focusWindow();
        else if (canOpenWindows) createMainWindow();
      });
      const messages = createMessageFollower({
        apiOrigin: config.apiOrigin,
        getToken: () => tokenVault.get(),
        fetch: (url, init) => fetch(url, init),
        notifier: unread,
      });
      void messages.restart();

      const userData = app.getPath('userData');
      const stateFs = { readFile, writeFile, rename, mkdir };
      const getToken = () => tokenVault.get();
      const apiFetch = (url: string, init: RequestInit) => fetch(url, init);
      const watchedFolder = createWatchedFolder({
        fs: { readdir: (path) => readdir(path), stat, readFile },
        uploader: createBulkUploadClient({ apiOrigin: config.apiOrigin, getToken, fetch: apiFetch }),
        store: createJsonStateFile({ fs: stateFs, directory: userData, fileName: WATCHED_FOLDER_FILE }),
        notify: (notice) => {
          presentNotice(notice);
        },
        onLog: log,
      });
      await watchedFolder.load();
      const outbox = createOutbox({
        fs: stateFs,
        directory: userData,
        cipher: safeStorageCipher(safeStorage),
        transport: createOutboxTransport({ apiOrigin: config.apiOrigin, getToken, fetch: apiFetch }),
        currentAccount: async () => accountOfToken(await tokenVault.get()),
        notify: (notice) => {
          presentNotice(notice);
        },
        onLog: log,
      });
      await outbox.load();
      // The settings and pending-outbox views follow these without asking again.
      watchedFolder.onChange((state) => {
        const window = liveWindow();
        if (window) sendDesktopEvent(window.webContents, 'watched-folder:changed', state);
      });
      outbox.onChange((snapshot) => {
        const window = liveWindow();
        if (window) sendDesktopEvent(window.webContents, 'outbox:changed', snapshot);
      });

      // Updates: the feed set at launch, else the one packaged into the app; none in development.
      const feed = updateFeedPlan(
        config.updateFeedUrl,
        await readFile(join(process.resourcesPath ?? '.', 'app-update.yml'), 'utf8').catch(() => null),
      );
      const ownUpdateConfig = join(userData, 'app-update.yml');
      if (app.isPackaged && feed.updateConfig) await writeFile(ownUpdateConfig, feed.updateConfig);
      const updater = createUpdater({
        isPackaged: app.isPackaged,
        currentVersion: app.getVersion(),
        feedUrl: feed.feedUrl,
        updateConfigPath: feed.updateConfig ? ownUpdateConfig : null,
        // Read only when updates are on: electron-updater's updater is made on first use.
        loadUpdater: () => electronUpdater.autoUpdater,
        onLog: log,
      });
      updater.onChange((state) => {
        const window = liveWindow();
        if (window) sendDesktopEvent(window.webContents, 'updates:changed', state);
      });
      updater.start();

      app.on('before-quit', () => {
        messages.stop();
        watchedFolder.stop();
        outbox.stop();
        updater.stop();
      });

      const trustedIpc = createTrustedIpc({
        ipcMain,
        isTrustedWebContents: (id) => liveWindow()?.webContents.id === id,
        isAppUrl: guard.isAppUrl,
        onRejected: (channel, reason) => log(`IPC ${channel} refused: ${reason}`),
      });
      registerDesktopHandlers(trustedIpc, {
        tokenVault,
        adminTokenVault,
        pickFiles,
        presentNotice,
        unread,
        settings,
        pickFolder,
        watchedFolder,
        outbox,
        updater,
        onSessionChanged: () => {
          void messages.restart();
          // A sign-in may be what the folder's failed uploads and the outbox were waiting for.
          watchedFolder.retryNow();
          void outbox.flush();
        },
        openInBrowser: guard.openInBrowser,
      });

      canOpenWindows = true;
      createMainWindow();
      app.on('activate', () => {
        if (!liveWindow()) createMainWindow();
      });
    })
    .catch((error: unknown) => {
      dialog.showErrorBox(
        'Ironsight could not start',
        error instanceof Error ? error.message : String(error),
      );
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

/** Applied to every webContents the app creates: no navigation away, no new windows, no webviews. */
function lockDown(contents: WebContents, guard: NavigationGuard): void {
  contents.on('will-navigate', (event) => {
    if (!guard.allowNavigation(event.url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && !guard.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!guard.isAppUrl(event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => guard.handleWindowOpen(url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
