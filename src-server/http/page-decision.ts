import type { FastifyRequest } from 'fastify';
import type { PageMeta } from '../../shared/page-meta.ts';
import type { RouteResolution } from '../../shared/routes/resolve.ts';

// What a module tells the web host about the first load of one of its pages (module-context.ts
// `page`); the web host (web/web-host.ts) writes it into the page's head and status.

export type RouteMatch = Extract<RouteResolution, { kind: 'route' }>;

/** What a page resolver decides for a first load: the status and the page's metadata. */
export interface PageDecision {
  status?: number;
  meta: Partial<PageMeta>;
}

/** Resolvers per route id give data-driven metadata (a listing's title, a brand's hero text…). */
export type PageResolver = (match: RouteMatch, request: FastifyRequest) => Promise<PageDecision | null>;
