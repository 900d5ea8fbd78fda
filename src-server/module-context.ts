import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { BlobStore } from './files/blob-store.ts';
import {
  type EndpointOptions,
  type EndpointSpec,
  type HandlerMap,
  type InProcessEndpoints,
  registerEndpoints,
} from './http/endpoint.ts';
import type { PageResolver } from './http/page-decision.ts';
import { RATE_LIMITED_POLICY } from './http/rate-limit.ts';

/** What a resource module receives when the app is assembled. */
export interface ModuleContext {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  /** Uploaded files (listing photos). */
  blobs: BlobStore;
  /**
   * Registers a resource's table of the shared contract: one handler per built endpoint (a missing
   * one fails the typecheck); its planned endpoints are answered 501 by the app.
   */
  endpoints<T extends Record<string, EndpointSpec>>(table: T, handlers: HandlerMap<T>): void;
  /** The public endpoints registered so far, callable inside the process (server-rendered pages). */
  inProcess: InProcessEndpoints;
  /** Adds data-driven metadata/status for first loads of one app route. */
  page(routeId: string, resolver: PageResolver): void;
}

export const endpointOptionsFor = (config: AppConfig): EndpointOptions => ({
  validateResponses: config.nodeEnv !== 'production',
  rateLimit: { rateLimit: RATE_LIMITED_POLICY },
});

export function createModuleContext(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  blobs: BlobStore,
  pageResolvers: Map<string, PageResolver>,
): ModuleContext {
  const inProcess: InProcessEndpoints = new Map();
  const options = { ...endpointOptionsFor(config), inProcess };
  return {
    app,
    inProcess,
    config,
    database,
    blobs,
    endpoints: (table, handlers) => registerEndpoints(app, table, handlers, options),
    page: (routeId, resolver) => {
      pageResolvers.set(routeId, resolver);
    },
  };
}
