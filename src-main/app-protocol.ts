/**
 * Serves the built renderer on `app://ironsight/…`. Real files are served as they are; any
 * other page path gets index.html so the renderer's router (and its legacy redirects, such as
 * `/classifieds/view123.aspx`) handles it exactly as on the web. Nothing outside the renderer
 * folder can be named: the set of servable files is listed once at start-up.
 */
import { DESKTOP_APP_ORIGIN } from '../shared/desktop-origin.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
};

const INDEX_FILE = 'index.html';
/** Build output of the renderer: a missing file here is a stale reference, never a page. */
const ASSETS_FOLDER = 'assets';

export type AppRequestPlan =
  | { kind: 'file'; relativePath: string; contentType: string }
  | { kind: 'notFound' }
  | { kind: 'forbidden'; reason: string };

/** Content type by file extension; unknown types are served as opaque bytes. */
export function contentTypeFor(relativePath: string): string {
  return CONTENT_TYPES[extensionOf(relativePath)] ?? 'application/octet-stream';
}

function extensionOf(relativePath: string): string {
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Decides what an `app://` request gets. Pure: `hasFile` answers whether a relative posix path
 * (e.g. 'assets/index-abc.js') is one of the renderer's files.
 */
export function planAppRequest(
  requestUrl: string,
  hasFile: (relativePath: string) => boolean,
): AppRequestPlan {
  if (requestUrl.slice(0, DESKTOP_APP_ORIGIN.length).toLowerCase() !== DESKTOP_APP_ORIGIN) {
    return { kind: 'forbidden', reason: 'unknown host' };
  }
  const rest = requestUrl.slice(DESKTOP_APP_ORIGIN.length);
  const pathEnd = rest.search(/[?#]/);
  const rawPath = pathEnd === -1 ? rest : rest.slice(0, pathEnd);
  if (rawPath !== '' && !rawPath.startsWith('/')) return { kind: 'forbidden', reason: 'unknown host' };
  if (rawPath.includes('\\')) return { kind: 'forbidden', reason: 'backslash in path' };

  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'forbidden', reason: 'malformed escape' };
    }
    if (segment === '.' || segment === '..') return { kind: 'forbidden', reason: 'path traversal' };
    if (/[/\\\0]/.test(segment)) return { kind: 'forbidden', reason: 'encoded separator' };
    segments.push(segment);
  }

  const relativePath = segments.length === 0 ? INDEX_FILE : segments.join('/');
  if (isServableName(segments) && hasFile(relativePath)) {
    return { kind: 'file', relativePath, contentType: contentTypeFor(relativePath) };
  }
  if (segments[0] === ASSETS_FOLDER) return { kind: 'notFound' };
  const extension = extensionOf(relativePath);
  if (extension in CONTENT_TYPES && extension !== 'html' && extension !== 'htm') return { kind: 'notFound' };
  // Every other path is a page of the app: the router decides, including its 404 page.
  return { kind: 'file', relativePath: INDEX_FILE, contentType: contentTypeFor(INDEX_FILE) };
}

/** Dot-files and names a file system could misread (drive letters, streams) are never files. */
function isServableName(segments: readonly string[]): boolean {
  return segments.every((segment) => !segment.startsWith('.') && !segment.includes(':'));
}

export interface RendererFiles {
  /** Relative posix paths of every file the renderer build produced. */
  readonly files: ReadonlySet<string>;
  read(relativePath: string): Promise<Uint8Array>;
}

export interface AppProtocolOptions {
  renderer: RendererFiles;
  contentSecurityPolicy: string;
}

/** The `protocol.handle('app', …)` handler. */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const securityHeaders = {
    'Content-Security-Policy': options.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
    new Response(text, {
      status,
      headers: { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
    });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const plan = planAppRequest(request.url, (path) => options.renderer.files.has(path));
    if (plan.kind === 'forbidden') return plain(403, 'Forbidden');
    if (plan.kind === 'notFound') return plain(404, 'Not found');
    let body: Uint8Array;
    try {
      body = await options.renderer.read(plan.relativePath);
    } catch {
      return plain(404, 'Not found');
    }
    const headers = {
      ...securityHeaders,
      'Content-Type': plan.contentType,
      'Content-Length': String(body.byteLength),
      // The shell page must be re-read after an update; hashed assets never change.
      'Cache-Control': plan.relativePath === INDEX_FILE ? 'no-cache' : 'public, max-age=31536000, immutable',
    };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

/** The part of `node:fs/promises` needed to list and read the renderer folder. */
export interface RendererFolderFs {
  readdir(
    path: string,
    options: { withFileTypes: true },
  ): Promise<Array<{ name: string; isFile(): boolean; isDirectory(): boolean }>>;
  readFile(path: string): Promise<Uint8Array>;
}

/**
 * Lists the renderer folder once. Symbolic links are skipped, so a link planted in the folder
 * cannot expose a file elsewhere on disk.
 */
export async function loadRendererFiles(rootDir: string, fs: RendererFolderFs): Promise<RendererFiles> {
  const root = rootDir.replace(/[/\\]+$/, '');
  const files = new Set<string>();
  const walk = async (relativeDir: string): Promise<void> => {
    const entries = await fs.readdir(relativeDir ? `${root}/${relativeDir}` : root, { withFileTypes: true });
    for (const entry of entries) {
      const relativePath = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relativePath);
      else if (entry.isFile()) files.add(relativePath);
    }
  };
  await walk('');
  return {
    files,
    read: (relativePath) => {
      if (!files.has(relativePath)) return Promise.reject(new Error(`Not a renderer file: ${relativePath}`));
      return fs.readFile(`${root}/${relativePath}`);
    },
  };
}
