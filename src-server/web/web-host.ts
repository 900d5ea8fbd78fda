import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVENTORY_TEMPLATE_PATH, inventoryTemplateCsv } from '../../shared/domain/inventory-columns.ts';
import { NOT_FOUND_ROBOTS, pageTitle, SITE_DESCRIPTION } from '../../shared/domain/metadata.ts';
import type { PageMeta } from '../../shared/page-meta.ts';
import { ROUTES, type RouteId } from '../../shared/routes/paths.ts';
import { resolveUrl } from '../../shared/routes/resolve.ts';
import {
  type EndpointCaller,
  PAGE_CHUNKS_FILE,
  SERVER_RENDERED_ROUTES,
  type ServerRenderer,
} from '../../shared/server-render.ts';
import type { ThirdPartyScripts } from '../config.ts';
import { envelope } from '../http/errors.ts';
import type { PageResolver, RouteMatch } from '../http/page-decision.ts';
import type { SharedCache } from '../http/shared-cache.ts';
import { withAppStartAfterPaint, withPagePreloads } from './app-start.ts';
import { injectHead } from './head.ts';

export interface RedirectLookups {
  /** Target URL of a short link code, or null when the code is unknown. */
  shortLink(code: string): Promise<string | null>;
  /** User id behind a legacy lister id, or null when it is unknown. */
  legacyLister(legacyListerId: string): Promise<string | null>;
}

export interface WebHostOptions {
  webRoot: string;
  publicOrigin: string;
  apiBase: string;
  lookups: RedirectLookups;
  pageResolvers: ReadonlyMap<string, PageResolver>;
  /** The token cookie's domain (COOKIE_DOMAIN), told to the web app in every page's head. */
  cookieDomain?: string | undefined;
  /** The optional third-party scripts, named to the web app in every page's head. */
  thirdPartyScripts?: ThirdPartyScripts | undefined;
  /**
   * Renders the public pages on the server. Left out, the renderer's server build beside the web
   * app (`dist/web-server/entry-server.js`) is loaded when it exists; null renders none.
   */
  serverRenderer?: ServerRenderer | null;
  /** The public endpoints, called inside the process for the pages the server renders. */
  callEndpoint?: EndpointCaller;
  /** Keeps server-rendered pages (the same for every visitor) under the catalogue version. */
  pageCache?: SharedCache;
}

/** The renderer's server build sits beside the web app's folder: `dist/web` and `dist/web-server`. */
export const serverEntryFor = (webRoot: string) =>
  path.join(path.dirname(webRoot), 'web-server', 'entry-server.js');

async function loadServerRenderer(app: FastifyInstance, webRoot: string): Promise<ServerRenderer | null> {
  const entry = serverEntryFor(webRoot);
  if (!existsSync(entry)) return null;
  try {
    const module = (await import(pathToFileURL(entry).href)) as Partial<ServerRenderer>;
    if (typeof module.render === 'function') return { render: module.render };
    app.log.warn({ entry }, 'the server build of the web app has no render function');
  } catch (error) {
    app.log.warn({ err: error, entry }, 'the server build of the web app could not be loaded');
  }
  return null;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Brotli quality of a kept page: it is compressed once for as long as it is kept (up to the
 * shared-cache lifetime), so it can afford more than a per-request answer, without holding the
 * server's thread for long (tens of kilobytes in a few milliseconds).
 */
const KEPT_PAGE_BROTLI_QUALITY = 7;

type PageEncoding = 'br' | 'gzip' | null;

/** Brotli when the browser takes it, else gzip, else none (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): PageEncoding {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

interface KeptBodies {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The bodies of each kept page, by encoding, made on first use and dropped with the page. */
const keptBodies = new WeakMap<object, KeptBodies>();

function keptBody(kept: object, html: string, encoding: PageEncoding): Buffer {
  let bodies = keptBodies.get(kept);
  if (!bodies) {
    bodies = { identity: Buffer.from(html, 'utf8') };
    keptBodies.set(kept, bodies);
  }
  if (encoding === 'br') {
    bodies.br ??= brotliCompressSync(bodies.identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: KEPT_PAGE_BROTLI_QUALITY },
    });
    return bodies.br;
  }
  if (encoding === 'gzip') {
    bodies.gzip ??= gzipSync(bodies.identity, { level: 9 });
    return bodies.gzip;
  }
  return bodies.identity;
}

const routeTitles = new Map<string, string>(ROUTES.map((route) => [route.id, route.title ?? '']));

function defaultMeta(match: RouteMatch, url: URL, publicOrigin: string): PageMeta {
  const title = routeTitles.get(match.route) || 'Ironsight';
  return {
    title: pageTitle(title),
    description: SITE_DESCRIPTION,
    canonical: `${publicOrigin}${url.pathname}${url.search}`,
  };
}

const notFoundMeta: PageMeta = { title: pageTitle('Page not found'), robots: NOT_FOUND_ROBOTS };

/** Only same-site paths and http(s) URLs may be redirect targets. */
const isSafeTarget = (target: string) => /^\/(?![/\\])/.test(target) || /^https?:\/\//i.test(target);

/** Each screen's files (the web build's page-chunks.json, see vite.page-chunks.ts); none without a build. */
function readPageChunks(webRoot: string): Partial<Record<RouteId, string[]>> {
  const file = path.join(webRoot, PAGE_CHUNKS_FILE);
  if (!existsSync(file)) return {};
  const table = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return table && typeof table === 'object' ? (table as Partial<Record<RouteId, string[]>>) : {};
}

/**
 * Serves the built web app. Every HTML navigation is decided by shared/routes, so legacy links
 * get real 301s and unknown paths a real 404, with the page's metadata in the HTML head.
 */
export async function registerWebHost(app: FastifyInstance, options: WebHostOptions): Promise<void> {
  const indexFile = path.join(options.webRoot, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  const pageChunks = readPageChunks(options.webRoot);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      wildcard: false,
      index: false,
      // The compressed copies are variants of their file, not addresses of their own.
      allowedPath: (pathname) => pathname !== '/index.html' && !/\.(br|gz)$/.test(pathname),
      // The build writes .br and .gz beside each compressible file; the variant is chosen by
      // Accept-Encoding (with Vary: Accept-Encoding), and the compression step leaves it alone.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : // The table of the build's files (or its compressed copy) is checked on every use: it
              // changes with each build.
              path.basename(filePath).replace(/\.(br|gz)$/, '') === PAGE_CHUNKS_FILE
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }

  // The server build of the web app loads once the server listens (or at the first page, in tests
  // that never listen): half a second of module loading a restarting server does after it is back
  // in rotation, not before. A page asked for meanwhile waits for it.
  let rendererLoad: Promise<ServerRenderer | null> | null =
    options.serverRenderer !== undefined
      ? Promise.resolve(options.serverRenderer)
      : hasWebApp
        ? null
        : Promise.resolve(null);
  const rendererReady = () => {
    rendererLoad ??= loadServerRenderer(app, options.webRoot);
    return rendererLoad;
  };
  app.addHook('onListen', async () => {
    void rendererReady();
  });
  const callEndpoint = options.callEndpoint;

  /**
   * The whole HTML of a page the server renders: the head written into the template, the app's
   * markup inside `#root`, then its data; the app starts once the page is painted. Throws when the
   * page cannot be rendered.
   */
  const renderWhole = async (
    html: string,
    url: URL,
    pageFiles: readonly string[],
  ): Promise<{ html: string; complete: boolean } | null> => {
    const renderer = await rendererReady();
    if (!renderer || !callEndpoint) return null;
    const page = await renderer.render({
      url: `${url.pathname}${url.search}`,
      origin: options.publicOrigin,
      call: callEndpoint,
    });
    if (!page) return null;
    const markup = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk, _encoding, callback) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
          callback();
        },
        final(callback) {
          resolve(Buffer.concat(chunks).toString('utf8'));
          callback();
        },
      });
      sink.on('error', reject);
      page.pipe(sink);
    });
    const template = withAppStartAfterPaint(html, pageFiles);
    const at = template.indexOf(ROOT_ELEMENT);
    return {
      html: `${template.slice(0, at)}<div id="root">${markup}</div>${page.dataElement}${template.slice(at + ROOT_ELEMENT.length)}`,
      complete: page.complete,
    };
  };

  /**
   * A server-rendered page, the same for every visitor: kept in the page cache under the
   * catalogue version (a listing write shows on the next request) for at most its lifetime, so a
   * burst of visits renders it once. Null sends the shell (a page the server does not render, or
   * one whose rendering failed: that is logged and never kept).
   */
  const renderedPage = async (
    request: FastifyRequest,
    status: number,
    url: URL,
    html: string,
    pageFiles: readonly string[],
  ): Promise<{ html: string; etag?: string; kept?: object } | null> => {
    if (!callEndpoint || !html.includes(ROOT_ELEMENT) || !(await rendererReady())) return null;
    try {
      // Only found pages are kept: addresses that do not exist are endless.
      if (!options.pageCache || status !== 200) {
        const whole = await renderWhole(html, url, pageFiles);
        return whole === null ? null : { html: whole.html };
      }
      // A page some of whose answers could not be read is sent but not kept for other visitors.
      const answer = await options.pageCache.get(
        `${status} ${url.pathname}${url.search}`,
        () => renderWhole(html, url, pageFiles),
        (whole) => whole === null || whole.complete,
      );
      // Weak: the same page compressed or not is the same content.
      return answer.value === null
        ? null
        : { html: answer.value.html, etag: `W/${answer.etag}`, kept: answer };
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the shell');
      return null;
    }
  };

  const sendPage = async (
    reply: FastifyReply,
    status: number,
    meta: PageMeta,
    screen: RouteId,
    rendered?: { request: FastifyRequest; url: URL },
  ) => {
    if (!hasWebApp) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build:web`, then reload.');
    }
    const html = injectHead(indexHtml, meta, {
      cookieDomain: options.cookieDomain,
      ...options.thirdPartyScripts,
    });
    const pageFiles = pageChunks[screen] ?? [];
    const page = rendered
      ? await renderedPage(rendered.request, status, rendered.url, html, pageFiles)
      : null;
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (page?.etag) reply.header('etag', page.etag);
    if (!page?.kept) return reply.send(page ? page.html : withPagePreloads(html, pageFiles));
    // A kept page is encoded once per encoding, not once per request.
    const encoding = preferredEncoding(rendered?.request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(keptBody(page.kept, page.html, encoding));
  };

  const redirect = (reply: FastifyReply, to: string, status: 301 | 302) =>
    reply.status(status).header('location', to).header('cache-control', 'no-cache').send();

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, options.publicOrigin);
    if (url.pathname === options.apiBase || url.pathname.startsWith(`${options.apiBase}/`)) {
      return reply.status(404).send(envelope('not_found', 'No such API endpoint.'));
    }
    const resolution = resolveUrl(`${url.pathname}${url.search}`);
    const rendered = { request, url };
    switch (resolution.kind) {
      case 'redirect':
        return redirect(reply, resolution.to, 301);
      case 'external':
        return redirect(reply, resolution.to, 302);
      case 'lookup': {
        const target =
          resolution.lookup === 'shortLink'
            ? await options.lookups.shortLink(resolution.code)
            : await options.lookups
                .legacyLister(resolution.legacyListerId)
                .then((userId) => (userId ? `/search?uid=${encodeURIComponent(userId)}` : null));
        if (target && isSafeTarget(target)) return redirect(reply, target, 301);
        return sendPage(reply, 404, notFoundMeta, 'notFound', rendered);
      }
      case 'route': {
        if (resolution.route === 'notFound') return sendPage(reply, 404, notFoundMeta, 'notFound', rendered);
        const base = defaultMeta(resolution, url, options.publicOrigin);
        const decision = await options.pageResolvers.get(resolution.route)?.(resolution, request);
        const status = decision?.status ?? 200;
        // Pages behind login (and the admin console) keep the client-rendered shell.
        const serverRendered = SERVER_RENDERED_ROUTES.has(resolution.route) ? rendered : undefined;
        if (status === 404)
          return sendPage(reply, 404, { ...notFoundMeta, ...decision?.meta }, 'notFound', rendered);
        return sendPage(reply, status, { ...base, ...decision?.meta }, resolution.route, serverRendered);
      }
      default:
        return sendPage(reply, 404, notFoundMeta, 'notFound', rendered);
    }
  };

  // The bulk upload template, made from the template's columns (shared/domain/inventory-columns.ts).
  const inventoryTemplate = inventoryTemplateCsv();
  app.get(INVENTORY_TEMPLATE_PATH, (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="inventory.csv"')
      .header('cache-control', 'public, max-age=3600')
      .send(inventoryTemplate),
  );

  app.get('/*', handler);
  app.get('/', handler);
}
