/**
 * Prints the web build's JavaScript budget: each chunk's raw and gzip size (as the server sends it:
 * its precompressed `.gz` copy, or a file too small to have one as it is), which chunks the home
 * page loads before it is interactive (the start script of a server-rendered page, the entry and
 * its static imports, then the home screen and its static imports, which the browser loads before
 * hydrating), and the largest sources inside
 * those chunks. Exits 1 when the home page's initial JavaScript exceeds its budget, or when a
 * chunk every page loads holds code only some pages use.
 *
 *   npm run build:web && node scripts/bundle-report.ts [--sources] [--dir dist/web]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { APP_START_SCRIPT } from '../shared/server-render.ts';
import { MIN_PRECOMPRESS_BYTES } from '../vite.precompress.ts';

/** The home page's initial JavaScript, gzipped (its budget). */
export const HOME_INITIAL_JS_BUDGET = 120_000;

/**
 * Sources that only some pages use and must never be in a chunk every page loads: the password
 * list, the form schemas of the account pages, the full route and contract tables.
 */
const PAGE_ONLY_SOURCES: { pattern: RegExp; why: string }[] = [
  { pattern: /node_modules\/zod\//, why: 'zod (form checks and answer schemas load when used)' },
  { pattern: /@zxcvbn-ts\//, why: 'password strength lists (register and password pages)' },
  { pattern: /src-renderer\/features\/auth\/(login|register)-form/, why: 'login/register forms' },
];

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  staticImports: string[];
  sources: string[];
}

const { values } = parseArgs({
  options: { sources: { type: 'boolean', default: false }, dir: { type: 'string', default: 'dist/web' } },
});
const webRoot = path.resolve(values.dir ?? 'dist/web');
const assets = path.join(webRoot, 'assets');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error(`No web build in ${webRoot}: run npm run build:web first.`);
  process.exit(2);
}

// Minified ES module output: `import{a as b}from"./x.js"` or `import"./x.js"`; `import("./x.js")` is dynamic.
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

/**
 * A chunk's size as sent to a browser that accepts gzip: its precompressed copy, or the file itself
 * when the build wrote none (under MIN_PRECOMPRESS_BYTES, sent as it is).
 */
function sentGzip(file: string, code: Buffer): number {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return code.length < MIN_PRECOMPRESS_BYTES ? code.length : gzipSync(code, { level: 9 }).length;
}

const chunks = new Map<string, Chunk>();
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(path.join(assets, file));
  const text = code.toString('utf8');
  const mapFile = path.join(assets, `${file}.map`);
  const sources: string[] = existsSync(mapFile)
    ? (JSON.parse(readFileSync(mapFile, 'utf8')).sources as string[]).map((source) =>
        source.replace(/^(\.\.\/)+/, ''),
      )
    : [];
  chunks.set(file, {
    file,
    raw: code.length,
    gzip: sentGzip(path.join(assets, file), code),
    staticImports: [...text.matchAll(STATIC_IMPORT)].map((m) => m[1] as string),
    sources,
  });
}

const closure = (roots: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !chunks.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.staticImports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
};

const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(indexHtml)?.[1];
if (!entry) {
  console.error('index.html has no module entry script.');
  process.exit(2);
}
const shell = closure([entry]);
const homeScreen = [...chunks.values()].find((chunk) =>
  chunk.sources.some((source) => source.endsWith('pages/home/home-page.tsx')),
)?.file;
const home = closure(homeScreen ? [entry, homeScreen] : [entry]);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (files: Iterable<string>, key: 'raw' | 'gzip') =>
  [...files].reduce((total, file) => total + (chunks.get(file)?.[key] ?? 0), 0);

console.info('chunk'.padEnd(52), 'raw'.padStart(10), 'gzip'.padStart(10), '  loaded by');
for (const chunk of [...chunks.values()].sort((a, b) => b.gzip - a.gzip)) {
  const where = shell.has(chunk.file) ? 'every page' : home.has(chunk.file) ? 'home' : '';
  if (!where && chunk.gzip < 2000) continue;
  console.info(chunk.file.padEnd(52), kb(chunk.raw).padStart(10), kb(chunk.gzip).padStart(10), ` ${where}`);
}
console.info(`(chunks under 2 kB gzip that the home page does not load are left out)`);

if (values.sources) {
  for (const file of home) {
    const chunk = chunks.get(file);
    if (!chunk) continue;
    const byPackage = new Map<string, number>();
    for (const source of chunk.sources) {
      const key = source.includes('node_modules/')
        ? (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source)
        : source.split('/').slice(0, 3).join('/');
      byPackage.set(key, (byPackage.get(key) ?? 0) + 1);
    }
    console.info(`\n${file} (${kb(chunk.gzip)} gzip): ${chunk.sources.length} sources`);
    for (const [key, count] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.info(`  ${String(count).padStart(4)}  ${key}`);
    }
  }
}

// A server-rendered page first loads the start script, which then loads the entry (hydrate.ts).
const startScript = path.join(webRoot, APP_START_SCRIPT);
const startCode = existsSync(startScript) ? readFileSync(startScript) : Buffer.alloc(0);
const startGzip = startCode.length > 0 ? gzipSync(startCode, { level: 9 }).length : 0;
const shellGzip = sum(shell, 'gzip');
const homeGzip = sum(home, 'gzip') + startGzip;
console.info(
  `\nevery page (entry + static imports): ${shell.size} files, ${kb(sum(shell, 'raw'))}, ${kb(shellGzip)} gzip`,
);
console.info(
  `home page initial JavaScript: ${home.size + (startGzip ? 1 : 0)} files, ${kb(sum(home, 'raw') + startCode.length)}, ${kb(homeGzip)} gzip (budget ${kb(HOME_INITIAL_JS_BUDGET)})`,
);

let failed = false;
if (homeGzip > HOME_INITIAL_JS_BUDGET) {
  console.error(
    `FAIL: the home page's initial JavaScript is over budget by ${kb(homeGzip - HOME_INITIAL_JS_BUDGET)}.`,
  );
  failed = true;
}
// The home page shows data and has no form: what it loads before it is interactive is held to the
// same rule as what every page loads.
for (const file of home) {
  for (const { pattern, why } of PAGE_ONLY_SOURCES) {
    const found = chunks.get(file)?.sources.filter((source) => pattern.test(source)) ?? [];
    if (found.length > 0) {
      console.error(
        `FAIL: ${file}, loaded by ${shell.has(file) ? 'every page' : 'the home page'} before it is interactive, holds ${why}: ${found.slice(0, 3).join(', ')}`,
      );
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
