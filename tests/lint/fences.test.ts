import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import fences of biome.json and its rule against casts through `unknown`, checked on small
 * fixture files. The fixtures live in a scratch folder laid out like the repository, beside a copy
 * of the real biome.json and its plugins: Biome applies its overrides by path, so a fixture at
 * `src-renderer/features/a/x.ts` there is linted exactly as a file at that path here, without ever
 * putting a failing file in the working tree.
 */

const repo = resolve(import.meta.dirname, '../..');
const biome = join(repo, 'node_modules', '.bin', 'biome');

interface Fixture {
  /** Where the importing file sits, as in the repository. */
  file: string;
  /** The import specifier it writes. */
  from: string;
  /** How it imports: a default import unless named. */
  form?: 'export from' | 'dynamic import' | 'type import';
}

const sourceOf = ({ from, form }: Fixture) => {
  if (form === 'export from') return `export * from '${from}';\n`;
  if (form === 'dynamic import') return `export const load = () => import('${from}');\n`;
  if (form === 'type import') return `import type { T } from '${from}';\n\nexport type U = T;\n`;
  return `import x from '${from}';\n\nexport default x;\n`;
};

const crossFeature: Fixture[] = [
  { file: 'src-renderer/features/a/x.ts', from: '../b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../b' },
  { file: 'src-renderer/features/a/x.ts', from: '..' },
  { file: 'src-renderer/features/a/x.ts', from: '../../features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../../features/b/api/y.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../../../src-renderer/features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '/srv/ironsight/src-renderer/features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: 'src-renderer/features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '@/features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: './../b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: './api/../../b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../a/../b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../../lib/../features/b/x.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../b/x.ts', form: 'export from' },
  { file: 'src-renderer/features/a/x.ts', from: '../../features/b/x.ts', form: 'dynamic import' },
  { file: 'src-renderer/features/a/x.ts', from: '../../features/b/x.ts', form: 'type import' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../b/x.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../b/api/y.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../../features/b/x.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../../../src-renderer/features/b/x.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../other/../../b/x.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../../b/x.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../../../features/b/x.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../../../../../src-renderer/features/b/x.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../../a/../b/x.ts' },
];

/**
 * Pages, the app shell and the entry files reach a feature only through its face,
 * `features/<name>/index.ts`: every other file of a feature is refused, however the path is written.
 */
const pastTheFace: Fixture[] = [
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/api/use-y.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/api/deep/y.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/api/index.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: './../../features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../lib/../features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/c/../b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index.ts/../x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/./b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../../src-renderer/features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '/srv/ironsight/src-renderer/features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: 'src-renderer/features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '@/features/b/x.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/x.tsx', form: 'export from' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/x.tsx', form: 'dynamic import' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/x.tsx', form: 'type import' },
  { file: 'src-renderer/pages/page-frame.tsx', from: '../features/b/x.tsx' },
  { file: 'src-renderer/pages/dashboard/deep/x-page.tsx', from: '../../../features/b/api/y.ts' },
  { file: 'src-renderer/app/app.tsx', from: '../features/b/x.tsx' },
  { file: 'src-renderer/app/layout/app-layout.tsx', from: '../../features/b/x.tsx' },
  { file: 'src-renderer/app/layout/app-layout.tsx', from: '../../features/b/x.tsx', form: 'dynamic import' },
  { file: 'src-renderer/main.tsx', from: './features/b/x.tsx' },
  { file: 'src-renderer/entry-server.tsx', from: './features/b/api/y.ts' },
  { file: 'src-renderer/hydrate.ts', from: './features/b/x.tsx', form: 'dynamic import' },
];

const domainToContract: Fixture[] = [
  { file: 'shared/domain/x.ts', from: '../contract/common.ts' },
  { file: 'shared/domain/x.ts', from: '../../shared/contract/listings.ts' },
  { file: 'shared/domain/x.ts', from: './../contract/common.ts' },
];

const legal: Fixture[] = [
  { file: 'src-renderer/features/a/x.ts', from: './y.ts' },
  { file: 'src-renderer/features/a/x.ts', from: './api/z.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../../ui/button.tsx' },
  { file: 'src-renderer/features/a/x.ts', from: '../../lib/api-client.ts' },
  { file: 'src-renderer/features/a/x.ts', from: '../../components/page-title.tsx' },
  { file: 'src-renderer/features/a/x.ts', from: '../../../shared/domain/listing.ts' },
  { file: 'src-renderer/features/a/x.ts', from: 'react' },
  { file: 'src-renderer/features/a/x.ts', from: '@tanstack/react-query' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../y.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: './z.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../../lib/api-client.ts' },
  { file: 'src-renderer/features/a/api/x.ts', from: '../../../../shared/contract/listings.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../y.ts' },
  { file: 'src-renderer/features/a/api/deep/x.ts', from: '../../../../ui/button.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index.ts', form: 'export from' },
  {
    file: 'src-renderer/pages/home/home-page.tsx',
    from: '../../features/b/index.ts',
    form: 'dynamic import',
  },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/b/index.ts', form: 'type import' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../features/ffl-finder/index.ts' },
  { file: 'src-renderer/pages/page-frame.tsx', from: '../features/b/index.ts' },
  { file: 'src-renderer/pages/dashboard/deep/x-page.tsx', from: '../../../features/b/index.ts' },
  { file: 'src-renderer/app/layout/app-layout.tsx', from: '../../features/b/index.ts' },
  { file: 'src-renderer/main.tsx', from: './features/b/index.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../lib/api-client.ts' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: '../../components/page-title.tsx' },
  { file: 'src-renderer/pages/home/home-page.tsx', from: './home-lists.tsx' },
  { file: 'src-renderer/pages/home/home-page.test.tsx', from: '../../features/b/x.tsx' },
  { file: 'src-renderer/app/layout/app-layout.test.tsx', from: '../../features/b/api/y.ts' },
  { file: 'src-renderer/testing/render-app.tsx', from: '../features/b/x.tsx' },
  { file: 'src-renderer/features/b/x.ts', from: './index.ts' },
  { file: 'shared/domain/x.ts', from: './listing.ts' },
  { file: 'shared/contract/x.ts', from: '../domain/listing.ts' },
];

/** Files that cast through `unknown`, and whether the product-code rule must refuse them. */
const doubleCasts: { file: string; refused: boolean }[] = [
  { file: 'src-server/modules/a/cast.ts', refused: true },
  { file: 'src-server/db/cast.ts', refused: true },
  { file: 'src-renderer/features/a/cast.tsx', refused: true },
  { file: 'src-main/cast.ts', refused: true },
  { file: 'src-preload/cast.ts', refused: true },
  { file: 'shared/domain/cast.ts', refused: true },
  { file: 'src-server/modules/a/cast.test.ts', refused: false },
  { file: 'src-renderer/features/a/cast.test.tsx', refused: false },
  { file: 'src-renderer/testing/cast.ts', refused: false },
];
const DOUBLE_CAST = "export const count = ('1' as unknown as number) + 1;\n";

/** A component of `lines` lines (its opening and closing lines included). */
const componentOf = (lines: number) =>
  `export function Long() {\n${'  console.info(1);\n'.repeat(lines - 3)}  return null;\n}\n`;
/**
 * Components by length and place, and whether the renderer's rule must refuse them: no component over
 * 200 lines, its first and last lines included (Biome counts the lines between them: `maxLines` 198).
 */
const components: { file: string; lines: number; refused: boolean }[] = [
  { file: 'src-renderer/features/a/long.tsx', lines: 201, refused: true },
  { file: 'src-renderer/ui/long.tsx', lines: 260, refused: true },
  { file: 'src-renderer/features/a/fits.tsx', lines: 200, refused: false },
  { file: 'src-renderer/features/a/long.test.tsx', lines: 260, refused: false },
];

let scratch = '';
/** The diagnostic categories Biome reported, by fixture path. */
const refused = new Map<string, string[]>();
const reported = (path: string, category: string) =>
  [...refused].some(
    ([file, categories]) => (file === path || file.endsWith(`/${path}`)) && categories.includes(category),
  );
const fixturePath = (fixture: Fixture, index: number) =>
  fixture.file.replace(/(\.test)?\.tsx?$/, (ext) => `-${index}${ext}`);

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'ironsight-fences-'));
  const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  cpSync(join(repo, 'biome-plugins'), join(scratch, 'biome-plugins'), { recursive: true });
  for (const { file } of doubleCasts) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), DOUBLE_CAST);
  }
  for (const { file, lines } of components) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), componentOf(lines));
  }
  [...crossFeature, ...pastTheFace, ...domainToContract, ...legal].forEach((fixture, index) => {
    const path = join(scratch, fixturePath(fixture, index));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, sourceOf(fixture));
  });
  let report = '';
  try {
    report = execFileSync(
      biome,
      ['lint', '--vcs-enabled=false', '--max-diagnostics=none', '--reporter=json', '.'],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits non-zero when it finds errors; the report is still on stdout.
    report = (error as { stdout: string }).stdout;
  }
  const parsed = JSON.parse(report) as {
    diagnostics: { category?: string; location?: { path?: string | { file?: string } } }[];
  };
  for (const diagnostic of parsed.diagnostics) {
    if (!diagnostic.category) continue;
    const raw = diagnostic.location?.path;
    const file = (typeof raw === 'string' ? raw : (raw?.file ?? '')).replaceAll('\\', '/');
    refused.set(file, [...(refused.get(file) ?? []), diagnostic.category]);
  }
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const isRefused = (fixture: Fixture, list: Fixture[], offset: number) =>
  reported(fixturePath(fixture, offset + list.indexOf(fixture)), 'lint/style/noRestrictedImports');

describe('the feature fence of the renderer', () => {
  it.each(crossFeature)('refuses $from in $file ($form)', (fixture) => {
    expect(isRefused(fixture, crossFeature, 0)).toBe(true);
  });
});

describe('the faces of the features', () => {
  it.each(pastTheFace)('refuses $from in $file ($form)', (fixture) => {
    expect(isRefused(fixture, pastTheFace, crossFeature.length)).toBe(true);
  });
});

describe('the layer fence of shared/', () => {
  it.each(domainToContract)('refuses $from in $file', (fixture) => {
    expect(isRefused(fixture, domainToContract, crossFeature.length + pastTheFace.length)).toBe(true);
  });
});

describe('imports inside the fences', () => {
  it.each(legal)('accepts $from in $file ($form)', (fixture) => {
    expect(
      isRefused(fixture, legal, crossFeature.length + pastTheFace.length + domainToContract.length),
    ).toBe(false);
  });
});

describe('casts through unknown', () => {
  it.each(doubleCasts)('in $file: refused $refused', ({ file, refused: expected }) => {
    expect(reported(file, 'plugin')).toBe(expected);
  });
});

describe('components of the renderer', () => {
  it.each(components)('$lines lines in $file: refused $refused', ({ file, refused: expected }) => {
    expect(reported(file, 'lint/complexity/noExcessiveLinesPerFunction')).toBe(expected);
  });
});
