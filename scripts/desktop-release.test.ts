import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  feedsFor,
  feedTargetOf,
  feedYaml,
  isOfVersion,
  publishRelease,
  type UpdateFeed,
} from './desktop-release.ts';

const RELEASED_AT = new Date('2026-03-14T15:09:26.000Z');
const base64Sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64');

/** Reads a feed the way the desktop client does: electron-updater's own parser and file resolver. */
function asClientReadsIt(text: string, feedName: string) {
  const url = new URL(`https://ironsight.example/desktop/updates/${feedName}`);
  const info = parseUpdateInfo(text, feedName, url);
  return { info, files: resolveFiles(info, new URL('https://ironsight.example/desktop/updates/')) };
}

let root: string;
let from: string;
let to: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ironsight-release-'));
  from = path.join(root, 'dist');
  to = path.join(root, 'updates');
  await mkdir(from);
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function built(name: string, bytes = 4096): Promise<Uint8Array> {
  const data = new Uint8Array(randomBytes(bytes));
  await writeFile(path.join(from, name), data);
  return data;
}

describe('which feed an installer belongs in', () => {
  it.each([
    ['Ironsight-Setup-1.2.3.exe', 'windows'],
    ['Ironsight-1.2.3-arm64-mac.zip', 'mac'],
    ['Ironsight-1.2.3-arm64.dmg', 'mac'],
    ['Ironsight-1.2.3-x86_64.AppImage', 'linux'],
    ['Ironsight-1.2.3-amd64.deb', 'linux'],
    ['Ironsight-1.2.3-x86_64.rpm', 'linux'],
    ['Ironsight-1.2.3-arm64.AppImage', 'linuxArm64'],
    ['Ironsight-1.2.3-aarch64.rpm', 'linuxArm64'],
    ['Ironsight-1.2.3-armv7l.deb', 'linuxArmv7l'],
    ['Ironsight-Setup-1.2.3.exe.blockmap', null],
    ['latest.yml', null],
    ['builder-debug.yml', null],
  ])('%s → %s', (name, target) => {
    expect(feedTargetOf(name)).toBe(target);
  });

  it('takes only the version asked for', () => {
    expect(isOfVersion('Ironsight-Setup-1.2.3.exe', '1.2.3')).toBe(true);
    expect(isOfVersion('Ironsight-1.2.3-x86_64.AppImage', '1.2.3')).toBe(true);
    expect(isOfVersion('Ironsight-Setup-1.2.30.exe', '1.2.3')).toBe(false);
    expect(isOfVersion('Ironsight-Setup-11.2.3.exe', '1.2.3')).toBe(false);
    expect(isOfVersion('Ironsight-1.2.3-beta.1-x86_64.AppImage', '1.2.3-beta.1')).toBe(true);
  });
});

describe('the feed files', () => {
  it('are read back by electron-updater as written, a version like 1.10.0 staying a string', () => {
    const feed: UpdateFeed = {
      version: '1.10.0',
      files: [{ url: "Iron'sight-Setup-1.10.0.exe", sha512: 'a+b/c==', size: 42 }],
      path: "Iron'sight-Setup-1.10.0.exe",
      sha512: 'a+b/c==',
      releaseDate: RELEASED_AT.toISOString(),
      stagingPercentage: 25,
    };
    const { info } = asClientReadsIt(feedYaml(feed), 'latest.yml');
    expect(info).toEqual(feed);
  });

  it('list the macOS ZIP before the DMG, and group Linux by architecture', () => {
    const file = (url: string) => ({ url, sha512: 'x', size: 1 });
    const feeds = feedsFor(
      [
        file('Ironsight-1.2.3-arm64.dmg'),
        file('Ironsight-1.2.3-arm64-mac.zip'),
        file('Ironsight-1.2.3-x86_64.AppImage'),
        file('Ironsight-1.2.3-amd64.deb'),
        file('Ironsight-1.2.3-arm64.AppImage'),
      ],
      { version: '1.2.3', releaseDate: RELEASED_AT.toISOString() },
    );
    expect([...feeds.keys()].sort()).toEqual([
      'latest-linux-arm64.yml',
      'latest-linux.yml',
      'latest-mac.yml',
    ]);
    expect(feeds.get('latest-mac.yml')?.files.map((f) => f.url)).toEqual([
      'Ironsight-1.2.3-arm64-mac.zip',
      'Ironsight-1.2.3-arm64.dmg',
    ]);
    expect(feeds.get('latest-mac.yml')?.path).toBe('Ironsight-1.2.3-arm64-mac.zip');
    expect(feeds.get('latest-linux.yml')?.files.map((f) => f.url)).toEqual([
      'Ironsight-1.2.3-amd64.deb',
      'Ironsight-1.2.3-x86_64.AppImage',
    ]);
    expect(feeds.get('latest-linux.yml')).not.toHaveProperty('stagingPercentage');
  });
});

describe('publishing a release into the updates folder', () => {
  it("copies the version's installers and block maps and writes each feed with their hash and size", async () => {
    const setup = await built('Ironsight-Setup-1.2.3.exe', 10_000);
    const blockMap = await built('Ironsight-Setup-1.2.3.exe.blockmap', 300);
    const appImage = await built('Ironsight-1.2.3-x86_64.AppImage', 7000);
    await built('Ironsight-Setup-1.2.2.exe');
    await writeFile(path.join(from, 'latest.yml'), 'version: 1.2.2\n');
    await writeFile(path.join(from, 'builder-debug.yml'), 'x: 1\n');

    const summary = await publishRelease({
      from,
      to,
      version: '1.2.3',
      stagingPercentage: 20,
      now: () => RELEASED_AT,
    });

    expect((await readdir(to)).sort()).toEqual([
      'Ironsight-1.2.3-x86_64.AppImage',
      'Ironsight-Setup-1.2.3.exe',
      'Ironsight-Setup-1.2.3.exe.blockmap',
      'latest-linux.yml',
      'latest.yml',
    ]);
    expect(new Uint8Array(await readFile(path.join(to, 'Ironsight-Setup-1.2.3.exe')))).toEqual(setup);
    expect(new Uint8Array(await readFile(path.join(to, 'Ironsight-Setup-1.2.3.exe.blockmap')))).toEqual(
      blockMap,
    );
    expect(summary.copied).toHaveLength(3);

    const windows = asClientReadsIt(await readFile(path.join(to, 'latest.yml'), 'utf8'), 'latest.yml');
    expect(windows.info).toEqual({
      version: '1.2.3',
      files: [{ url: 'Ironsight-Setup-1.2.3.exe', sha512: base64Sha512(setup), size: 10_000 }],
      path: 'Ironsight-Setup-1.2.3.exe',
      sha512: base64Sha512(setup),
      releaseDate: '2026-03-14T15:09:26.000Z',
      stagingPercentage: 20,
    });
    expect(windows.files[0]?.url.href).toBe(
      'https://ironsight.example/desktop/updates/Ironsight-Setup-1.2.3.exe',
    );
    const linux = asClientReadsIt(
      await readFile(path.join(to, 'latest-linux.yml'), 'utf8'),
      'latest-linux.yml',
    );
    expect(linux.info.files).toEqual([
      { url: 'Ironsight-1.2.3-x86_64.AppImage', sha512: base64Sha512(appImage), size: 7000 },
    ]);
  });

  it('widens a rollout without copying again, keeping the release date', async () => {
    await built('Ironsight-Setup-1.2.3.exe');
    await publishRelease({ from, to, version: '1.2.3', stagingPercentage: 10, now: () => RELEASED_AT });
    const later = new Date(RELEASED_AT.getTime() + 86_400_000);
    const summary = await publishRelease({
      from,
      to,
      version: '1.2.3',
      stagingPercentage: 50,
      now: () => later,
    });

    expect(summary.copied).toEqual([]);
    expect(summary.alreadyThere).toEqual(['Ironsight-Setup-1.2.3.exe']);
    const { info } = asClientReadsIt(await readFile(path.join(to, 'latest.yml'), 'utf8'), 'latest.yml');
    expect(info.stagingPercentage).toBe(50);
    expect(info.releaseDate).toBe(RELEASED_AT.toISOString());
  });

  it("leaves another platform's feed alone and no temporary file behind", async () => {
    await mkdir(to);
    await writeFile(path.join(to, 'latest-mac.yml'), "version: '1.2.2'\n");
    await built('Ironsight-1.2.3-x86_64.AppImage');
    await publishRelease({ from, to, version: '1.2.3', now: () => RELEASED_AT });
    expect((await readdir(to)).sort()).toEqual([
      'Ironsight-1.2.3-x86_64.AppImage',
      'latest-linux.yml',
      'latest-mac.yml',
    ]);
    expect(await readFile(path.join(to, 'latest-mac.yml'), 'utf8')).toBe("version: '1.2.2'\n");
  });

  it('refuses a release with no installer, a malformed version or percentage', async () => {
    await built('Ironsight-Setup-1.2.2.exe');
    await expect(publishRelease({ from, to, version: '1.2.3' })).rejects.toThrow(
      'No installer of version 1.2.3',
    );
    await expect(publishRelease({ from, to, version: '1.2' })).rejects.toThrow('Not a version');
    await expect(publishRelease({ from, to, version: '1.2.2', stagingPercentage: 150 })).rejects.toThrow(
      'whole number from 0 to 100',
    );
  });
});
