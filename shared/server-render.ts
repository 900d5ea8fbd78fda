import type { EndpointName } from './contract/endpoints.ts';
import type { RouteId } from './routes/paths.ts';

/*
 * What the web server and the renderer's server entry agree on. The server loads the built entry
 * (`dist/web-server/entry-server.js`) and hands it an in-process caller of the API's handlers; the
 * entry renders the page and the data it loaded, which the browser hydrates from.
 */

/** The public pages the server renders; every other page is rendered in the browser. */
export const SERVER_RENDERED_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'home',
  'search',
  'newThisWeek',
  'firearms',
  'firearms.handguns',
  'firearms.rifles',
  'firearms.shotguns',
  'brand',
  'city',
  'listing',
  'listingById',
  'notFound',
  'login',
  'register',
  'membership',
  'aboutUs',
  'siteMap',
  'sellGuns',
  'localLinks',
  'digest',
  'digestArticle',
]);

/**
 * The web build's script that starts the app on a server-rendered page once it is painted
 * (`src-renderer/hydrate.ts`), at a fixed address so the server can name it in those pages.
 */
export const APP_START_SCRIPT = '/hydrate.js';

/**
 * The web build's table of each screen's files (route id → addresses), at a fixed address: the
 * server names a page's files from it, and the app preloads a screen's files with it.
 */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/** The id of the non-executed `<script type="application/json">` block carrying a page's data. */
export const PAGE_DATA_ELEMENT_ID = 'app-data';

/** What one call of an endpoint answered: the JSON of a success, or the error envelope's parts. */
export type EndpointAnswer =
  | { ok: true; data: unknown }
  | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> };

/** The parts of a request to an endpoint, as the renderer's API client names them. */
export interface EndpointCallInput {
  params?: object | undefined;
  query?: object | undefined;
  body?: unknown;
}

/** Calls a public endpoint of the contract inside the server, as a visitor with no session. */
export type EndpointCaller = (name: EndpointName, input: EndpointCallInput) => Promise<EndpointAnswer>;

export interface ServerRenderRequest {
  /** The page's path and query, e.g. `/search?keyword=glock`. */
  url: string;
  /** The site's public origin, e.g. `https://ironsight.example`. */
  origin: string;
  call: EndpointCaller;
}

/** Where a rendered page is written: a Node writable stream, described without Node's types. */
export interface PageSink {
  write(chunk: string | Uint8Array): boolean;
  end(): unknown;
}

export interface ServerRenderedPage {
  /** Writes the app's markup (the inside of `#root`) into the sink as it is rendered, then ends it. */
  pipe(destination: PageSink): void;
  /** The page's data block (a complete `<script type="application/json">` element). */
  dataElement: string;
  /**
   * Whether every answer the page asked for was read. A page rendered while some could not be (the
   * database busy) is sent, and the browser fetches what is missing, but it is never kept for others.
   */
  complete: boolean;
}

/** The module the renderer's server build exports. */
export interface ServerRenderer {
  /** The rendered page, or null when the address is not one the server renders. */
  render(request: ServerRenderRequest): Promise<ServerRenderedPage | null>;
}

/**
 * JSON for the inside of a script element: `<`, `>` and `&` are written as escapes, so no text in
 * the data can close the element (`</script>`) or open a comment (`<!--`). `JSON.parse` reads it back.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
