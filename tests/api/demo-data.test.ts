import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app.ts';
import type { AppConfig } from '../../src-server/config.ts';
import type { DatabaseHandle } from '../../src-server/db/client.ts';
import { isDatabaseEmpty } from '../../src-server/seed/seed.ts';
import { DEMO_ACCOUNTS, login } from './support/accounts.ts';
import { testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

/** A small catalogue, so the seeding case stays quick; `npm start` passes DEFAULT_SEED_OPTIONS. */
const SMALL_SEED = { seed: 3, listings: 20 };

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** Starts the server as `main.ts` does (asking for demo data) with the given configuration. */
async function start(overrides: Partial<AppConfig>) {
  const database = await openTestDatabase();
  opened.push(database);
  const app = await buildApp(testConfig(overrides), {
    database,
    ownsDatabase: false,
    demoData: SMALL_SEED,
  });
  await app.ready();
  return { app, database };
}

describe('demo data at start', () => {
  it('is not seeded in production: the published demo passwords do not sign in', async () => {
    const { app, database } = await start({ nodeEnv: 'production', demoData: false });
    try {
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      const res = await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('is seeded when the configuration asks for it (development, or DEMO_DATA=1)', async () => {
    const { app, database } = await start({ nodeEnv: 'development', demoData: true });
    try {
      expect(await isDatabaseEmpty(database.db)).toBe(false);
      const res = await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
