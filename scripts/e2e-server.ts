import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { relaunchWithProcessSettings } from '../src-server/process-memory.ts';

// Each end-to-end run starts from an empty data folder so runs never depend on each other. The
// Playwright config chooses it (E2E_DATA_DIR) so tests can read the mail the server writes there.
process.env.DATA_DIR ??= process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'ironsight-e2e-'));

// As `src-server/main.ts`: before the server's modules load.
relaunchWithProcessSettings();

// The server as `src-server/server-main.ts` starts it (same config, demo data and app), with its
// database opened here so the tests' statements (`tests/e2e/support/database.ts`) reach it too:
// the embedded database belongs to this process alone.
const [{ buildApp }, { dataFolderFor, loadConfig }, { openDatabase }, { DEFAULT_SEED_OPTIONS }, sqlSocket] =
  await Promise.all([
    import('../src-server/app.ts'),
    import('../src-server/config.ts'),
    import('../src-server/db/client.ts'),
    import('../src-server/seed/seed.ts'),
    import('./e2e-sql-socket.ts'),
  ]);

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...config.database })
  : await openDatabase({ kind: 'pglite', dataDir: dataFolderFor(config), ...config.database });
const app = await buildApp(config, { database, demoData: DEFAULT_SEED_OPTIONS });
const statements = await sqlSocket.serveE2eSql(database.db, sqlSocket.e2eSqlSocketPath(config.dataDir));

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  statements.close();
  // Closing the app closes the database (it owns it), which flushes PGlite and releases the lock.
  await app.close().catch((error: unknown) => app.log.error({ err: error }, 'shutdown failed'));
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
console.info(`Ironsight (end-to-end) is running at ${config.publicOrigin}, data in ${config.dataDir}`);
