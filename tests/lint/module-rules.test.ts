import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's module rules of .dependency-cruiser.cjs (one face per module, no loop between
 * folders, layers), checked on a small server laid out like src-server in a scratch folder, beside
 * a copy of the real configuration; then the real src-server, bench/ and scripts/ are checked clean
 * with the same command as `npm run lint`.
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

const byText = (a: Violation, b: Violation) =>
  `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`);

let scratch = '';
let found: Violation[] = [];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'ironsight-module-rules-'));
  copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(scratch, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true },
    }),
  );
  for (const [file, source] of Object.entries(fixtures)) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), source);
  }
  found = violationsOf(cruise(scratch, ['src-server', 'bench', 'tests']));
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the server module rules on a small server', () => {
  it.each(expected)('$rule: $from → $to', (violation) => {
    expect(found).toContainEqual(violation);
  });

  it('report nothing else (faces, tests, imports down the layers are accepted)', () => {
    expect([...found].sort(byText)).toEqual([...expected].sort(byText));
  });
});

describe('the real server', () => {
  it('keeps every module rule', () => {
    const report = cruise(repo, ['src-server', 'bench', 'scripts']);
    expect(report.summary.totalCruised).toBeGreaterThan(300);
    expect(violationsOf(report)).toEqual([]);
  }, 60_000);
});
