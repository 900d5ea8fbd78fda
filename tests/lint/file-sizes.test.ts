import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Product files stay small enough to read in one sitting: none over 500 lines. (React components
 * over 200 lines are caught by Biome's noExcessiveLinesPerFunction in biome.json.) Tests, fixtures
 * and generated migrations are not product files.
 */
const MAX_LINES = 500;
const repo = resolve(import.meta.dirname, '../..');
const PRODUCT_FOLDERS = [
  'shared',
  'src-main',
  'src-preload',
  'src-renderer',
  'src-server',
  'scripts',
  'bench',
];
const NOT_PRODUCT = /(\.test\.tsx?$|\/testing\/|\/migrations\/|\/fixtures\/)/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)))
    .filter((file) => !NOT_PRODUCT.test(file));
}

const lineCount = (file: string) => readFileSync(join(repo, file), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  it(`no product file passes ${MAX_LINES} lines`, () => {
    const files = PRODUCT_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
