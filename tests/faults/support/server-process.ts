import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const FAULTS_JWT_SECRET = 'faults-secret-that-is-long-enough-for-hs256-signing';

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stderr, for failure messages. */
  stderr(): string;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<number | string>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** More environment variables of the server (BULK_UPLOAD_LEASE_SECONDS, …). */
  env?: Record<string, string>;
}

/** Starts the real server on a free port of 127.0.0.1 and waits until /api/health answers 200. */
export async function startServer(options: ServerOptions, timeoutMs = 30_000) {
  const server = spawnServer({ ...options, port: await freePort() });
  await waitHealthy(server, timeoutMs);
  return server;
}

/** The real server (`node src-server/main.ts`) as a child process on 127.0.0.1. */
function spawnServer(options: ServerOptions & { port: number }): ServerProcess {
  const child = spawn(process.execPath, [path.join(root, 'src-server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      // The demo accounts are seeded by the test beforehand; the 20k-listing catalogue is not needed.
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      JWT_SECRET: FAULTS_JWT_SECRET,
      WEB_ROOT: path.join(root, 'tests', 'api', 'fixtures', 'web'),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  return { child, baseUrl: `http://127.0.0.1:${options.port}`, stderr: () => stderr, exited };
}

export const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

/** Polls GET /api/health until it answers 200; fails when the process exits or `timeoutMs` passes. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server)) throw new Error(`The server exited while starting:\n${server.stderr()}`);
    const status = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${server.stderr()}`);
}

/** Stops the process (SIGTERM, then SIGKILL after a grace period) and waits for its exit. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (!isRunning(server)) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}
