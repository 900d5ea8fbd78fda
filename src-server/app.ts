import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { isDatabaseEmpty, type SeedOptions, seedDemoData } from './db/seed/seed.ts';
import { installAuthentication, jwtAuthenticator } from './http/auth-context.ts';
import { envelope, installErrorHandler } from './http/errors.ts';
import { createModuleContext } from './module-context.ts';
import { registerHealthModule } from './modules/health/routes.ts';
import { registerShortLinksModule, shortLinkTarget } from './modules/shortlinks/routes.ts';
import { type PageResolver, registerWebHost } from './web/web-host.ts';

export interface BuildOptions {
  /** An already-open database (tests pass an in-memory or per-test one); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Close the database when the app closes (default true). */
  ownsDatabase?: boolean;
  /** Fill an empty database with deterministic demo data before serving. */
  demoData?: SeedOptions;
}

export const DESKTOP_APP_ORIGIN = 'app://ironsight';

const dataFolderFor = (config: AppConfig) => `${config.dataDir}/pglite`;

/** Builds the whole server without listening; `main.ts` listens, tests use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: dataFolderFor(config) }));

  if (options.demoData && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db, options.demoData);
  }

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
  });

  if (options.ownsDatabase ?? true) app.addHook('onClose', async () => database.close());

  installErrorHandler(app);
  // The desktop client loads its pages from app://ironsight and calls this API across origins.
  await app.register(cors, {
    origin: [DESKTOP_APP_ORIGIN, config.publicOrigin],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });
  installAuthentication(app, () => jwtAuthenticator(config.jwtSecret));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  const pageResolvers = new Map<string, PageResolver>();
  const ctx = createModuleContext(app, config, database, pageResolvers);

  registerHealthModule(ctx);
  registerShortLinksModule(ctx);

  await registerWebHost(app, {
    webRoot: config.webRoot,
    publicOrigin: config.publicOrigin,
    apiBase: '/api',
    pageResolvers,
    lookups: {
      shortLink: (code) => shortLinkTarget(database.db, code),
      // Legacy lister ids are resolved once seller accounts carry them; until then none resolve.
      legacyLister: async () => null,
    },
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(envelope('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)),
  );

  return app;
}
