import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { AccountsDeps } from './core/accounts/accounts-deps.ts';
import type { PaymentGateway } from './core/payments/gateway.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { BlobStore } from './files/blob-store.ts';
import {
  type EndpointOptions,
  type EndpointSpec,
  type HandlerMap,
  type InProcessEndpoints,
  registerEndpoints,
} from './http/endpoint.ts';
import { createIdempotency } from './http/idempotency.ts';
import type { PageResolver } from './http/page-decision.ts';
import { RATE_LIMITED_POLICY } from './http/rate-limit.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobRunner, PeriodicJob } from './periodic-jobs.ts';

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
  const options = { ...endpointOptionsFor(config), inProcess, idempotency: createIdempotency(database.db) };
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

/** What the app builds once and hands every module, beside its context. */
export interface SharedDeps {
  /** The database, settings, mail, throttles and log, as the account modules take them. */
  accounts: AccountsDeps;
  mailer: Mailer;
  /** How checkout and billing take card payments. */
  paymentGateway: PaymentGateway;
  /** The time offers, checkout and billing read (tests move it on); left out, the system clock. */
  clock?: () => Date;
}

/** What a module that mails people is given: the database, mail, the site's address for links, the log. */
export const mailingDepsOf = (ctx: ModuleContext, deps: SharedDeps) => ({
  db: ctx.database.db,
  mailer: deps.mailer,
  publicOrigin: ctx.config.publicOrigin,
  log: ctx.app.log,
});

/** The `now` option of a module that reads the time: the app's clock when one was given. */
export const clockOf = (deps: SharedDeps): { now?: () => Date } => (deps.clock ? { now: deps.clock } : {});

/** What a module's registration hands back to the app. */
export interface ModuleParts {
  /** Its periodic jobs, in order: the app's job runner starts and stops them (periodic-jobs.ts). */
  jobs?: PeriodicJob[];
}

/**
 * A server module as the app loads it: each module's index.ts exports one, and app.ts lists them in
 * boot order. `register` adds the module's endpoints (`ctx.endpoints`), pages and lifecycle hooks;
 * it starts no timer of its own but answers its periodic jobs.
 */
export interface ServerModule {
  name: string;
  register(ctx: ModuleContext, deps: SharedDeps): ModuleParts | undefined;
}

/** Registers the modules in the order given and hands their periodic jobs to the job runner. */
export function loadModules(
  ctx: ModuleContext,
  deps: SharedDeps,
  modules: readonly ServerModule[],
  runner: JobRunner,
): void {
  for (const module of modules) {
    const parts = module.register(ctx, deps);
    if (parts?.jobs) runner.add(...parts.jobs);
  }
}
