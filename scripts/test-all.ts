/**
 * Runs every test of the project and ends with one summary line:
 *   unit, renderer and API tests, then the embedded database's fault and queue tests (Vitest),
 *   the contract fuzz suite (tests/fuzz, fixed seed and bounded count) on the embedded database,
 *   the API and PostgreSQL fault tests on PostgreSQL when --postgres URL (or TEST_POSTGRES_URL) is given,
 *   the web build, then the end-to-end tests (Playwright driving Chromium against the real server).
 * Usage: npm test [-- --postgres postgres://postgres@127.0.0.1:5432/test] [--skip-build]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_INSTALL_HELP, findChromium } from './find-chromium.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const postgresUrl = option('--postgres') ?? process.env.TEST_POSTGRES_URL;
const reports = mkdtempSync(path.join(tmpdir(), 'ironsight-tests-'));

function run(step: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.info(`\n=== ${step}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(step);
  return ok;
}

function addVitest(file: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    total.failed += 1;
  }
}

function addPlaywright(file: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
  } catch {
    total.failed += 1;
  }
}

const vitest = (name: string, extra: string[], env: NodeJS.ProcessEnv = {}) => {
  const file = path.join(reports, `${name}.json`);
  run(
    `Vitest: ${name}`,
    'npx',
    ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  addVitest(file);
};

const chromium = await findChromium();
if (!chromium) {
  console.error(`\n${CHROMIUM_INSTALL_HELP}\n`);
  process.exit(1);
}

vitest(
  'unit, renderer and API on PGlite',
  ['--project', 'unit', '--project', 'renderer', '--project', 'api'],
  {
    DATABASE_URL: '',
  },
);
vitest('faults on PGlite', ['--project', 'faults', 'tests/faults/pglite-'], { DATABASE_URL: '' });
vitest('contract fuzz on PGlite', ['--project', 'fuzz'], { DATABASE_URL: '' });
if (postgresUrl) vitest('API on PostgreSQL', ['--project', 'api'], { DATABASE_URL: postgresUrl });
if (postgresUrl) {
  vitest('faults on PostgreSQL', ['--project', 'faults', 'tests/faults/postgres-'], {
    DATABASE_URL: postgresUrl,
  });
}

const built = flag('--skip-build') || run('Web build', 'npm', ['run', 'build:web', '--silent']);
if (built) {
  const file = path.join(reports, 'e2e.json');
  run('Playwright: end-to-end in Chromium', 'npx', ['playwright', 'test'], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    DATABASE_URL: '',
  });
  addPlaywright(file);
}

if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join('; ')}`);
console.info(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
