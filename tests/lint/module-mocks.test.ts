import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from '../../vitest.config.ts';

/**
 * The unit, renderer and API projects share one module graph across their files, where replacing
 * a module (`vi.mock`, `vi.doMock`) would depend on which file imported it first: every file that
 * does is named in MODULE_MOCKING_TESTS, which runs it with modules of its own (no API test does).
 */
const repo = resolve(import.meta.dirname, '../..');
const FOLDERS = [
  'shared',
  'src-server',
  'src-main',
  'src-renderer',
  'scripts',
  'bench',
  'tests/desktop',
  'tests/lint',
  'tests/api',
];

function testFiles(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => relative(repo, join(repo, folder, file)));
}

describe('test files that replace modules', () => {
  it('are each named in MODULE_MOCKING_TESTS, and every name there is such a file', () => {
    const mocking = FOLDERS.flatMap(testFiles).filter((file) =>
      /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(repo, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_TESTS.unit, ...MODULE_MOCKING_TESTS.renderer].sort());
  });
});
