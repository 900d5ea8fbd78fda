import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderArguments } from './dist.ts';

let folder: string;
let archive: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ironsight-electron-'));
  archive = path.join(folder, 'electron-v45.4.1-linux-x64.zip');
  await writeFile(archive, 'zip');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("electron-builder's arguments for npm run dist", () => {
  it('without settings: the arguments given, and no publishing (the release step publishes)', () => {
    expect(builderArguments({}, ['--linux', 'deb'])).toEqual(['--linux', 'deb', '--publish', 'never']);
    expect(builderArguments({ ELECTRON_DIST_DIR: ' ', IRONSIGHT_UPDATE_URL: '' }, [])).toEqual([
      '--publish',
      'never',
    ]);
  });

  it('packages from a local Electron archive or folder instead of downloading one', () => {
    expect(builderArguments({ ELECTRON_DIST_DIR: archive }, [])).toContain(
      `--config.electronDist=${archive}`,
    );
    expect(
      builderArguments({ ELECTRON_DIST_DIR: path.basename(folder) }, [], path.dirname(folder)),
    ).toContain(`--config.electronDist=${folder}`);
    expect(() => builderArguments({ ELECTRON_DIST_DIR: path.join(folder, 'missing') }, [])).toThrow(
      'ELECTRON_DIST_DIR does not exist',
    );
  });

  it('writes the update feed into the installed app, an http(s) address only', () => {
    expect(
      builderArguments({ IRONSIGHT_UPDATE_URL: 'https://ironsight.example/desktop/updates/' }, []),
    ).toEqual([
      '--publish',
      'never',
      '--config.publish.provider=generic',
      '--config.publish.url=https://ironsight.example/desktop/updates/',
    ]);
    expect(() => builderArguments({ IRONSIGHT_UPDATE_URL: 'file:///etc/updates' }, [])).toThrow(
      'not an http(s) address',
    );
  });
});
