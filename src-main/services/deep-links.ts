/**
 * Deep links: `ironsight://…` (registered with the OS by the installer) and the product's own
 * https addresses. Both are read as an app path and resolved by the shared route rules, so a
 * link from the previous site lands where it does on the web (`ironsight://classifieds/view123.aspx`
 * → `/listing?p=123`). Windows and Linux deliver links as arguments of a second launch; macOS
 * delivers them as `open-url` events.
 */
import { appPathSchema, isHttpUrl } from '../../shared/desktop-ipc.ts';
import { APP_URL_SCHEME, type RouteResolution, resolveUrl } from '../../shared/routes/resolve.ts';

export type DeepLinkAction =
  | { kind: 'navigate'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'ignore'; reason: string };

const MAX_LINK_LENGTH = 4096;
/** Only used to normalise a path (dot segments, escaping); never contacted. */
const PATH_BASE = 'https://path.invalid';

/** True when a command-line argument is meant as a link rather than a switch or a file. */
export function looksLikeDeepLink(arg: string, productHosts: readonly string[]): boolean {
  const text = arg.trim();
  if (text.toLowerCase().startsWith(`${APP_URL_SCHEME}:`)) return true;
  return isProductUrl(text, productHosts);
}

function isProductUrl(text: string, productHosts: readonly string[]): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    productHosts.includes(url.hostname.toLowerCase())
  );
}

/** The app path a link names, before route resolution; null when the link is not ours. */
export function deepLinkPath(raw: string, productHosts: readonly string[]): string | null {
  const text = raw.trim();
  if (text === '' || text.length > MAX_LINK_LENGTH) return null;
  let pathAndQuery: string;
  if (text.toLowerCase().startsWith(`${APP_URL_SCHEME}:`)) {
    // `ironsight://search?x`, `ironsight:///search?x` and `ironsight:search?x` all name /search?x.
    const rest = text.slice(APP_URL_SCHEME.length + 1);
    if (rest.includes('\\')) return null;
    pathAndQuery = `/${rest.replace(/^\/+/, '')}`;
  } else if (isProductUrl(text, productHosts)) {
    const url = new URL(text);
    pathAndQuery = `${url.pathname}${url.search}`;
  } else {
    return null;
  }
  if (!URL.canParse(pathAndQuery, PATH_BASE)) return null;
  const normalised = new URL(pathAndQuery, PATH_BASE);
  if (normalised.origin !== PATH_BASE) return null;
  return `${normalised.pathname}${normalised.search}`;
}

/** What opening a link does: show an app path, hand a page to the browser, or nothing. */
export function parseDeepLink(raw: string, productHosts: readonly string[]): DeepLinkAction {
  const path = deepLinkPath(raw, productHosts);
  if (path === null) return { kind: 'ignore', reason: 'not an Ironsight link' };
  return actionFor(path, resolveUrl(path));
}

function actionFor(path: string, resolution: RouteResolution): DeepLinkAction {
  switch (resolution.kind) {
    case 'redirect':
      return appPathAction(resolution.to);
    case 'external':
      return isHttpUrl(resolution.to)
        ? { kind: 'external', url: resolution.to }
        : { kind: 'ignore', reason: 'external target is not a web page' };
    // Pages, lookups (short links, legacy listers) and unknown paths all go to the renderer:
    // it resolves lookups through the API and shows its own not-found page.
    case 'route':
    case 'lookup':
    case 'notFound':
      return appPathAction(path);
  }
}

function appPathAction(path: string): DeepLinkAction {
  return appPathSchema.safeParse(path).success
    ? { kind: 'navigate', path }
    : { kind: 'ignore', reason: 'not an app path' };
}

/** Where links arrive from: the composition root adapts Electron's `app` events. */
export interface DeepLinkSources {
  /** Windows/Linux: a second launch, with its command line (the link is one of the arguments). */
  onSecondInstance(listener: (argv: readonly string[]) => void): void;
  /** macOS: the OS hands the running app a URL. */
  onOpenUrl(listener: (url: string) => void): void;
}

export interface DeepLinkServiceOptions {
  productHosts: readonly string[];
  navigate(path: string): void;
  openExternal(url: string): Promise<unknown>;
  /** Brings the window to the front: a second launch means the user wants the app. */
  focusWindow(): void;
  onIgnored?(link: string, reason: string): void;
}

export interface DeepLinkService {
  handleUrl(link: string): DeepLinkAction;
  /** Handles the first link among command-line arguments; null when there is none. */
  handleArgv(argv: readonly string[]): DeepLinkAction | null;
  listen(sources: DeepLinkSources): void;
}

export function createDeepLinkService(options: DeepLinkServiceOptions): DeepLinkService {
  const handleUrl = (link: string): DeepLinkAction => {
    const action = parseDeepLink(link, options.productHosts);
    if (action.kind === 'navigate') options.navigate(action.path);
    else if (action.kind === 'external') {
      options.openExternal(action.url).catch((error: unknown) => {
        options.onIgnored?.(link, error instanceof Error ? error.message : 'the browser could not be opened');
      });
    } else options.onIgnored?.(link, action.reason);
    return action;
  };
  const handleArgv = (argv: readonly string[]): DeepLinkAction | null => {
    const link = argv.find((arg) => looksLikeDeepLink(arg, options.productHosts));
    return link === undefined ? null : handleUrl(link);
  };
  return {
    handleUrl,
    handleArgv,
    listen(sources) {
      sources.onSecondInstance((argv) => {
        options.focusWindow();
        handleArgv(argv);
      });
      sources.onOpenUrl((url) => {
        options.focusWindow();
        handleUrl(url);
      });
    },
  };
}
