import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rules of .dependency-cruiser.cjs, each checked on small trees written to scratch folders
 * beside a copy of the real configuration: the server's module rules (one face per module, no loop
 * between folders, layers) on a server laid out like src-server, and the order of the shared
 * folders (no loop, domain → search → routes → contract → live) on a shared/ laid out like the
 * real one. Then the real src-server, shared/, bench/ and scripts/ are checked clean with the same
 * command as `npm run lint`.
 */

const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

interface CruiseReport {
  summary: {
    violations: { rule: { name: string }; from: string; to: string }[];
    totalCruised: number;
  };
}

/** Runs dependency-cruiser as `npm run lint` does, in `cwd`, and returns its JSON report. */
function cruise(cwd: string, paths: string[]): CruiseReport {
  const run = spawnSync(
    process.execPath,
    [depcruise, ...paths, '--config', join(cwd, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed no report: ${run.stderr}`);
  return JSON.parse(run.stdout) as CruiseReport;
}

const violationsOf = (report: CruiseReport): Violation[] =>
  report.summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to }));

const importing = (...specifiers: string[]) =>
  `${specifiers.map((specifier, index) => `import { x${index} } from '${specifier}';`).join('\n')}\n\nexport const x = [${specifiers.map((_, index) => `x${index}`).join(', ')}];\n`;
const EXPORTS_X = 'export const x = 1;\n';

/** A small server: each file and what it imports. */
const fixtures: Record<string, string> = {
  // Module `a`: its face and its internals.
  'src-server/modules/a/index.ts': "export { x } from './service.ts';\n",
  'src-server/modules/a/service.ts': importing(
    './search/plan.ts',
    '../../core/audit.ts',
    '../../http/errors.ts',
  ),
  'src-server/modules/a/search/plan.ts': EXPORTS_X,
  'src-server/modules/a/routes.ts': importing('./service.ts', '../../module-context.ts'),
  // Module `b` uses `a` through its face (allowed) and through an internal file (refused).
  'src-server/modules/b/index.ts': "export { x } from './service.ts';\n",
  'src-server/modules/b/service.ts': importing('../a/index.ts'),
  'src-server/modules/b/reach-in.ts': importing('../a/service.ts'),
  // A test beside the code and one under tests/ may read internals.
  'src-server/modules/b/service.test.ts': importing('../a/search/plan.ts'),
  // A test of `a` importing `b` closes no loop: tests are left out of the graph.
  'src-server/modules/a/service.test.ts': importing('../b/reach-in.ts'),
  'tests/api/a.test.ts': importing('../../src-server/modules/a/routes.ts'),
  // Modules `c` and `d` use each other, each through the other's face: a loop between folders.
  'src-server/modules/c/index.ts': "export { x } from './service.ts';\n",
  'src-server/modules/c/service.ts': importing('../d/index.ts'),
  'src-server/modules/d/index.ts': "export { x } from './service.ts';\n",
  'src-server/modules/d/service.ts': EXPORTS_X,
  'src-server/modules/d/notify.ts': importing('../c/index.ts'),
  // Module `e` imports nothing: the layer cases below reach it without closing a loop.
  'src-server/modules/e/index.ts': EXPORTS_X,
  // Layers.
  'src-server/core/audit.ts': importing('../db/client.ts'),
  'src-server/core/reach-up.ts': importing('../modules/e/index.ts'),
  'src-server/http/errors.ts': EXPORTS_X,
  'src-server/http/reach-up.ts': importing('../core/audit.ts'),
  'src-server/db/client.ts': EXPORTS_X,
  'src-server/db/reach-up.ts': importing('../modules/e/index.ts'),
  'src-server/mail/reach-up.ts': importing('../app.ts'),
  'src-server/module-context.ts': importing('./http/errors.ts'),
  'src-server/modules/b/page.ts': importing('../../web/head.ts'),
  'src-server/web/head.ts': EXPORTS_X,
  // A loop between two folders of the bottom layer.
  'src-server/files/blobs.ts': importing('../mail/mailer.ts'),
  'src-server/mail/mailer.ts': EXPORTS_X,
  'src-server/mail/attachments.ts': importing('../files/blobs.ts'),
  // The app assembly uses faces (allowed), except one reach into internals.
  'src-server/app.ts': importing('./modules/a/index.ts', './modules/c/index.ts', './modules/a/routes.ts'),
  'src-server/seed/seed.ts': importing('../modules/a/index.ts'),
  'bench/search.ts': importing('../src-server/modules/a/search/plan.ts'),
};

const expected: Violation[] = [
  {
    rule: 'no-module-internals',
    from: 'src-server/modules/b/reach-in.ts',
    to: 'src-server/modules/a/service.ts',
  },
  { rule: 'no-module-internals', from: 'src-server/app.ts', to: 'src-server/modules/a/routes.ts' },
  { rule: 'no-module-internals', from: 'bench/search.ts', to: 'src-server/modules/a/search/plan.ts' },
  { rule: 'no-module-folder-loop', from: 'src-server/modules/c', to: 'src-server/modules/d' },
  { rule: 'no-module-folder-loop', from: 'src-server/modules/d', to: 'src-server/modules/c' },
  { rule: 'no-module-folder-loop', from: 'src-server/files', to: 'src-server/mail' },
  { rule: 'no-module-folder-loop', from: 'src-server/mail', to: 'src-server/files' },
  { rule: 'layers', from: 'src-server/http/reach-up.ts', to: 'src-server/core/audit.ts' },
  { rule: 'layers', from: 'src-server/db/reach-up.ts', to: 'src-server/modules/e/index.ts' },
  { rule: 'layers', from: 'src-server/mail/reach-up.ts', to: 'src-server/app.ts' },
  { rule: 'layers', from: 'src-server/core/reach-up.ts', to: 'src-server/modules/e/index.ts' },
  { rule: 'layers', from: 'src-server/modules/b/page.ts', to: 'src-server/web/head.ts' },
];

/**
 * A shared/ whose folders import upward, each once, and loop: the folders in order are
 * domain → search → routes → contract → live, each importing only those before it.
 */
const sharedFixtures: Record<string, string> = {
  'shared/domain/listing.ts': EXPORTS_X,
  'shared/domain/reach-up.ts': importing('../search/url.ts'),
  'shared/search/url.ts': EXPORTS_X,
  'shared/search/reach-up.ts': importing('../routes/paths.ts'),
  'shared/routes/paths.ts': EXPORTS_X,
  'shared/routes/reach-up.ts': importing('../contract/listings.ts'),
  'shared/contract/listings.ts': EXPORTS_X,
  'shared/contract/reach-up.ts': importing('../live/follow.ts'),
  'shared/live/follow.ts': EXPORTS_X,
  // routes/ imports search/ as it may, and search/ imports routes/ back: a loop between the folders.
  'shared/routes/search-paths.ts': importing('../search/url.ts'),
  // Two folders outside the order that use each other: still a loop.
  'shared/alpha/a.ts': importing('../beta/b.ts'),
  'shared/beta/b.ts': EXPORTS_X,
  'shared/beta/back.ts': importing('../alpha/a.ts'),
};

const expectedShared: Violation[] = [
  { rule: 'shared-layers', from: 'shared/domain/reach-up.ts', to: 'shared/search/url.ts' },
  { rule: 'shared-layers', from: 'shared/search/reach-up.ts', to: 'shared/routes/paths.ts' },
  { rule: 'shared-layers', from: 'shared/routes/reach-up.ts', to: 'shared/contract/listings.ts' },
  { rule: 'shared-layers', from: 'shared/contract/reach-up.ts', to: 'shared/live/follow.ts' },
  { rule: 'no-shared-folder-loop', from: 'shared/search', to: 'shared/routes' },
  { rule: 'no-shared-folder-loop', from: 'shared/routes', to: 'shared/search' },
  { rule: 'no-shared-folder-loop', from: 'shared/alpha', to: 'shared/beta' },
  { rule: 'no-shared-folder-loop', from: 'shared/beta', to: 'shared/alpha' },
];

/** A shared/ in order: each folder imports every folder below it; a test beside the domain reads upward. */
const sharedInOrder: Record<string, string> = {
  'shared/domain/listing.ts': EXPORTS_X,
  'shared/domain/listing.test.ts': importing('../contract/listings.ts'),
  'shared/search/url.ts': importing('../domain/listing.ts'),
  'shared/routes/paths.ts': importing('../search/url.ts', '../domain/listing.ts'),
  'shared/contract/listings.ts': importing('../routes/paths.ts', '../search/url.ts', '../domain/listing.ts'),
  'shared/live/follow.ts': importing('../contract/listings.ts'),
};

const byText = (a: Violation, b: Violation) =>
  `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`);

const scratches: string[] = [];

/** Writes `files` into a new scratch folder beside the real configuration and returns the folder. */
function scratchTree(files: Record<string, string>): string {
  const scratch = mkdtempSync(join(tmpdir(), 'ironsight-module-rules-'));
  scratches.push(scratch);
  copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(scratch, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true },
    }),
  );
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), source);
  }
  return scratch;
}

let found: Violation[] = [];
let foundShared: Violation[] = [];
let foundSharedInOrder: Violation[] = [];

beforeAll(() => {
  found = violationsOf(cruise(scratchTree(fixtures), ['src-server', 'bench', 'tests']));
  foundShared = violationsOf(cruise(scratchTree(sharedFixtures), ['shared']));
  foundSharedInOrder = violationsOf(cruise(scratchTree(sharedInOrder), ['shared']));
}, 120_000);

afterAll(() => {
  for (const scratch of scratches) rmSync(scratch, { recursive: true, force: true });
});

describe('the server module rules on a small server', () => {
  it.each(expected)('$rule: $from → $to', (violation) => {
    expect(found).toContainEqual(violation);
  });

  it('report nothing else (faces, tests, imports down the layers are accepted)', () => {
    expect([...found].sort(byText)).toEqual([...expected].sort(byText));
  });
});

describe('the shared folder rules on a small shared/', () => {
  it.each(expectedShared)('$rule: $from → $to', (violation) => {
    expect(foundShared).toContainEqual(violation);
  });

  it('report nothing else', () => {
    expect([...foundShared].sort(byText)).toEqual([...expectedShared].sort(byText));
  });

  it('accept every import down the order, and tests reading upward', () => {
    expect(foundSharedInOrder).toEqual([]);
  });
});

describe('the real tree', () => {
  it('keeps every module rule and the order of the shared folders', () => {
    const report = cruise(repo, ['src-server', 'shared', 'bench', 'scripts']);
    expect(report.summary.totalCruised).toBeGreaterThan(300);
    expect(violationsOf(report)).toEqual([]);
  }, 60_000);
});
