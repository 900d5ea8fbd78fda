/**
 * What a shopper's phone gets from the web build. Builds the web app, starts the real server on a
 * fresh data folder seeded with the demo data (as `npm start` does on a first run), then:
 * - runs Lighthouse (its Node API, Debian's Chromium, the default mobile preset with simulated
 *   throttling) N times on the home page, a keyword search, a listing page, a brand page and the
 *   sign-in page, and prints the median of each category score and of FCP, LCP, TBT and CLS;
 * - prints each page's JavaScript transferred (compressed bytes of every script the Lighthouse run
 *   fetched, median of the runs) and its initial JavaScript: every script the page loads before
 *   the app runs on it (the start script, the entry and its modules, the page's own chunks), read
 *   in Chromium up to the moment the page is hydrated (`data-app-ready`). Given as Brotli and gzip
 *   bytes as the server sends them;
 * - times the server's answer to a listing page (full body read, Brotli accepted, as a browser
 *   asks) over sequential requests and prints p50 and p95.
 *
 * Usage: npm run bench:web [-- --runs 3] [--requests 200] [--no-build] [--chrome /usr/bin/chromium]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { listingPath, paths } from '../shared/routes/paths.ts';
import { benchServerEnv, ROOT, SERVER_ARGV, startProcess } from './server-process.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    requests: { type: 'string', default: '200' },
    'no-build': { type: 'boolean', default: false },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});
const RUNS = Number(flags.runs);
const REQUESTS = Number(flags.requests);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const WEB_ROOT = path.join(ROOT, 'dist/web');

interface Page {
  name: string;
  path: string;
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  problems: string[];
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the web build failed (${code})`)),
    );
  });
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The pages measured: fixed addresses plus a listing and a brand of the seeded catalogue. */
async function pagesOf(origin: string): Promise<Page[]> {
  const search = await getJson<{ results: { id: string; title: string }[] }>(
    `${origin}/api/listings/search`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'glock' }),
    },
  );
  const listing = search.results[0];
  const brands = await getJson<{ results: { slug: string }[] }>(`${origin}/api/brands`);
  const brand = brands.results[0];
  if (!listing || !brand) throw new Error('the demo data has no listing for "glock" or no brand');
  return [
    { name: 'home', path: '/' },
    { name: 'search glock', path: '/search?keyword=glock' },
    { name: 'listing', path: listingPath(listing.id, listing.title) },
    { name: `brand ${brand.slug}`, path: paths.brand(brand.slug) },
    { name: 'login', path: '/login' },
  ];
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/**
 * A run, once more after a failure: Lighthouse now and then loses the page load's trace
 * (NO_NAVSTART) with nothing wrong with the page. A second failure is the page's.
 */
async function lighthouseRunRetried(url: string): Promise<Run> {
  try {
    return await lighthouseRun(url);
  } catch (error) {
    console.warn(`\n  ${error instanceof Error ? error.message : String(error)}; running it again`);
    return lighthouseRun(url);
  }
}

async function lighthouseRun(url: string): Promise<Run> {
  const chrome = await launch({ chromePath: flags.chrome, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items ?? []) as NetworkItem[];
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)]),
    ) as Run['scores'];
    // Audits that cost a category points, so a score below 100 says why.
    const problems = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      scores,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      scriptBytes: items
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      problems,
    };
  } finally {
    await Promise.resolve(chrome.kill());
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Bytes of a response body exactly as sent (no decoding), for one Accept-Encoding. */
function bytesAsSent(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Every script a page asked for until the app runs on it (the document's `data-app-ready`), read in
 * the page itself: the moment the attribute is set and each script's start in the same clock, so
 * what the page fetches once it runs (work it leaves for an idle moment) is never counted, however
 * soon after it comes.
 */
async function initialScripts(origin: string, page: Page): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: flags.chrome, args: CHROME_FLAGS });
  try {
    const tab = await browser.newPage();
    await tab.addInitScript(() => {
      performance.setResourceTimingBufferSize(2000);
      // Run before the document has its root element: the whole document is watched.
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.appReady !== 'true') return;
        (window as unknown as { readyAt: number }).readyAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
    });
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'commit' });
    await tab.waitForSelector('html[data-app-ready="true"]', { state: 'attached', timeout: 60_000 });
    return await tab.evaluate(() => {
      const readyAt = (window as unknown as { readyAt: number }).readyAt;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= readyAt && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.name);
      return [...new Set(scripts)];
    });
  } finally {
    await browser.close();
  }
}

async function initialJavaScript(origin: string, page: Page) {
  const scripts = await initialScripts(origin, page);
  const sizes = await Promise.all(
    scripts.map(async (url) => ({ br: await bytesAsSent(url, 'br'), gzip: await bytesAsSent(url, 'gzip') })),
  );
  return {
    count: scripts.length,
    br: sizes.reduce((sum, size) => sum + size.br, 0),
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
  };
}

/** Sequential requests for one page; the time to the last byte of each, after a warm-up. */
async function answerTimes(url: string, count: number): Promise<{ p50: number; p95: number; bytes: number }> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  for (let i = 0; i < 20; i += 1) await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const { ms, bytes: size } = await once();
    times.push(ms);
    bytes = size;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), bytes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  if (!flags['no-build']) {
    console.info('Building the web app…');
    await build();
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-web-'));
  console.info(`Starting the server on a fresh data folder (${dataDir}) with the demo data…`);
  const started = performance.now();
  const server = await startProcess(SERVER_ARGV, (origin) =>
    benchServerEnv({ DATA_DIR: dataDir, DEMO_DATA: '1', WEB_ROOT, PUBLIC_ORIGIN: origin }),
  );
  console.info(`  ready in ${((performance.now() - started) / 1000).toFixed(0)} s at ${server.origin}`);
  try {
    const pages = await pagesOf(server.origin);
    const rows: string[][] = [];
    const problems = new Map<string, Set<string>>();
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await lighthouseRunRetried(`${server.origin}${page.path}`));
        process.stdout.write('.');
      }
      const initial = await initialJavaScript(server.origin, page);
      const med = (pick: (run: Run) => number) => median(runs.map(pick));
      problems.set(page.name, new Set(runs.flatMap((run) => run.problems)));
      rows.push([
        `${page.name} \`${page.path.length > 40 ? `${page.path.slice(0, 37)}…` : page.path}\``,
        ...CATEGORIES.map((id) => String(med((run) => run.scores[id]))),
        seconds(med((run) => run.fcpMs)),
        seconds(med((run) => run.lcpMs)),
        `${Math.round(med((run) => run.tbtMs))} ms`,
        med((run) => run.cls).toFixed(3),
        kb(med((run) => run.scriptBytes)),
        `${kb(initial.br)} br / ${kb(initial.gzip)} gz (${initial.count})`,
      ]);
    }
    const listing = pages.find((page) => page.name === 'listing')!;
    const timing = await answerTimes(`${server.origin}${listing.path}`, REQUESTS);

    const header = [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'JS transferred',
      'initial JS (files)',
    ];
    console.info(
      `\nLighthouse ${RUNS}× per page, mobile preset, median (measured on a shared 2-core machine)\n`,
    );
    console.info(`| ${header.join(' | ')} |`);
    console.info(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
    for (const row of rows) console.info(`| ${row.join(' | ')} |`);
    console.info(
      '\nJS transferred: compressed bytes of every script the page fetched during the Lighthouse run.' +
        '\nInitial JS: every script the page loads until the app runs on it (hydrated), as sent with Brotli / gzip.',
    );
    for (const [name, ids] of problems) {
      if (ids.size) console.info(`  ${name}: audits below full marks: ${[...ids].join(', ')}`);
    }
    console.info(
      `\nListing page server answer (${REQUESTS} sequential requests, Brotli, full body of ${kb(timing.bytes)}):` +
        ` p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
