import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_BUNDLE, serverBundleReady } from '../scripts/build-server.ts';

/** Benchmarks talk to their servers over loopback. */
export const BENCH_HOST = '127.0.0.1';
export const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, BENCH_HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${origin}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}

export interface ServerProcess {
  origin: string;
  /** The server's process id (its memory is read from /proc/{pid}/status). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * How `npm start` runs the server:
 * - The old generation capped at 512 MB, about five times what the server keeps live.
 * - A full collection once the old generation has grown by a fifth since the last one. V8 would
 *   otherwise let it grow to nearly twice what is live: during a 100,000-row bulk upload about
 *   90 MB is live and the heap reached 160–180 MB between collections.
 * The young generation is sized by the server itself for its database when it starts
 * (`YOUNG_GENERATION_MB`, `src-server/process-memory.ts`).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--heap-growing-percent=20'] as const;

/** The real server's command line (after the Node binary), as `npm start` runs it: the bundle (scripts/build-server.ts). */
export const SERVER_ARGV = [...SERVER_NODE_FLAGS, SERVER_BUNDLE];

/**
 * Starts a Node process serving HTTP on a free port (`argv` after the Node binary, from the project
 * root) and answers its origin once /api/health answers (first-run seeding included). `env` may be
 * computed from the origin, for a server that must know the address it is reached at.
 */
export async function startProcess(
  argv: string[],
  env: NodeJS.ProcessEnv | ((origin: string) => NodeJS.ProcessEnv),
): Promise<ServerProcess> {
  if (argv.includes(SERVER_BUNDLE)) await serverBundleReady();
  const port = await freePort();
  const origin = `http://${BENCH_HOST}:${port}`;
  const own = typeof env === 'function' ? env(origin) : env;
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, ...own, PORT: String(port), HOST: BENCH_HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHealth(origin, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  child.once('exit', (code, signal) => {
    // A server that stops while a benchmark still talks to it says why before the benchmark fails.
    if (!stopping) console.error(`the server stopped (${code ?? signal}):\n${output}`);
  });
  return { origin, pid: child.pid ?? 0, stop };
}

/** The token secret of a benchmark's server: a bench may sign its own users' tokens with it. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/** The environment of the real server as a benchmark runs it: production mode, quiet logs. */
export function benchServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    DEMO_DATA: '0',
    // Request logs at info would measure the logger; warnings (503s) still show.
    LOG_LEVEL: 'warn',
    PUBLIC_ORIGIN: 'http://bench.local',
    JWT_SECRET: BENCH_JWT_SECRET,
    ...env,
  };
}

/** A process's resident memory now (VmRSS) or its high-water mark (VmHWM), in bytes. */
export async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
}

/** Starts the process's high-water mark again from its resident memory now (Linux 4.0+). */
export const resetHighWater = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
