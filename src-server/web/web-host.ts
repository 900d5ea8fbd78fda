import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_ROBOTS, pageTitle, SITE_DESCRIPTION } from '../../shared/domain/metadata.ts';
import type { PageMeta } from '../../shared/page-meta.ts';
import { ROUTES } from '../../shared/routes/paths.ts';
import { type RouteResolution, resolveUrl } from '../../shared/routes/resolve.ts';
import { envelope } from '../http/errors.ts';
import { injectHead } from './head.ts';

export type RouteMatch = Extract<RouteResolution, { kind: 'route' }>;

/** What a page resolver decides for a first load: the status and the page's metadata. */
export interface PageDecision {
  status?: number;
  meta: Partial<PageMeta>;
}

/** Resolvers per route id give data-driven metadata (a listing's title, a brand's hero text…). */
export type PageResolver = (match: RouteMatch, request: FastifyRequest) => Promise<PageDecision | null>;

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

/**
 * Serves the built web app. Every HTML navigation is decided by shared/routes, so legacy links
 * get real 301s and unknown paths a real 404, with the page's metadata in the HTML head.
 */
export async function registerWebHost(app: FastifyInstance, options: WebHostOptions): Promise<void> {
  const indexFile = path.join(options.webRoot, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';

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
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply, status: number, meta: PageMeta) => {
    if (!hasWebApp) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build:web`, then reload.');
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectHead(indexHtml, meta, { cookieDomain: options.cookieDomain }));
  };

  const redirect = (reply: FastifyReply, to: string, status: 301 | 302) =>
    reply.status(status).header('location', to).header('cache-control', 'no-cache').send();

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, options.publicOrigin);
    if (url.pathname === options.apiBase || url.pathname.startsWith(`${options.apiBase}/`)) {
      return reply.status(404).send(envelope('not_found', 'No such API endpoint.'));
    }
    const resolution = resolveUrl(`${url.pathname}${url.search}`);
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
        return sendPage(reply, 404, notFoundMeta);
      }
      case 'route': {
        if (resolution.route === 'notFound') return sendPage(reply, 404, notFoundMeta);
        const base = defaultMeta(resolution, url, options.publicOrigin);
        const decision = await options.pageResolvers.get(resolution.route)?.(resolution, request);
        const status = decision?.status ?? 200;
        if (status === 404) return sendPage(reply, 404, { ...notFoundMeta, ...decision?.meta });
        return sendPage(reply, status, { ...base, ...decision?.meta });
      }
      default:
        return sendPage(reply, 404, notFoundMeta);
    }
  };

  app.get('/*', handler);
  app.get('/', handler);
}
