/**
 * The composition root run against a fake Electron: what the real app does at launch, checked
 * without the Electron binary.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { desktopInvokeChannels } from '../../shared/desktop-ipc.ts';

type Listener = (...args: unknown[]) => unknown;
type WindowOptions = {
  show: boolean;
  webPreferences: { preload: string; additionalArguments: string[]; [key: string]: unknown };
};

const fake = vi.hoisted(() => {
  const emitter = () => {
    const listeners = new Map<string, Listener[]>();
    return {
      listeners,
      on(event: string, listener: Listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return this;
      },
      once(event: string, listener: Listener) {
        return this.on(event, listener);
      },
      emit(event: string, ...args: unknown[]) {
        for (const listener of listeners.get(event) ?? []) listener(...args);
      },
    };
  };
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const calls: string[] = [];
  const windows: BrowserWindow[] = [];
  const ipcHandlers = new Map<string, Listener>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const openedExternally: string[] = [];

  const app = {
    ...emitter(),
    isPackaged: true,
    requestSingleInstanceLock: () => {
      calls.push('requestSingleInstanceLock');
      return true;
    },
    enableSandbox: () => calls.push('enableSandbox'),
    whenReady: () => ready,
    quit: vi.fn(),
    exit: vi.fn(),
    setAppUserModelId: vi.fn(),
    getPath: () => '/home/ada/.config/Ironsight',
    getVersion: () => '0.1.0',
    setAsDefaultProtocolClient: vi.fn(() => true),
    setBadgeCount: vi.fn(() => true),
  };

  class BrowserWindow {
    readonly options: WindowOptions;
    readonly events = emitter();
    readonly webContents = {
      ...emitter(),
      id: 1,
      sent: [] as unknown[][],
      windowOpenHandler: null as null | Listener,
      setWindowOpenHandler(handler: Listener) {
        this.windowOpenHandler = handler;
      },
      send(...args: unknown[]) {
        this.sent.push(args);
      },
      isDestroyed: () => false,
    };
    loadedUrl = '';
    constructor(options: WindowOptions) {
      this.options = options;
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    once(event: string, listener: Listener) {
      this.events.on(event, listener);
      return this;
    }
    on(event: string, listener: Listener) {
      this.events.on(event, listener);
      return this;
    }
    async loadURL(url: string) {
      this.loadedUrl = url;
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = vi.fn();
    show = vi.fn();
    focus = vi.fn();
  }

  class Notification {
    static isSupported = () => true;
    on = vi.fn();
    show = vi.fn();
  }

  const trays: Tray[] = [];
  class Tray {
    menu: { template: { label?: string; type?: string; click?: () => void }[] } | null = null;
    toolTip = '';
    readonly image: unknown;
    constructor(image: unknown) {
      this.image = image;
      trays.push(this);
    }
    on = vi.fn();
    setContextMenu(menu: Tray['menu']) {
      this.menu = menu;
    }
    setToolTip(text: string) {
      this.toolTip = text;
    }
  }

  const electron = {
    app,
    BrowserWindow,
    Notification,
    Tray,
    Menu: { buildFromTemplate: (template: unknown[]) => ({ template }) },
    nativeImage: {
      createFromBuffer: (data: Buffer, options: unknown) => ({ data, options }),
      createFromBitmap: (data: Buffer, options: unknown) => ({ data, options }),
    },
    dialog: { showErrorBox: vi.fn(), showOpenDialog: vi.fn() },
    ipcMain: {
      handle: (channel: string, listener: Listener) => ipcHandlers.set(channel, listener),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) =>
        calls.push(`registerSchemesAsPrivileged ${JSON.stringify(schemes)}`),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        protocolHandlers.set(scheme, handler),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (data: Buffer) => data.toString(),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
    },
    shell: {
      openExternal: async (url: string) => {
        openedExternally.push(url);
      },
    },
  };
  return {
    electron,
    calls,
    windows,
    trays,
    ipcHandlers,
    protocolHandlers,
    openedExternally,
    resolveReady,
    app,
  };
});

vi.mock('electron', () => fake.electron);

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const built: Record<string, string> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/index-1.js': 'console.info(1)',
  };
  const entry = (name: string, directory: boolean) => ({
    name,
    isFile: () => !directory,
    isDirectory: () => directory,
  });
  return {
    ...actual,
    readdir: async (path: string) =>
      path.endsWith('/assets')
        ? [entry('index-1.js', false)]
        : [entry('index.html', false), entry('assets', true)],
    readFile: async (path: string) => {
      const key = Object.keys(built).find((name) => path.endsWith(`/renderer/${name}`));
      if (key === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return Buffer.from(built[key] ?? '');
    },
  };
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const appFrame = (id = 1) => ({ sender: { id }, senderFrame: { url: 'app://ironsight/', parent: null } });

describe('composition root', () => {
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});

  beforeAll(async () => {
    vi.stubEnv('IRONSIGHT_API_ORIGIN', 'https://api.ironsight.example');
    await import('../../src-main/index.ts');
  });

  it('before ready: sandboxes every renderer, makes app:// a secure standard scheme, takes the single-instance lock', () => {
    expect(fake.calls[0]).toBe(
      'registerSchemesAsPrivileged [{"scheme":"app","privileges":{"standard":true,"secure":true,"supportFetchAPI":true,"codeCache":true}}]',
    );
    expect(fake.calls).toContain('enableSandbox');
    expect(fake.calls).toContain('requestSingleInstanceLock');
    expect(fake.ipcHandlers.size).toBe(0);
    expect(fake.windows).toHaveLength(0);
    expect(fake.app.listeners.has('open-url')).toBe(true);
  });

  it('on ready: serves app://, answers every IPC channel, opens one secure window at the app root', async () => {
    fake.resolveReady();
    await flush();
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(Object.keys(desktopInvokeChannels).sort());
    expect(fake.windows).toHaveLength(1);
    const window = fake.windows[0]!;
    expect(window.loadedUrl).toBe('app://ironsight/');
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(window.options.webPreferences.preload).toMatch(/preload[/\\]index\.cjs$/);
    expect(window.options.webPreferences.additionalArguments).toContain(
      '--ironsight-api-origin=https://api.ironsight.example',
    );
  });

  it('serves the renderer with the CSP naming the configured API origin', async () => {
    const handler = fake.protocolHandlers.get('app');
    const response = await handler?.(new Request('app://ironsight/dashboard/messages/inbox'));
    expect(response?.status).toBe(200);
    expect(await response?.text()).toContain('id="root"');
    expect(response?.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://api.ironsight.example",
    );
  });

  it('answers IPC from the window and refuses it from anything else', async () => {
    const isStrong = fake.ipcHandlers.get('token-vault:is-strong');
    await expect(isStrong?.(appFrame(1))).resolves.toBe(true);
    await expect(isStrong?.(appFrame(7))).rejects.toThrow('Refused');
    expect(warnings).toHaveBeenCalledWith(
      '[ironsight] IPC token-vault:is-strong refused: unknown webContents 7',
    );
  });

  it('starts the watched folder (none chosen yet) and the outbox (empty, kept encrypted on disk)', async () => {
    await expect(fake.ipcHandlers.get('watched-folder:get')?.(appFrame(1))).resolves.toMatchObject({
      folder: null,
      status: 'off',
    });
    await expect(fake.ipcHandlers.get('outbox:list')?.(appFrame(1))).resolves.toEqual({
      items: [],
      status: 'idle',
      nextAttemptAt: null,
      persistent: true,
    });
  });

  it('shows the tray icon with its menu; an unread count from the page badges the app and counts in the menu', async () => {
    expect(fake.trays).toHaveLength(1);
    const tray = fake.trays[0]!;
    expect(tray.menu?.template.map((entry) => entry.label ?? entry.type)).toEqual([
      'Messages',
      'separator',
      'Open Ironsight',
      'Quit Ironsight',
    ]);
    expect(tray.toolTip).toBe('Ironsight');
    await fake.ipcHandlers.get('unread:report')?.(appFrame(1), 3);
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(3);
    expect(tray.menu?.template[0]?.label).toBe('Messages (3 unread)');
    expect(tray.toolTip).toBe('Ironsight: 3 unread messages');
    await fake.ipcHandlers.get('unread:report')?.(appFrame(1), 0);
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(0);
  });

  it('keeps the quiet hours with the desktop settings', async () => {
    await expect(fake.ipcHandlers.get('settings:quiet-hours:get')?.(appFrame(1))).resolves.toEqual({
      enabled: false,
      start: '22:00',
      end: '07:00',
    });
    await expect(
      fake.ipcHandlers.get('settings:quiet-hours:set')?.(appFrame(1), {
        enabled: true,
        start: '9:00',
        end: '17:00',
      }),
    ).rejects.toThrow('Invalid arguments');
  });

  it('sends a second launch’s deep link to the loaded page, resolved by the route rules', () => {
    const window = fake.windows[0]!;
    window.webContents.emit('did-finish-load');
    fake.app.emit(
      'second-instance',
      {},
      ['/opt/Ironsight/ironsight', 'ironsight://classifieds/view123.aspx'],
      '/',
    );
    expect(window.show).toHaveBeenCalled();
    expect(window.webContents.sent).toContainEqual(['navigate', '/listing?p=123']);
  });

  it('keeps the window on the app: web links go to the OS browser, new windows are denied', () => {
    const contents = fake.windows[0]!.webContents;
    const event = { url: 'https://help.ironsight.example/', preventDefault: vi.fn() };
    contents.emit('will-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(fake.openedExternally).toContain('https://help.ironsight.example/');
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.openedExternally).not.toContain('file:///etc/passwd');
  });

  it('leaves updates off with no update feed packaged or set at launch, and restarts into none', async () => {
    await expect(fake.ipcHandlers.get('updates:get')?.(appFrame(1))).resolves.toMatchObject({
      status: 'off',
      offReason: 'noFeed',
      currentVersion: '0.1.0',
    });
    await expect(fake.ipcHandlers.get('updates:restart')?.(appFrame(1))).resolves.toBe(false);
  });
});
