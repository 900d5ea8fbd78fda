import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildWebIfChanged,
  decideWebBuild,
  readWebBuildStamp,
  STAMP_FILE,
  webBuildInputFiles,
  writeWebBuildStamp,
} from './build-web-if-changed.ts';

let root: string;

function write(file: string, content: string): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** What a build writes: the browser app and the server entry. */
function writeOutput(): void {
  write('dist/web/index.html', '<!doctype html><div id="root"></div>');
  write('dist/web/hydrate.js', 'import("/assets/main-abc.js")');
  write('dist/web/assets/main-abc.js', 'console.log(1)');
  write('dist/web/assets/main-abc.js.br', 'compressed');
  write('dist/web-server/entry-server.js', 'export function render() {}');
}

/** A build that succeeds: its output, then what a successful `buildWebIfChanged` records. */
function buildNow(): void {
  writeOutput();
  writeWebBuildStamp(root, decideWebBuild(root).inputs);
}

const env = { NODE_ENV: 'production' };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-build-stamp-'));
  write('src-renderer/index.html', '<script type="module" src="/main.tsx"></script>');
  write('src-renderer/main.tsx', 'export const a = 1;');
  write('src-renderer/public/favicon.svg', '<svg/>');
  write('src-renderer/pages/home-page.test.tsx', 'test');
  write('shared/contract/users.ts', 'export const users = 1;');
  write('vite.web.config.ts', 'export default {};');
  write('vite.page-chunks.ts', 'export const pageChunks = 1;');
  write('vite.precompress.ts', 'export const precompress = 1;');
  write('package.json', '{"scripts":{"build:web":"vite build"}}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.json', '{}');
  write('src-server/main.ts', 'server');
  write('README.md', 'readme');
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

describe('web build inputs', () => {
  it('are the renderer, shared, the Vite configuration, manifests and tsconfig, sorted', () => {
    write('src-renderer/node_modules/x/index.js', 'ignored');
    write('shared/dist/x.js', 'ignored');
    write('node_modules/vite/index.js', 'ignored');
    write('node_modules/.package-lock.json', '{}');
    expect(webBuildInputFiles(root)).toEqual([
      'node_modules/.package-lock.json',
      'package-lock.json',
      'package.json',
      'shared/contract/users.ts',
      'src-renderer/index.html',
      'src-renderer/main.tsx',
      'src-renderer/pages/home-page.test.tsx',
      'src-renderer/public/favicon.svg',
      'tsconfig.json',
      'vite.page-chunks.ts',
      'vite.precompress.ts',
      'vite.web.config.ts',
    ]);
  });
});

describe('decideWebBuild', () => {
  it('builds when there was never a build', () => {
    expect(decideWebBuild(root, { env })).toMatchObject({
      build: true,
      reason: 'no record of a complete build',
    });
  });

  it('skips a build whose inputs and output are unchanged', () => {
    buildNow();
    expect(decideWebBuild(root)).toMatchObject({ build: false });
    // Files the build does not read change nothing.
    write('src-server/main.ts', 'server changed');
    write('README.md', 'readme changed');
    write('data/pglite/file', 'database');
    write('node_modules/vite/index.js', 'untracked');
    expect(decideWebBuild(root)).toMatchObject({ build: false });
  });

  it.each([
    'src-renderer/main.tsx',
    'src-renderer/public/favicon.svg',
    'src-renderer/pages/home-page.test.tsx',
    'shared/contract/users.ts',
    'vite.web.config.ts',
    'vite.page-chunks.ts',
    'vite.precompress.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ])('builds again when %s changed', (file) => {
    buildNow();
    write(file, `${readFileSync(path.join(root, file), 'utf8')} `);
    expect(decideWebBuild(root)).toMatchObject({
      build: true,
      reason: 'its sources changed since the last build',
    });
  });

  it('builds again when a source file is added, removed or renamed', () => {
    buildNow();
    write('src-renderer/new-page.tsx', 'export {}');
    expect(decideWebBuild(root).build).toBe(true);
    buildNow();
    rmSync(path.join(root, 'src-renderer/new-page.tsx'));
    expect(decideWebBuild(root).build).toBe(true);
    buildNow();
    rmSync(path.join(root, 'src-renderer/main.tsx'));
    write('src-renderer/app.tsx', 'export const a = 1;');
    expect(decideWebBuild(root).build).toBe(true);
  });

  it('builds again when a PostCSS configuration appears or an installed package changes', () => {
    buildNow();
    write('postcss.config.js', 'export default {};');
    expect(decideWebBuild(root).build).toBe(true);
    buildNow();
    write('node_modules/.package-lock.json', '{"packages":{}}');
    expect(decideWebBuild(root).build).toBe(true);
  });

  it('builds again when the environment the build reads changed', () => {
    writeOutput();
    writeWebBuildStamp(root, decideWebBuild(root, { env }).inputs);
    expect(decideWebBuild(root, { env: { ...env, PORT: '4000' } }).build).toBe(false);
    // Vite builds for production when NODE_ENV is unset.
    expect(decideWebBuild(root, { env: {} }).build).toBe(false);
    expect(decideWebBuild(root, { env: { ...env, VITE_FLAG: '1' } }).build).toBe(true);
    expect(decideWebBuild(root, { env: { NODE_ENV: 'development' } }).build).toBe(true);
  });

  it('builds when the output is missing or partial', () => {
    buildNow();
    rmSync(path.join(root, 'dist/web'), { recursive: true });
    expect(decideWebBuild(root)).toMatchObject({ build: true, reason: 'dist/web/index.html is missing' });

    buildNow();
    rmSync(path.join(root, 'dist/web-server/entry-server.js'));
    expect(decideWebBuild(root)).toMatchObject({
      build: true,
      reason: 'dist/web-server/entry-server.js is missing',
    });

    buildNow();
    rmSync(path.join(root, 'dist/web/assets/main-abc.js.br'));
    expect(decideWebBuild(root)).toMatchObject({
      build: true,
      reason: 'the build output changed since it was built',
    });
  });

  it('builds when the output was rewritten by another build than the one recorded', () => {
    buildNow();
    write('dist/web/assets/main-abc.js', 'console.log("another build")');
    expect(decideWebBuild(root)).toMatchObject({
      build: true,
      reason: 'the build output changed since it was built',
    });
  });

  it('builds when the stamp is missing or unreadable', () => {
    buildNow();
    write(STAMP_FILE, '{"version":1,');
    expect(decideWebBuild(root)).toMatchObject({ build: true, reason: 'no record of a complete build' });
    rmSync(path.join(root, STAMP_FILE));
    expect(decideWebBuild(root)).toMatchObject({ build: true, reason: 'no record of a complete build' });
  });

  it('builds when forced, even when current', () => {
    buildNow();
    expect(decideWebBuild(root, { force: true })).toMatchObject({
      build: true,
      reason: 'a build was asked for',
    });
  });
});

describe('buildWebIfChanged', () => {
  it('builds once, records it, and skips the next start', async () => {
    const build = vi.fn(async () => {
      writeOutput();
      return 0;
    });
    expect(await buildWebIfChanged(root, false, build)).toBe(0);
    expect(build).toHaveBeenCalledTimes(1);
    expect(readWebBuildStamp(root)).toMatchObject({ outputFiles: 5 });

    expect(await buildWebIfChanged(root, false, build)).toBe(0);
    expect(build).toHaveBeenCalledTimes(1);

    expect(await buildWebIfChanged(root, true, build)).toBe(0);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('records nothing for a failed build, so the next start builds again', async () => {
    buildNow();
    write('src-renderer/main.tsx', 'export const a = 2;');
    const failing = vi.fn(async () => {
      // Vite empties the output folder, then fails part way.
      rmSync(path.join(root, 'dist/web'), { recursive: true });
      write('dist/web/assets/half.js', 'partial');
      return 1;
    });
    expect(await buildWebIfChanged(root, false, failing)).toBe(1);
    expect(readWebBuildStamp(root)).toBeUndefined();

    // The sources are back as they were at the recorded build: the partial output still rebuilds.
    write('src-renderer/main.tsx', 'export const a = 1;');
    expect(decideWebBuild(root)).toMatchObject({ build: true, reason: 'no record of a complete build' });
  });

  it('builds once when two starts find it out of date at the same time', async () => {
    const build = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeOutput();
      return 0;
    });
    expect(
      await Promise.all([buildWebIfChanged(root, false, build), buildWebIfChanged(root, false, build)]),
    ).toEqual([0, 0]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(decideWebBuild(root).build).toBe(false);
  });

  it('records the inputs the build started from, so an edit during the build builds again', async () => {
    const build = vi.fn(async () => {
      writeOutput();
      write('src-renderer/main.tsx', 'export const a = 3;');
      return 0;
    });
    expect(await buildWebIfChanged(root, false, build)).toBe(0);
    expect(decideWebBuild(root)).toMatchObject({
      build: true,
      reason: 'its sources changed since the last build',
    });
  });
});
