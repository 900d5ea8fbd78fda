/**
 * Builds the web app (`npm run build:web`) only when its inputs changed since the last build.
 *
 *   node scripts/build-web-if-changed.ts [--force]      (FORCE_WEB_BUILD=1 forces it as well)
 *
 * The inputs are hashed by content: the renderer and shared sources (every file, tests included),
 * the Vite configuration and its plugins, the package manifest and lockfiles, tsconfig.json, any
 * PostCSS or browserslist configuration, and the environment the build reads (NODE_ENV, VITE_*,
 * the Node.js version). After a successful build the hash is written to dist/.web-build-stamp.json
 * together with a fingerprint of every output file (path, size, modification time) of dist/web and
 * dist/web-server. The stamp is removed before a build starts, so an interrupted or failed build
 * never looks current, and output deleted or rebuilt by other means (a direct `npm run build:web`)
 * no longer matches its fingerprint. Two starts at once build one after the other: the second
 * waits for the first and then finds the build current.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

/** Folders whose every file the web build may read (the renderer imports shared; nothing else). */
export const INPUT_FOLDERS = ['src-renderer', 'shared'] as const;

/** Single files the web build reads, or may read when present. */
export const INPUT_FILES = [
  'vite.web.config.ts',
  'vite.page-chunks.ts',
  'vite.precompress.ts',
  'package.json',
  'package-lock.json',
  // npm's record of what is installed, rewritten by every install.
  'node_modules/.package-lock.json',
  'tsconfig.json',
  'postcss.config.js',
  'postcss.config.cjs',
  'postcss.config.mjs',
  'postcss.config.ts',
  '.postcssrc',
  '.postcssrc.json',
  '.browserslistrc',
  'browserslist',
] as const;

/** Folders never hashed wherever they appear. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.git']);

/** The build's output folders (vite.web.config.ts) and files a complete build always has. */
export const OUTPUT_FOLDERS = ['dist/web', 'dist/web-server'] as const;
export const REQUIRED_OUTPUTS = ['dist/web/index.html', 'dist/web-server/entry-server.js'] as const;

export const STAMP_FILE = 'dist/.web-build-stamp.json';
const LOCK_FILE = 'dist/.web-build.lock';
const STAMP_VERSION = 1;

export interface WebBuildStamp {
  version: number;
  /** Hash of the inputs the build was started with. */
  inputs: string;
  /** Hash of the output files' paths, sizes and modification times once the build finished. */
  outputs: string;
  outputFiles: number;
  builtAt: string;
}

export type WebBuildDecision =
  | { build: false; inputs: string }
  | { build: true; inputs: string; reason: string };

const toPosix = (file: string) => file.split(path.sep).join('/');

/** Every file under `folder` (relative to root, `/`-separated, sorted), skipping SKIPPED_FOLDERS. */
function listFiles(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        files.push(toPosix(path.relative(root, full)));
      }
    }
  };
  walk(absolute);
  return files.sort();
}

/** The build's input files that exist, relative to root, sorted. */
export function webBuildInputFiles(root: string): string[] {
  const files = INPUT_FOLDERS.flatMap((folder) => listFiles(root, folder));
  for (const file of INPUT_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/**
 * The environment the build reads: NODE_ENV (unset builds as production, as Vite does), the
 * variables Vite exposes to the app (VITE_*), and the runtime's version.
 */
function buildEnvironment(env: NodeJS.ProcessEnv): string {
  const exposed = Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => [name, env[name]]);
  return JSON.stringify([process.version, env.NODE_ENV || 'production', ...exposed]);
}

/** One hash of every input's path and content, and of the build environment. */
export function hashWebBuildInputs(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  hash.update(`ironsight-web-build ${STAMP_VERSION}\0${buildEnvironment(env)}\0`);
  for (const file of webBuildInputFiles(root)) {
    const full = path.join(root, file);
    let content: Buffer;
    try {
      content = readFileSync(full);
    } catch {
      // A dangling link or a file gone while listing: its absence is what is hashed.
      content = Buffer.from(
        `missing:${lstatSync(full, { throwIfNoEntry: false })?.isSymbolicLink() ?? false}`,
      );
    }
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** A hash of every output file's path, size and modification time, and how many there are. */
export function fingerprintWebBuildOutputs(root: string): { outputs: string; outputFiles: number } {
  const hash = createHash('sha256');
  let outputFiles = 0;
  for (const folder of OUTPUT_FOLDERS) {
    for (const file of listFilesUnfiltered(root, folder)) {
      const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
      hash.update(`${file}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
      outputFiles += 1;
    }
  }
  return { outputs: hash.digest('hex'), outputFiles };
}

/** Every file under an output folder, sorted (nothing skipped: the output is what it is). */
function listFilesUnfiltered(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => toPosix(path.relative(root, path.join(entry.parentPath, entry.name))))
    .sort();
}

export function readWebBuildStamp(root: string): WebBuildStamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')) as Partial<WebBuildStamp>;
    if (
      stamp.version !== STAMP_VERSION ||
      typeof stamp.inputs !== 'string' ||
      typeof stamp.outputs !== 'string'
    ) {
      return undefined;
    }
    return stamp as WebBuildStamp;
  } catch {
    return undefined;
  }
}

/** Whether the web app must be built, and why. */
export function decideWebBuild(
  root: string,
  options: { force?: boolean; env?: NodeJS.ProcessEnv } = {},
): WebBuildDecision {
  const inputs = hashWebBuildInputs(root, options.env);
  if (options.force) return { build: true, inputs, reason: 'a build was asked for' };
  const stamp = readWebBuildStamp(root);
  if (!stamp) return { build: true, inputs, reason: 'no record of a complete build' };
  for (const file of REQUIRED_OUTPUTS) {
    if (!existsSync(path.join(root, file))) return { build: true, inputs, reason: `${file} is missing` };
  }
  if (stamp.inputs !== inputs)
    return { build: true, inputs, reason: 'its sources changed since the last build' };
  if (fingerprintWebBuildOutputs(root).outputs !== stamp.outputs) {
    return { build: true, inputs, reason: 'the build output changed since it was built' };
  }
  return { build: false, inputs };
}

/** Removes the stamp: from here until a new one is written the build counts as incomplete. */
export function clearWebBuildStamp(root: string): void {
  rmSync(path.join(root, STAMP_FILE), { force: true });
}

/** Records a finished build of `inputs` with the output as it is now (written whole or not at all). */
export function writeWebBuildStamp(root: string, inputs: string): WebBuildStamp {
  const stamp: WebBuildStamp = {
    version: STAMP_VERSION,
    inputs,
    ...fingerprintWebBuildOutputs(root),
    builtAt: new Date().toISOString(),
  };
  const file = path.join(root, STAMP_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(stamp, null, 2)}\n`);
  renameSync(temporary, file);
  return stamp;
}

/** Runs `npm run build:web`; resolves to its exit code. */
function runWebBuild(root: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build:web'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`Could not run the web build: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Holds the build lock of `root` (one build at a time), waiting for another holder if need be. */
async function lockWebBuild(root: string, onCompromised: () => void): Promise<() => Promise<void>> {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const options = {
    lockfilePath: path.join(root, LOCK_FILE),
    realpath: false,
    stale: 30_000,
    update: 5_000,
    onCompromised,
  };
  try {
    return await lockfile.lock(path.join(root, 'dist'), options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  console.info('Another web build is running; waiting for it to finish.');
  return await lockfile.lock(path.join(root, 'dist'), {
    ...options,
    retries: { retries: 600, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
  });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Builds the web app in `root` unless it is current; resolves to the exit code (the build's when it fails). */
export async function buildWebIfChanged(
  root: string,
  force: boolean,
  build: (root: string) => Promise<number> = runWebBuild,
): Promise<number> {
  const started = performance.now();
  const first = decideWebBuild(root, { force });
  if (!first.build) {
    console.info(
      `Web app is up to date (sources unchanged since the last build; checked in ${seconds(started)}).`,
    );
    return 0;
  }
  let compromised = false;
  const release = await lockWebBuild(root, () => {
    compromised = true;
    console.warn('Lost the web build lock; this build will not be recorded as complete.');
  });
  try {
    // Another start may have built it while this one waited for the lock.
    const decision = force ? first : decideWebBuild(root);
    if (!decision.build) {
      console.info('Web app is up to date (built by another start meanwhile).');
      return 0;
    }
    console.info(`Building the web app: ${decision.reason}.`);
    const buildStarted = performance.now();
    clearWebBuildStamp(root);
    const code = await build(root);
    if (code !== 0) {
      console.error(`The web build failed (exit code ${code}).`);
      return code;
    }
    if (compromised) return 0;
    const stamp = writeWebBuildStamp(root, decision.inputs);
    console.info(`Web app built in ${seconds(buildStarted)} (${stamp.outputFiles} files).`);
    return 0;
  } finally {
    await release().catch(() => {});
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.info('Usage: node scripts/build-web-if-changed.ts [--force]   (or FORCE_WEB_BUILD=1)');
    process.exit(0);
  }
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length > 0) {
    console.error(
      `Unknown argument: ${unknown.join(' ')}. Usage: node scripts/build-web-if-changed.ts [--force]`,
    );
    process.exit(2);
  }
  const force = args.includes('--force') || ['1', 'true', 'yes'].includes(process.env.FORCE_WEB_BUILD ?? '');
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.exitCode = await buildWebIfChanged(root, force);
}
