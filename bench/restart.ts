/**
 * How long `npm start` takes to answer again after the server was killed (kill -9), with the demo
 * data already in place and the web app already built: the time from the new `npm start` to the
 * first answer of /api/health and of the home page. The first start (building the web app when it
 * changed, seeding the demo data) is timed once and reported apart.
 * Usage: npm run bench:restart [-- --runs 5]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_HOST, freePort, ROOT } from './server-process.ts';

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 5;

const dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-restart-'));
const port = await freePort();
const origin = `http://${BENCH_HOST}:${port}`;

/** `npm start` in a process group of its own, so kill -9 reaches npm and the server under it. */
function npmStart(): ChildProcess {
  return spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: BENCH_HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(url)
    .then((response) => response.ok)
    .catch(() => false);
}

/** Milliseconds from `started` until `url` answers 200. */
async function untilAnswer(url: string, started: number, child: ChildProcess): Promise<number> {
  const deadline = started + 15 * 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode})`);
    if (await answers(url)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-(child.pid ?? 0), 'SIGKILL');
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? 0;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

try {
  let started = performance.now();
  let child = npmStart();
  const firstHealth = await untilAnswer(`${origin}/api/health`, started, child);
  const firstHome = await untilAnswer(`${origin}/`, started, child);
  console.info(
    `first start (web build when changed, demo data seeded): health ${seconds(firstHealth)} s, home ${seconds(firstHome)} s`,
  );

  const health: number[] = [];
  const home: number[] = [];
  for (let run = 1; run <= runs; run++) {
    await killHard(child);
    started = performance.now();
    child = npmStart();
    health.push(await untilAnswer(`${origin}/api/health`, started, child));
    home.push(await untilAnswer(`${origin}/`, started, child));
    console.info(
      `restart ${run}: health ${seconds(health.at(-1) ?? 0)} s, home ${seconds(home.at(-1) ?? 0)} s`,
    );
  }
  await killHard(child);
  const spread = (values: number[]) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s`;
  console.info(
    `restart after kill -9, median of ${runs}: health ${seconds(median(health))} s (${spread(health)}), home ${seconds(median(home))} s (${spread(home)})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
