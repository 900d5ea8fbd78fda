import path from 'node:path';
import '../shared/zod-messages.ts';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE, ENDPOINTS } from '../shared/contract/endpoints.ts';
import { DESKTOP_APP_ORIGIN } from '../shared/desktop-origin.ts';
import type { EndpointCaller, ServerRenderer } from '../shared/server-render.ts';
import { type AppConfig, ConfigError, dataFolderFor, thirdPartyScriptOrigins } from './config.ts';
import type { PaymentGateway } from './core/payments/gateway.ts';
import { SandboxGateway } from './core/payments/sandbox-gateway.ts';
import { Throttle } from './core/throttle.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { inStatementScope } from './db/statement-queue.ts';
import { type BlobStore, fileBlobStore } from './files/blob-store.ts';
import { s3BlobStore } from './files/s3-blob-store.ts';
import { installAuthentication } from './http/auth-context.ts';
import { installCompression } from './http/compression.ts';
import { assertEveryEndpointServed, isUrgentRequest, registerPlannedEndpoints } from './http/endpoint.ts';
import { envelope, installErrorHandler } from './http/errors.ts';
import {
  applySecurityHeaders,
  clientErrorHandler,
  frameworkErrorHandler,
  installPlainOptionsAnswer,
  MAX_PARAM_LENGTH,
  securityHeadersFor,
} from './http/framework-errors.ts';
import { installHtmlValidators } from './http/html-validators.ts';
import { installMultipart } from './http/multipart.ts';
import type { PageResolver } from './http/page-decision.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { catalogSharedCache } from './http/shared-cache.ts';
import { backgroundMailSettled } from './mail/delivery.ts';
import { createMailer, outboxDirFor, senderFor } from './mail/mailer.ts';
import {
  createModuleContext,
  endpointOptionsFor,
  loadModules,
  type ServerModule,
  type SharedDeps,
} from './module-context.ts';
import { adminModule } from './modules/admin/index.ts';
import { adsModule } from './modules/ads/index.ts';
import { alertsModule } from './modules/alerts/index.ts';
import { auctionsModule } from './modules/auctions/index.ts';
import { accountAuthenticator, authModule } from './modules/auth/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { brandsModule } from './modules/brands/index.ts';
import { cartModule } from './modules/cart/index.ts';
import { contentModule } from './modules/content/index.ts';
import { desktopUpdatesModule } from './modules/desktop-updates/index.ts';
import { docsModule } from './modules/docs/index.ts';
import { favoritesModule } from './modules/favorites/index.ts';
import { feedsModule } from './modules/feeds/index.ts';
import { fflModule } from './modules/ffl/index.ts';
import { firearmReferenceModule } from './modules/firearm-reference/index.ts';
import { healthModule } from './modules/health/index.ts';
import { identificationModule } from './modules/identification/index.ts';
import { inventoryModule } from './modules/inventory/index.ts';
import { legacyListerLookup, listingsModule } from './modules/listings/index.ts';
import { locationModule } from './modules/location/index.ts';
import { messagesModule } from './modules/messages/index.ts';
import { moderationModule } from './modules/moderation/index.ts';
import { newsletterModule } from './modules/newsletter/index.ts';
import { offersModule } from './modules/offers/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { savedSearchesModule } from './modules/saved-searches/index.ts';
import { sellerApiAuthenticator, sellerApiModule } from './modules/seller-api/index.ts';
import { shortLinksModule, shortLinkTarget } from './modules/shortlinks/index.ts';
import { stockImagesModule } from './modules/stock-images/index.ts';
import { usersModule } from './modules/users/index.ts';
import { installJobRunner, JobRunner } from './periodic-jobs.ts';
import { seedDemoDataAtStart } from './seed/seed.ts';
import type { SeedOptions } from './seed/seed-part.ts';
import { registerWebHost } from './web/web-host.ts';

/** The 501 answers of the contract's planned endpoints, registered after every built one. */
const plannedEndpoints: ServerModule = {
  name: 'planned endpoints',
  register({ app, config }) {
    registerPlannedEndpoints(app, ENDPOINTS, endpointOptionsFor(config));
  },
};

/**
 * The server's modules in the order they are registered (their endpoints, hooks and periodic jobs):
 * health first; the planned endpoints and the API reference last.
 */
const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  shortLinksModule,
  listingsModule,
  locationModule,
  brandsModule,
  stockImagesModule,
  desktopUpdatesModule,
  authModule,
  usersModule,
  feedsModule,
  inventoryModule,
  adminModule,
  moderationModule,
  newsletterModule,
  contentModule,
  adsModule,
  savedSearchesModule,
  favoritesModule,
  cartModule,
  billingModule,
  sellerApiModule,
  fflModule,
  ordersModule,
  offersModule,
  auctionsModule,
  alertsModule,
  messagesModule,
  identificationModule,
  firearmReferenceModule,
  plannedEndpoints,
  docsModule,
];

export interface BuildOptions {
  /** An already-open database (tests pass an in-memory or per-test one); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Close the database when the app closes (default true). */
  ownsDatabase?: boolean;
  /**
   * Fill an empty database with deterministic demo data before serving; only done when
   * `config.demoData` allows it (never in production unless DEMO_DATA=1).
   */
  demoData?: SeedOptions;
  /**
   * Renders the public pages on the server; left out, the renderer's server build beside the web
   * app is used when it was built, null renders none (every page client-rendered).
   */
  serverRenderer?: ServerRenderer | null;
  /** Where uploaded files are kept; by default the configured store (DATA_DIR/files, or the bucket of BLOB_STORE=s3). */
  blobs?: BlobStore;
  /** How checkout takes card payments; by default the sandbox gateway (a processor's test mode). */
  paymentGateway?: PaymentGateway;
  /** Where the server log is written (default standard output). */
  logStream?: { write(line: string): void };
  /** The time offers and checkout read (tests move it on); by default the system clock. */
  clock?: () => Date;
}

/** The server-rendered pages' data source: the public endpoints' handlers, with no HTTP between. */
function inProcessCaller(endpoints: ReturnType<typeof createModuleContext>['inProcess']): EndpointCaller {
  return async (name, input) => {
    const call = endpoints.get(name);
    if (!call) return { ok: false, status: 404, code: 'not_found', message: `No public endpoint ${name}.` };
    return call(input);
  };
}

/** The configured store of uploaded files: the bucket with BLOB_STORE=s3, else DATA_DIR/files. */
function configuredBlobStore(app: FastifyInstance, config: AppConfig): BlobStore {
  if (config.blobStore !== 's3') return fileBlobStore(path.join(config.dataDir, 'files'));
  if (!config.s3) throw new ConfigError('BLOB_STORE=s3 needs S3_BUCKET');
  const store = s3BlobStore(config.s3);
  app.addHook('onClose', async () => store.close());
  return store;
}

/** Server-rendered pages kept at once (a page is tens of kilobytes). */
const PAGE_CACHE_ENTRIES = 200;

/** Builds the whole server without listening; `main.ts` listens, tests use `app.inject`. */
/** The longest the app's start-up work (a plugin, a job's boot work) may take before the start fails. */
const BOOT_WORK_TIMEOUT_MS = 15 * 60_000;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const demoData = config.demoData ? options.demoData : undefined;
  // Seeding an empty database runs with the migrations, under the database's start-up lock.
  const prepare = demoData ? { prepare: (db: Database) => seedDemoDataAtStart(db, demoData) } : {};
  const database =
    options.database ??
    (config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...config.database }, prepare)
      : await openDatabase({ kind: 'pglite', dataDir: dataFolderFor(config), ...config.database }, prepare));

  if (options.database && demoData) await seedDemoDataAtStart(database.db, demoData);

  const trustedHops = config.trustProxyHops ?? 0;
  const securityHeaders = securityHeadersFor(
    config.publicOrigin,
    thirdPartyScriptOrigins(config.thirdPartyScripts),
  );
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Only as many proxy hops as configured are believed, so X-Forwarded-For cannot be forged.
    trustProxy: trustedHops > 0 ? (_address: string, hop: number) => hop < trustedHops : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Errors raised before a route or hook runs answer in the envelope with the security headers too.
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // The jobs' boot work (search-index statistics, vacuum) runs in an onReady hook and grows with
    // the catalogue: past a minute at a million listings, far past Fastify's 10 s default.
    pluginTimeout: BOOT_WORK_TIMEOUT_MS,
  });

  if (options.ownsDatabase ?? true) app.addHook('onClose', async () => database.close());
  // Close hooks run last added first: mail work under way finishes before the database closes.
  app.addHook('onClose', async () => backgroundMailSettled());
  // Each request is one unit of statements: its second statement on does not queue behind new
  // requests, nor an urgent endpoint's first (db/statement-queue.ts).
  app.addHook('onRequest', (request, _reply, done) =>
    inStatementScope(done, { urgent: isUrgentRequest(request) }),
  );

  installErrorHandler(app);
  installPlainOptionsAnswer(app);
  // The desktop client loads its pages from app://ironsight and calls this API across origins.
  await app.register(cors, {
    origin: [DESKTOP_APP_ORIGIN, config.publicOrigin],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // idempotency-key: the endpoints the contract marks `idempotencyHeader` read it (http/idempotency.ts).
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });
  await installRateLimit(app);
  await installMultipart(app);
  // Before any route: compression attaches itself to each route as it is added.
  await installCompression(app);
  const authenticator = accountAuthenticator(database.db, config.jwtSecret);
  const sellerApiTokens = sellerApiAuthenticator(database.db, config.jwtSecret);
  installAuthentication(
    app,
    () => authenticator,
    () => sellerApiTokens,
  );
  app.addHook('onSend', async (_request, reply) => applySecurityHeaders(reply, securityHeaders));
  installHtmlValidators(app);

  const pageResolvers = new Map<string, PageResolver>();
  const blobs = options.blobs ?? configuredBlobStore(app, config);
  const ctx = createModuleContext(app, config, database, blobs, pageResolvers);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: outboxDirFor(config) ?? `${config.dataDir}/outbox`,
    from: senderFor(config.publicOrigin),
    logger: app.log,
  });
  const deps: SharedDeps = {
    accounts: { db: database.db, config, log: app.log, throttle: new Throttle(database.db), mailer },
    mailer,
    paymentGateway: options.paymentGateway ?? new SandboxGateway(database.db),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const jobs = new JobRunner();
  loadModules(ctx, deps, SERVER_MODULES, jobs);
  // After the database's close hook: every job stops before the database closes.
  installJobRunner(app, jobs);
  app.addHook('onReady', async () => assertEveryEndpointServed(app, ENDPOINTS));

  await registerWebHost(app, {
    webRoot: config.webRoot,
    publicOrigin: config.publicOrigin,
    apiBase: API_BASE,
    pageResolvers,
    cookieDomain: config.cookieDomain,
    thirdPartyScripts: config.thirdPartyScripts,
    ...(options.serverRenderer !== undefined ? { serverRenderer: options.serverRenderer } : {}),
    callEndpoint: inProcessCaller(ctx.inProcess),
    pageCache: catalogSharedCache(database, config, { maxEntries: PAGE_CACHE_ENTRIES }),
    lookups: {
      shortLink: (code) => shortLinkTarget(database.db, code),
      legacyLister: legacyListerLookup(database.db),
    },
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(envelope('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)),
  );

  return app;
}
