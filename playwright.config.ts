import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One data folder per run, known to the tests too (they read the mail written to its outbox).
// Set here once; Playwright's workers inherit it from the runner's environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ironsight-e2e-'));

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Tracing snapshots the page at every action and took a fifth of the suite's time (133 s against
    // 106 s for three files); a failure still leaves its page's ARIA snapshot (error-context.md) and
    // a screenshot. `npx playwright test --trace retain-on-failure` records traces when needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The real server on a throwaway embedded database, serving the built web app.
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // One proxy hop is trusted, so the accounts tests sign up come from addresses of their own
    // (X-Forwarded-For) instead of all counting toward one address's sign-up limit.
    env: { PORT: String(port), LOG_LEVEL: 'warn', E2E_DATA_DIR: process.env.E2E_DATA_DIR, TRUST_PROXY: '1' },
  },
});
