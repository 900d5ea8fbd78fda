/**
 * Runs every test of the project and ends with one summary line:
 *   unit and renderer tests, API tests on the embedded database (PGlite), its fault and queue tests,
 *   the contract fuzz suite (tests/fuzz, fixed seed and bounded count), the API and PostgreSQL fault
 *   tests on PostgreSQL when --postgres URL (or TEST_POSTGRES_URL) is given, with the cluster tests
 *   (three servers behind HAProxy on a database of that server, tests/cluster), the web build, then
 *   the end-to-end tests (Playwright driving Chromium against the real server).
 * Independent suites run side by side, one per core (`--jobs N` to choose, `--jobs 1` for one at a
 * time); each one's output is printed whole when it ends, and a failed one's errors again under
 * the summary. The fault tests, which time recoveries after killing processes, run alone once
 * everything else is done.
 * Usage: npm test [-- --postgres postgres://postgres@127.0.0.1:5432/test] [--skip-build] [--jobs N]
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findHaproxy, HAPROXY_INSTALL_HELP } from './cluster/haproxy.ts';
import { CHROMIUM_INSTALL_HELP, findChromium } from './find-chromium.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** The JSON report the step writes, read for the summary. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
  /** A step that must have passed first. */
  after?: string;
  /** Runs with nothing else running (its figures and timeouts assume an idle machine). */
  alone?: boolean;
}

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const postgresUrl = option('--postgres') ?? process.env.TEST_POSTGRES_URL;
const jobs = Math.max(1, Number(option('--jobs') ?? Math.min(2, availableParallelism())));
const reports = mkdtempSync(path.join(tmpdir(), 'ironsight-tests-'));

function vitestReport(file: string): Tally {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightReport(file: string): Tally {
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/** A report that is missing or unreadable counts as one failure. */
function tallyOf(step: Step): Tally {
  if (!step.report) return { passed: 0, failed: 0, skipped: 0 };
  try {
    return step.report.kind === 'vitest'
      ? vitestReport(step.report.file)
      : playwrightReport(step.report.file);
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const vitest = (name: string, extra: string[], env: NodeJS.ProcessEnv, more: Partial<Step> = {}): Step => {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return {
    name: `Vitest: ${name}`,
    command: 'npx',
    args: ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
    report: { kind: 'vitest', file },
    ...more,
  };
};

const chromium = await findChromium();
if (!chromium) {
  console.error(`\n${CHROMIUM_INSTALL_HELP}\n`);
  process.exit(1);
}

// The cluster tests run with the PostgreSQL tests, behind HAProxy.
if (postgresUrl && !findHaproxy()) {
  console.error(`\n${HAPROXY_INSTALL_HELP}\n`);
  process.exit(1);
}

const pglite = { DATABASE_URL: '' };
const steps: Step[] = [];
if (!flag('--skip-build')) {
  steps.push({ name: 'Web build', command: 'npm', args: ['run', 'build:web', '--silent'] });
}
const e2eReport = path.join(reports, 'e2e.json');
steps.push({
  name: 'Playwright: end-to-end in Chromium',
  command: 'npx',
  args: ['playwright', 'test'],
  env: { CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, DATABASE_URL: '' },
  report: { kind: 'playwright', file: e2eReport },
  ...(flag('--skip-build') ? {} : { after: 'Web build' }),
});
steps.push(vitest('API on PGlite', ['--project', 'api'], pglite));
if (postgresUrl) steps.push(vitest('API on PostgreSQL', ['--project', 'api'], { DATABASE_URL: postgresUrl }));
steps.push(
  vitest(
    'unit and renderer',
    ['unit', 'unit-mocks', 'renderer', 'renderer-mocks'].flatMap((project) => ['--project', project]),
    pglite,
  ),
);
steps.push(vitest('contract fuzz on PGlite', ['--project', 'fuzz'], pglite));
steps.push(
  vitest('faults on PGlite', ['--project', 'faults', 'tests/faults/pglite-'], pglite, { alone: true }),
);
if (postgresUrl) {
  steps.push(
    vitest(
      'faults on PostgreSQL',
      ['--project', 'faults', 'tests/faults/postgres-'],
      { DATABASE_URL: postgresUrl },
      {
        alone: true,
      },
    ),
  );
  // Three server processes, HAProxy and an S3 server on a database of their own: alone, as they time restarts.
  steps.push(
    vitest(
      'cluster behind HAProxy',
      ['--project', 'cluster'],
      { CLUSTER_TEST_POSTGRES_URL: postgresUrl, DATABASE_URL: '' },
      { alone: true },
    ),
  );
}

interface Outcome {
  ok: boolean;
  ran: boolean;
  seconds: number;
}
const outcomes = new Map<string, Outcome>();

/** Runs one step: its output straight to the terminal when it runs alone, else to a log printed at its end. */
function runStep(step: Step, shared: boolean): Promise<Outcome> {
  const started = performance.now();
  const env = { ...process.env, ...step.env };
  if (!shared) console.info(`\n=== ${step.name}`);
  const log = path.join(reports, `${step.name.replace(/\W+/g, '-')}.log`);
  const child = shared
    ? spawn(step.command, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(step.command, step.args, { env, stdio: 'inherit' });
  if (shared) {
    const out = createWriteStream(log);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const outcome = {
        ok: code === 0,
        ran: true,
        seconds: Math.round((performance.now() - started) / 1000),
      };
      if (shared) {
        console.info(`\n=== ${step.name} (${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds} s)`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      resolve(outcome);
    });
  });
}

/** Most lines of a failed step's output repeated under the summary. */
const EXCERPT_LINES = 150;

/**
 * The part of a failed step's output that says why, repeated at the end where a reader of a long
 * run looks first: from Vitest's first error section (failed tests, unhandled errors) to its
 * totals, else the output's last lines. Steps that ran alone printed straight to the terminal.
 */
function failureExcerpt(name: string): string | null {
  const log = path.join(reports, `${name.replace(/\W+/g, '-')}.log`);
  if (!existsSync(log)) return null;
  const lines = stripVTControlCharacters(readFileSync(log, 'utf8')).split('\n');
  const first = lines.findIndex((line) => /^⎯+ .+ ⎯+$/.test(line.trim()));
  const totals = lines.findIndex((line, index) => index > first && /^\s*Test Files\s/.test(line));
  const excerpt =
    first >= 0 ? lines.slice(first, totals > first ? totals : undefined) : lines.slice(-EXCERPT_LINES / 3);
  return excerpt.slice(0, EXCERPT_LINES).join('\n');
}

async function runAll(): Promise<void> {
  const waiting = [...steps];
  const running = new Set<Promise<void>>();
  while (waiting.length > 0 || running.size > 0) {
    const index = waiting.findIndex((step) => !step.after || outcomes.has(step.after));
    const next = index >= 0 ? waiting[index] : undefined;
    if (next?.after && !outcomes.get(next.after)?.ok) {
      waiting.splice(index, 1);
      outcomes.set(next.name, { ok: false, ran: false, seconds: 0 });
      console.info(`\n=== ${next.name} (not run: ${next.after} failed)`);
      continue;
    }
    if (next && (next.alone ? running.size === 0 : running.size < jobs)) {
      waiting.splice(index, 1);
      const task = runStep(next, jobs > 1 && !next.alone).then((outcome) => {
        outcomes.set(next.name, outcome);
        running.delete(task);
      });
      running.add(task);
      continue;
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
}

await runAll();

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
for (const step of steps) {
  const outcome = outcomes.get(step.name);
  if (!outcome?.ran) {
    if (step.report) total.failed += 1;
    continue;
  }
  const tally = tallyOf(step);
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
}
console.info('\nsteps:');
for (const step of steps) {
  const outcome = outcomes.get(step.name);
  console.info(
    `  ${outcome?.ok ? 'passed' : 'FAILED'}  ${String(outcome?.seconds ?? 0).padStart(5)} s  ${step.name}`,
  );
}
const failedSteps = steps.filter((step) => !outcomes.get(step.name)?.ok).map((step) => step.name);
for (const name of failedSteps) {
  const why = failureExcerpt(name);
  if (why) console.error(`\n=== Why ${name} failed (from its output above)\n${why}`);
}
if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join('; ')}`);
console.info(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
