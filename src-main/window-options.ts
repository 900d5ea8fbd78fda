/**
 * How the main window is built, as plain data: the composition root hands it to BrowserWindow.
 * Everything that decides what the renderer may do lives here, where a test can read it.
 */

/** The subset of Electron's `WebPreferences` the app sets; all of them are security decisions. */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: boolean;
  devTools: boolean;
  additionalArguments: string[];
}

export interface WebPreferencesInput {
  preloadPath: string;
  /** Values for the preload, see `formatLaunchArguments`. */
  additionalArguments: string[];
  /** DevTools are for development builds only. */
  isPackaged: boolean;
}

export function createWebPreferences(input: WebPreferencesInput): SecureWebPreferences {
  return {
    preload: input.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    // A file dropped on the window must not replace the app with that file.
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    devTools: !input.isPackaged,
    additionalArguments: [...input.additionalArguments],
  };
}

export interface MainWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  backgroundColor: string;
  /** Shown on `ready-to-show`, so the user never sees an empty white frame. */
  show: false;
}

/** Matches the renderer's dark theme colour so the first frame does not flash. */
const WINDOW_BACKGROUND = '#15181c';

export function createMainWindowOptions(): MainWindowOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 400,
    minHeight: 560,
    title: 'Ironsight',
    backgroundColor: WINDOW_BACKGROUND,
    show: false,
  };
}

/**
 * Content-Security-Policy directives for every page served from `app://`. The API origin is
 * added where the renderer needs it (requests, and listing images served by the API).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Radix primitives inject <style> elements (scroll lock, popper positioning); scripts stay strict.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/** Directives that also list the API origin. */
const API_DIRECTIVES = new Set<string>(['connect-src', 'img-src']);

/** The CSP header value for pages that talk to `apiOrigin`. */
export function contentSecurityPolicyFor(apiOrigin: string): string {
  const origin = new URL(apiOrigin).origin;
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => {
      const all = API_DIRECTIVES.has(directive) ? [...sources, origin] : sources;
      return `${directive} ${all.join(' ')}`;
    })
    .join('; ');
}
