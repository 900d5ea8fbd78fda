import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_FACE } from '../../vite.feature-faces.ts';

/**
 * Each feature of the renderer has a face, `features/<name>/index.ts`: what pages, the app shell and
 * the entry files may use of it (biome.json refuses their imports of any other file of a feature).
 * A face only re-exports, from its own folder, by name: the web and desktop builds take a face for
 * a module that runs nothing (vite.feature-faces.ts), so that a screen importing one part of a
 * feature does not get the others. And it names only what is used outside the feature.
 */

const repo = resolve(import.meta.dirname, '../..');
const renderer = join(repo, 'src-renderer');
const features = readdirSync(join(renderer, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const faceOf = (feature: string) => join(renderer, 'features', feature, 'index.ts');

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
/** `export { a, type B } from './x.ts'`, the only statement a face may hold. */
const RE_EXPORT = /^export (?:type )?\{([^}]*)\} from '\.\/[^']+';$/;
const namesIn = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim().replace(/^type /, ''))
    .filter(Boolean);

const statementsOf = (feature: string) =>
  withoutComments(readFileSync(faceOf(feature), 'utf8'))
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((statement) => `${statement};`);

/** Renderer files outside the features, tests and test helpers left out. */
const outsideFiles = readdirSync(renderer, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => relative(renderer, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
  .filter((file) => !/^(features|testing)\/|\.test\.tsx?$/.test(file));
/** Names imported from each face by those files. */
const usedNames = new Map<string, Set<string>>();
for (const file of outsideFiles) {
  const source = readFileSync(join(renderer, file), 'utf8');
  for (const [, names, feature] of source.matchAll(
    /import (?:type )?\{([^}]*)\} from '[./]*\/?features\/([^/']+)\/index\.ts'/g,
  )) {
    const used = usedNames.get(feature as string) ?? new Set<string>();
    for (const name of namesIn(names as string)) used.add(name);
    usedNames.set(feature as string, used);
  }
}

describe('the faces of the features', () => {
  it('finds the features', () => {
    expect(features.length).toBeGreaterThan(20);
    expect(outsideFiles.length).toBeGreaterThan(50);
  });

  it.each(features)('%s has a face the builds know as one', (feature) => {
    expect(existsSync(faceOf(feature))).toBe(true);
    expect(FEATURE_FACE.test(faceOf(feature))).toBe(true);
  });

  it.each(features)('the face of %s only re-exports from its own folder, by name', (feature) => {
    const statements = statementsOf(feature);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => !RE_EXPORT.test(statement))).toEqual([]);
  });

  it.each(features)('the face of %s names only what is used outside the feature', (feature) => {
    const exported = statementsOf(feature).flatMap((statement) =>
      namesIn(RE_EXPORT.exec(statement)?.[1] ?? ''),
    );
    const used = usedNames.get(feature) ?? new Set<string>();
    expect(exported.filter((name) => !used.has(name))).toEqual([]);
  });

  it('a module beside a face is not taken for one', () => {
    expect(FEATURE_FACE.test(join(renderer, 'features', 'listings', 'product-grid.tsx'))).toBe(false);
    expect(FEATURE_FACE.test(join(renderer, 'features', 'listings', 'api', 'index.ts'))).toBe(false);
    expect(FEATURE_FACE.test(join(renderer, 'pages', 'home', 'index.ts'))).toBe(false);
  });
});
