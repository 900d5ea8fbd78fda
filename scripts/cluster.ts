/**
 * The reference cluster on this machine (docs/deployment/cluster.md): an S3-compatible server,
 * three API servers on one PostgreSQL database and one bucket, HAProxy in front. Ctrl+C stops it all.
 *
 *   npm run cluster [-- --port 8080] [--database-url postgres://…] [--data-dir ./data/cluster] [--skip-build]
 *
 * The database is CLUSTER_DATABASE_URL (or DATABASE_URL), by default `ironsight_cluster` on the
 * PostgreSQL server at 127.0.0.1:5432, created when missing; one of the servers seeds the demo data
 * into it when it is empty (they start at once; the database's start-up lock lets one do it).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../src-server/seed/accounts.ts';
import { type Cluster, startCluster } from './cluster/cluster.ts';
import { findHaproxy, HAPROXY_INSTALL_HELP } from './cluster/haproxy.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/ironsight_cluster';
const ROOT = path.resolve(import.meta.dirname, '..');

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join(ROOT, 'data/cluster') },
    'skip-build': { type: 'boolean', default: false },
  },
});
const databaseUrl =
  flags['database-url'] ??
  process.env.CLUSTER_DATABASE_URL ??
  process.env.DATABASE_URL ??
  DEFAULT_DATABASE_URL;

/** Creates the database when its server has none of that name (connecting to the server's `postgres` database). */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error(`${url} names no database`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${admin.host} (${(error as Error).message}). Start it, or give another database with --database-url.`,
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.info(`Created the database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

/** Whether the balancer's port can be bound on loopback (HAProxy would otherwise stop at once). */
function portFree(port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function demoAccounts(): string {
  const accounts = Object.values(DEMO_ACCOUNTS);
  const width = Math.max(...accounts.map((account) => account.email.length));
  return accounts.map((account) => `  ${account.email.padEnd(width)}  ${account.password}`).join('\n');
}

if (!findHaproxy()) {
  console.error(`\n${HAPROXY_INSTALL_HELP}\n`);
  process.exit(1);
}
const port = Number(flags.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${flags.port}`);
  process.exit(1);
}
if (!(await portFree(port))) {
  console.error(
    `Port ${port} is in use on 127.0.0.1: stop what uses it, or choose another with --port (0: any free port).`,
  );
  process.exit(1);
}

let cluster: Cluster | null = null;
let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  console.info(`\n${why}: stopping HAProxy, the three servers and the S3 server…`);
  await cluster?.stop();
  console.info('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('Ctrl+C'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  await ensureDatabase(databaseUrl);
  if (!flags['skip-build']) {
    // As `npm start`: the web app is built only when its sources changed since the last build.
    const built = spawnSync(process.execPath, ['scripts/build-web-if-changed.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  const dataDir = path.resolve(flags['data-dir']);
  cluster = await startCluster({
    databaseUrl,
    dataDir,
    port,
    demoData: true,
    log: (line) => console.info(line),
    onUnexpectedExit: (server, outcome, output) => {
      if (stopping) return;
      console.error(
        `\n${server.name} (${server.origin}) stopped (${outcome}); HAProxy sends its requests to the others. Its last output:\n${output.slice(-2000)}`,
      );
    },
  });
  if (stopping) await cluster.stop();
  const servers = cluster.servers
    .map((server) => `  ${server.name}  ${server.origin}  (pid ${server.pid})`)
    .join('\n');
  const safeUrl = new URL(databaseUrl);
  safeUrl.password = safeUrl.password ? '***' : '';
  console.info(`
Ironsight (cluster) is running at ${cluster.url}

Behind HAProxy (statistics: ${cluster.statsUrl}):
${servers}
Database: ${safeUrl.toString()} (shared)
Files:    bucket ${cluster.s3.bucket} on ${cluster.s3.endpoint} (objects in ${path.join(dataDir, 's3')})
Logs:     ${cluster.logDir}
Mail:     written to ${path.join(dataDir, 'server-N', 'outbox')} by the server that sent it

Demo accounts (email, password):
${demoAccounts()}

Stop a server to watch HAProxy route around it:  kill -TERM <pid> (graceful) or kill -9 <pid>.
Press Ctrl+C to stop everything.
`);
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  await cluster?.stop();
  process.exit(1);
}
