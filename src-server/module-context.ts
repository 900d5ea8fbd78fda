import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/contract/endpoints.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { type EndpointHandler, type EndpointSpec, registerEndpoint } from './http/endpoint.ts';
import type { PageResolver } from './web/web-host.ts';

/** What a resource module receives when the app is assembled. */
export interface ModuleContext {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  /** Registers one endpoint of the shared contract table. */
  endpoint<E extends EndpointSpec>(endpoint: E, handler: EndpointHandler<E>): void;
  /** Adds data-driven metadata/status for first loads of one app route. */
  page(routeId: string, resolver: PageResolver): void;
}

export function createModuleContext(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  pageResolvers: Map<string, PageResolver>,
): ModuleContext {
  const endpointOptions = { apiBase: API_BASE, validateResponses: config.nodeEnv !== 'production' };
  return {
    app,
    config,
    database,
    endpoint: (endpoint, handler) => registerEndpoint(app, endpoint, handler, endpointOptions),
    page: (routeId, resolver) => {
      pageResolvers.set(routeId, resolver);
    },
  };
}
