/**
 * The reference cluster: an S3-compatible server, three API servers (the server bundle, as `npm start` runs it) on one
 * PostgreSQL database and one bucket, each on its own loopback port with the same token secret, and
 * HAProxy in front of them (deploy/haproxy/ironsight.cfg). `npm run cluster` starts it for a person,
 * tests/cluster for its tests, bench/cluster.ts for its figures.
 *
 * The three servers start at once. Each migrates the database and, when asked, seeds the demo data
 * into it if it is empty, under the database's start-up lock (src-server/db/client.ts): the first
 * to take it does the work, the others wait for it and find the work done.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, ROOT, SERVER_ARGV } from '../../bench/server-process.ts';
import { serverBundleReady } from '../build-server.ts';
import { findHaproxy, HAPROXY_INSTALL_HELP, type Haproxy, startHaproxy } from './haproxy.ts';
import { type ClusterS3, startS3Server } from './s3-server.ts';

/** Everything listens on loopback only. */
export const CLUSTER_HOST = '127.0.0.1';
export const CLUSTER_BUCKET = 'ironsight-files';
/** Seconds a server stopped with SIGTERM reports unhealthy before it stops taking connections: longer than HAProxy's checks take to mark it down (2 × 1 s). */
export const CLUSTER_DRAIN_SECONDS = 3;
/**
 * Each server's PostgreSQL connections (`DATABASE_POOL_SIZE`, the server's default 10, unless the
 * environment sets it). Three servers of 10 on one 2-core machine keep 30 statements running at once
 * inside PostgreSQL, where they share the cores in turns, a request's third statement no sooner than
 * another's first. With 4 each, the waiting happens in each server's queue, which serves the next
 * statement of a request already under way first: a message's send (eight statements) answered in
 * half the time at the same throughput (docs/benchmarks.md).
 */
export const CLUSTER_POOL_SIZE = 4;

export interface ClusterOptions {
  /** The PostgreSQL database the three servers share (it must exist). */
  databaseUrl: string;
  /** The cluster's folder: the bucket's objects (s3/), each server's DATA_DIR (server-N/), logs (logs/), the token secret. */
  dataDir: string;
  /** The balancer's port; 0 or unset: a free one. */
  port?: number;
  /** Seed the demo data into an empty database (whichever server takes the start-up lock first). */
  demoData: boolean;
  /** More environment for every server (LOG_LEVEL, WEB_ROOT, …), over the cluster's own. */
  serverEnv?: NodeJS.ProcessEnv;
  /** Progress, one line at a time. */
  log?: (line: string) => void;
  /** A server that stops without being asked to (its last output). */
  onUnexpectedExit?: (server: ClusterServer, outcome: number | string, output: string) => void;
}

export interface ClusterServer {
  /** s1, s2, s3: its name in HAProxy. */
  name: string;
  port: number;
  origin: string;
  /** Its process id now (0 while stopped). */
  readonly pid: number;
  readonly running: boolean;
  /** The end of its output (standard output and error). */
  output(): string;
  /** Starts it (again) on its port and resolves once /api/health answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and resolves once the process has ended, with its exit code or signal. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface Cluster {
  /** The balancer's address: what a browser opens. */
  url: string;
  /** HAProxy's statistics page. */
  statsUrl: string;
  servers: readonly ClusterServer[];
  haproxy: Haproxy;
  s3: ClusterS3;
  jwtSecret: string;
  /** Logs of the servers and of HAProxy. */
  logDir: string;
  /** Stops HAProxy, then the servers (SIGINT: at once, no drain), then the S3 server. */
  stop(): Promise<void>;
}

export class HaproxyMissingError extends Error {
  constructor() {
    super(HAPROXY_INSTALL_HELP);
  }
}

/** The token secret the servers share, kept in the cluster's folder so sessions outlive a restart of the cluster. */
async function sharedSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const OUTPUT_KEPT = 8000;
/** A first start seeds 20,000 listings: minutes on a busy machine. */
const HEALTH_DEADLINE_MS = 10 * 60_000;
/** A server asked to stop that has not after this long is killed. */
const STOP_DEADLINE_MS = 30_000;

function clusterServer(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  logFile: string,
  onUnexpectedExit: ClusterOptions['onUnexpectedExit'],
): ClusterServer {
  const origin = `http://${CLUSTER_HOST}:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<number | string> = Promise.resolve(0);
  let stopping = false;
  let output = '';
  let log: WriteStream | null = null;

  const server: ClusterServer = {
    name,
    port,
    origin,
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? (child.pid ?? 0) : 0;
    },
    get running() {
      return server.pid !== 0;
    },
    output: () => output,
    async start() {
      if (server.running) return;
      stopping = false;
      log ??= createWriteStream(logFile, { flags: 'a' });
      await serverBundleReady();
      const started = spawn(process.execPath, SERVER_ARGV, {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: CLUSTER_HOST },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a Ctrl+C reaches the cluster script, which stops the servers itself.
        detached: true,
      });
      child = started;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
        log?.write(chunk);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      exited = new Promise((resolve) =>
        started.once('exit', (code, signal) => {
          const outcome = code ?? signal ?? 'unknown';
          if (!stopping) onUnexpectedExit?.(server, outcome, output);
          resolve(outcome);
        }),
      );
      const deadline = Date.now() + HEALTH_DEADLINE_MS;
      while (Date.now() < deadline) {
        if (started.exitCode !== null || started.signalCode !== null) {
          throw new Error(
            `${name} stopped while starting (${started.exitCode ?? started.signalCode}):\n${output}`,
          );
        }
        const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) })
          .then((response) => response.ok)
          .catch(() => false);
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${name} did not answer /api/health:\n${output}`);
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return exited;
      stopping = true;
      running.kill(signal);
      const killer = setTimeout(() => running.kill('SIGKILL'), STOP_DEADLINE_MS);
      const outcome = await exited;
      clearTimeout(killer);
      return outcome;
    },
  };
  return server;
}

/** Starts the S3 server, the three servers (the first alone) and HAProxy; throws HaproxyMissingError without HAProxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyBinary = findHaproxy();
  if (!haproxyBinary) throw new HaproxyMissingError();
  const say = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  await mkdir(logDir, { recursive: true });

  const [balancerPort, statsPort, ...serverPorts] = await Promise.all([
    options.port ? Promise.resolve(options.port) : freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const url = `http://${CLUSTER_HOST}:${balancerPort}`;
  const s3 = await startS3Server({
    directory: path.join(dataDir, 's3'),
    bucket: CLUSTER_BUCKET,
    host: CLUSTER_HOST,
  });
  say(
    `S3-compatible server (s3rver) at ${s3.endpoint}, bucket ${s3.bucket}, objects in ${path.join(dataDir, 's3')}`,
  );
  const jwtSecret = await sharedSecret(dataDir);

  const servers = serverPorts.map((port, index) => {
    const name = `s${index + 1}`;
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(dataDir, `server-${index + 1}`),
      PUBLIC_ORIGIN: url,
      JWT_SECRET: jwtSecret,
      // The one hop in front of them: the client address is HAProxy's X-Forwarded-For.
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_SECONDS: String(CLUSTER_DRAIN_SECONDS),
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? String(CLUSTER_POOL_SIZE),
      ...s3.env,
      ...options.serverEnv,
      // Seeded only into an empty database, by one server: the others find it seeded.
      DEMO_DATA: options.demoData ? '1' : '0',
    };
    return clusterServer(name, port, env, path.join(logDir, `${name}.log`), options.onUnexpectedExit);
  });

  const stopServers = async () => {
    await Promise.all(servers.map((server) => server.stop('SIGINT')));
  };
  let haproxy: Haproxy | null = null;
  // Whatever ends this process, no server or balancer outlives it.
  const killAll = () => {
    for (const pid of [haproxy?.pid ?? 0, ...servers.map((server) => server.pid)]) {
      if (pid) process.kill(pid, 'SIGKILL');
    }
  };
  process.once('exit', killAll);

  try {
    say(
      `starting ${servers.map((server) => `${server.name} on ${server.origin}`).join(', ')}${options.demoData ? ' (one of them seeds the demo data into an empty database)' : ''}`,
    );
    // Settled together: a server that fails to start does not leave the others starting unseen.
    const started = await Promise.allSettled(servers.map((server) => server.start()));
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    haproxy = await startHaproxy(
      haproxyBinary,
      {
        balancer: `${CLUSTER_HOST}:${balancerPort}`,
        stats: `${CLUSTER_HOST}:${statsPort}`,
        socket: path.join(dataDir, 'haproxy.sock'),
        servers: servers.map((server) => `${CLUSTER_HOST}:${server.port}`) as [string, string, string],
      },
      path.join(logDir, 'haproxy.log'),
    );
    say(`HAProxy at ${url} (statistics at http://${CLUSTER_HOST}:${statsPort}/)`);
  } catch (error) {
    await stopServers();
    await s3.close();
    process.removeListener('exit', killAll);
    throw error;
  }

  const balancer = haproxy;
  return {
    url,
    statsUrl: `http://${CLUSTER_HOST}:${statsPort}/`,
    servers,
    haproxy: balancer,
    s3,
    jwtSecret,
    logDir,
    stop: async () => {
      await balancer.stop();
      await stopServers();
      await s3.close();
      process.removeListener('exit', killAll);
    },
  };
}
