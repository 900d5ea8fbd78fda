/**
 * Bundles the server (`src-server/main.ts` and everything it imports) into one ES module,
 * `dist/server/main.js`, with its migrations and the embedded database's thread beside it. The server starts from the bundle in
 * production (`npm start`, the cluster, the benches): loading hundreds of modules one by one took
 * most of a start (drizzle-orm alone is some 400 files, and Node reads its 180 kB package
 * manifest again for each), about 2.3 of a 6.8 s start on this kind of machine.
 *
 *   node scripts/build-server.ts [--force]
 *
 * A build is skipped when the last one is current: every file the last build read (esbuild's
 * metafile) has the size and modification time it had then, and the build options, esbuild and
 * Node.js are the same. A source that starts importing a new file has itself changed, so the list
 * of inputs cannot miss a new one. Packages with native or WebAssembly parts, or read from their
 * own folder at run time, stay outside the bundle and load from node_modules.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build, version as esbuildVersion } from 'esbuild';
import lockfile from 'proper-lockfile';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = 'src-server/main.ts';
export const SERVER_BUNDLE = 'dist/server/main.js';
/** Embedded PGlite's thread (`src-server/db/pglite-thread.ts`), bundled beside the server as `pglite-worker.js`. */
const PGLITE_WORKER_ENTRY = 'src-server/db/pglite-worker.ts';
const OUT_DIR = 'dist/server';
const LOCK_FILE = 'dist/.server-build.lock';
const STAMP_FILE = 'dist/server/.build-stamp.json';
const MIGRATIONS = { from: 'src-server/db/migrations', to: 'dist/server/migrations' } as const;

/** Loaded from node_modules at run time: native addons, WebAssembly and data files found beside their code, optional drivers. */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  'zipcodes',
  'electron',
] as const;

/** The bundle's options; a change to them rebuilds. */
const OPTIONS: BuildOptions = {
  entryPoints: { main: SERVER_ENTRY, 'pglite-worker': PGLITE_WORKER_ENTRY },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: [...EXTERNAL_PACKAGES],
  // Bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
};

interface BuildStamp {
  key: string;
  inputs: Record<string, { size: number; mtimeMs: number }>;
}

function stampKey(root: string): string {
  return JSON.stringify({
    options: OPTIONS,
    esbuild: esbuildVersion,
    node: process.version,
    migrations: migrationsFingerprint(root),
  });
}

/** The migrations are copied, not bundled: their folder's listing and each file's size and time. */
function migrationsFingerprint(root: string): string[] {
  const folder = path.join(root, MIGRATIONS.from);
  const listing: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else listing.push(`${path.relative(folder, full)}:${stat.size}:${stat.mtimeMs}`);
    }
  };
  walk(folder);
  return listing;
}

function readStamp(root: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

function unchanged(root: string, file: string, recorded: { size: number; mtimeMs: number }): boolean {
  try {
    const stat = statSync(path.join(root, file));
    return stat.size === recorded.size && stat.mtimeMs === recorded.mtimeMs;
  } catch {
    return false;
  }
}

/** Why the bundle must be built, or null when the last build is current. */
export function serverBuildReason(root = ROOT): string | null {
  if (!existsSync(path.join(root, SERVER_BUNDLE))) return 'no bundle yet';
  const stamp = readStamp(root);
  if (!stamp) return 'no record of the last build';
  if (stamp.key !== stampKey(root)) return 'the options, esbuild, Node.js or the migrations changed';
  const changed = Object.entries(stamp.inputs).find(([file, recorded]) => !unchanged(root, file, recorded));
  return changed ? `${changed[0]} changed` : null;
}

/**
 * Builds the bundle when it is not current (or always with `force`); answers whether it built.
 * One build at a time: a second start waits for the first and then finds the bundle current. The
 * bundle is written beside its place and renamed into it, so a server starting meanwhile reads the
 * old bundle or the new one, never half of one.
 */
export async function buildServer({
  force = false,
  root = ROOT,
}: {
  force?: boolean;
  root?: string;
} = {}): Promise<boolean> {
  if (!force && !serverBuildReason(root)) return false;
  mkdirSync(path.join(root, OUT_DIR), { recursive: true });
  const release = await lockfile.lock(path.join(root, OUT_DIR), {
    lockfilePath: path.join(root, LOCK_FILE),
    realpath: false,
    stale: 30_000,
    update: 5_000,
    retries: { retries: 120, factor: 1, minTimeout: 500, maxTimeout: 500 },
  });
  try {
    if (!force && !serverBuildReason(root)) return false;
    const stampPath = path.join(root, STAMP_FILE);
    // Removed first: an interrupted build never looks current.
    rmSync(stampPath, { force: true });
    const result = await build({ ...OPTIONS, absWorkingDir: root, metafile: true, write: false as const });
    const migrationsTarget = path.join(root, MIGRATIONS.to);
    rmSync(migrationsTarget, { recursive: true, force: true });
    cpSync(path.join(root, MIGRATIONS.from), migrationsTarget, { recursive: true });
    for (const output of result.outputFiles) {
      writeFileSync(`${output.path}.tmp`, output.contents);
      renameSync(`${output.path}.tmp`, output.path);
    }
    const inputs: BuildStamp['inputs'] = {};
    for (const file of Object.keys(result.metafile.inputs)) {
      const stat = statSync(path.join(root, file));
      inputs[file] = { size: stat.size, mtimeMs: stat.mtimeMs };
    }
    const stamp: BuildStamp = { key: stampKey(root), inputs };
    writeFileSync(`${stampPath}.tmp`, JSON.stringify(stamp));
    renameSync(`${stampPath}.tmp`, stampPath);
    return true;
  } finally {
    await release();
  }
}

let current: Promise<boolean> | null = null;

/** `buildServer()` once per process: what starts servers again and again checks the bundle once. */
export function serverBundleReady(): Promise<boolean> {
  current ??= buildServer();
  return current;
}

if (import.meta.main) {
  const started = performance.now();
  const built = await buildServer({ force: process.argv.includes('--force') });
  if (built)
    console.info(`Server bundle built in ${Math.round(performance.now() - started)} ms: ${SERVER_BUNDLE}`);
}
