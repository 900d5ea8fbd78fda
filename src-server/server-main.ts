import { API_BASE } from '../shared/contract/endpoints.ts';
import { HEALTH_ENDPOINTS } from '../shared/contract/health.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataFolderLockedError } from './db/data-lock.ts';
import { installGracefulShutdown } from './http/graceful-shutdown.ts';
import { DEMO_ACCOUNTS } from './seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS } from './seed/seed.ts';

/** After the requests' bound, what the close hooks (jobs' last batch, the database) may take before the process exits anyway. */
const SHUTDOWN_CLOSE_HOOKS_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, { demoData: DEFAULT_SEED_OPTIONS });

  const { drainMs, timeoutMs } = config.shutdown ?? { drainMs: 0, timeoutMs: 10_000 };
  const graceful = installGracefulShutdown(app, {
    drainMs,
    timeoutMs,
    healthPath: `${API_BASE}${HEALTH_ENDPOINTS.health.path}`,
    stopBackgroundWork: () => app.jobs.stop(),
  });
  let exitTimer: NodeJS.Timeout | null = null;
  // SIGTERM (a rolling restart, a service manager): drain first; SIGINT (Ctrl+C): stop now.
  const shutdown = async (signal: 'SIGINT' | 'SIGTERM') => {
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs (a close hook, a job's batch), the process ends: a lease it held lapses by itself.
    exitTimer ??= setTimeout(
      () => {
        app.log.error('shutdown did not finish in time; exiting');
        process.exit(1);
      },
      drainMs + timeoutMs + SHUTDOWN_CLOSE_HOOKS_MS,
    );
    exitTimer.unref();
    try {
      // Closing the app closes the database, which flushes PGlite and releases the data-folder lock.
      await graceful.shutdown({ drain: signal === 'SIGTERM' });
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const files =
    config.blobStore === 's3' ? `bucket ${config.s3?.bucket} (BLOB_STORE=s3)` : `${config.dataDir}/files`;
  console.info(`\nIronsight is running at ${config.publicOrigin}\nDatabase: ${database}\nFiles: ${files}\n`);
  if (config.demoData) console.info(demoAccountsTable());
  const mail = config.smtpUrl ? 'sent through SMTP_URL' : `written to ${config.dataDir}/outbox`;
  console.info(`Mail (confirmation and password-reset links): ${mail}\n`);
}

/** The seeded demo accounts and their passwords (created with the demo data on first run). */
function demoAccountsTable(): string {
  const accounts = Object.values(DEMO_ACCOUNTS);
  const emailWidth = Math.max(...accounts.map((account) => account.email.length));
  const passwordWidth = Math.max(...accounts.map((account) => account.password.length));
  const lines = accounts.map(
    (account) =>
      `  ${account.email.padEnd(emailWidth)}  ${account.password.padEnd(passwordWidth)}  ${account.description}`,
  );
  return ['Demo accounts (email, password, what it shows):', ...lines, ''].join('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
