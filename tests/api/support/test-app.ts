import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../../src-server/app.ts';
import type { AppConfig } from '../../../src-server/config.ts';
import type { DatabaseHandle } from '../../../src-server/db/client.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://ironsight.test';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicOrigin: TEST_ORIGIN,
    // One folder per database kind: the suites on PGlite and PostgreSQL run side by side and give
    // out the same row ids, which name uploaded files.
    dataDir: path.resolve('.data-test', process.env.DATABASE_URL ? 'postgres' : 'pglite'),
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    webRoot: path.join(import.meta.dirname, '..', 'fixtures', 'web'),
    logLevel: 'silent',
    nodeEnv: 'test',
    demoData: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real server on a database of its own; the same code path as production, without listening. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'serverRenderer'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), { database, ownsDatabase: false, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
