import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRelease } from '../../scripts/desktop-release.ts';
import { accountWithRoles } from './support/catalog.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/test-app.ts';

const FEED_BASE = `${TEST_ORIGIN}/desktop/updates/`;
const SETUP = 'Ironsight-Setup-1.4.0.exe';
const APP_IMAGE = 'Ironsight-1.4.0-x86_64.AppImage';
const setupBytes = randomBytes(200_000);
const appImageBytes = randomBytes(50_000);
const sha512 = (data: Uint8Array) => createHash('sha512').update(data).digest('base64');

let t: TestApp;
let root: string;
let updates: string;
const callers: Record<'visitor' | 'buyer' | 'seller' | 'admin' | 'signedOutToken', Record<string, string>> = {
  visitor: {},
  buyer: {},
  seller: {},
  admin: {},
  // A token the server no longer accepts: a public file answers all the same.
  signedOutToken: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1bmlxdWVfbmFtZSI6IngifQ.bad' },
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ironsight-desktop-updates-'));
  updates = path.join(root, 'updates');
  const built = path.join(root, 'dist');
  await mkdir(built);
  await writeFile(path.join(built, SETUP), setupBytes);
  await writeFile(path.join(built, `${SETUP}.blockmap`), randomBytes(500));
  await writeFile(path.join(built, APP_IMAGE), appImageBytes);
  await publishRelease({ from: built, to: updates, version: '1.4.0', stagingPercentage: 30 });
  // What must never be served from or through the folder.
  await writeFile(path.join(root, 'secret.yml'), 'password: hunter2\n');
  await symlink(path.join(root, 'secret.yml'), path.join(updates, 'linked.yml'));
  await writeFile(path.join(updates, '.updaterId'), 'hidden');
  await writeFile(path.join(updates, 'notes.txt'), 'not an update file');
  await mkdir(path.join(updates, 'old.zip'));

  t = await createTestApp({ desktopUpdatesDir: updates });
  for (const [caller, roles] of [
    ['buyer', ['Buyer']],
    ['seller', ['Seller']],
    ['admin', ['Admin']],
  ] as const) {
    callers[caller] = { authorization: (await accountWithRoles(t.database.db, [...roles])).authorization };
  }
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /desktop/updates/<feed>', () => {
  it.each(Object.keys(callers) as Array<keyof typeof callers>)(
    'answers the feed to the %s, never kept stale, as the desktop client reads it',
    async (caller) => {
      // electron-updater adds a query to defeat caches in between.
      const res = await get('/desktop/updates/latest.yml?noCache=1k2j3', callers[caller]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-disposition']).toBeUndefined();
      const info = parseUpdateInfo(res.body, 'latest.yml', new URL(`${FEED_BASE}latest.yml`));
      expect(info).toMatchObject({
        version: '1.4.0',
        stagingPercentage: 30,
        path: SETUP,
        sha512: sha512(setupBytes),
      });
      expect(resolveFiles(info, new URL(FEED_BASE)).map((file) => file.url.href)).toEqual([
        `${FEED_BASE}${SETUP}`,
      ]);
    },
  );

  it('answers 304 while the caller holds the current feed', async () => {
    const first = await get('/desktop/updates/latest-linux.yml');
    expect(first.statusCode).toBe(200);
    const again = await get('/desktop/updates/latest-linux.yml', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a platform with no release (the client reports no update feed)', async () => {
    const res = await get('/desktop/updates/latest-mac.yml');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('GET /desktop/updates/<installer>', () => {
  it.each(Object.keys(callers) as Array<keyof typeof callers>)(
    'lets the %s download the installer the feed names, with the hash the feed gives',
    async (caller) => {
      const feed = parseUpdateInfo(
        (await get('/desktop/updates/latest-linux.yml')).body,
        'latest-linux.yml',
        new URL(`${FEED_BASE}latest-linux.yml`),
      );
      const [file] = resolveFiles(feed, new URL(FEED_BASE));
      const res = await get(file!.url.pathname, callers[caller]);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(appImageBytes)).toBe(true);
      expect(sha512(res.rawPayload)).toBe(file!.info.sha512);
      expect(res.headers).toMatchObject({
        'content-type': 'application/vnd.appimage',
        'content-length': String(appImageBytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        'content-disposition': `attachment; filename="${APP_IMAGE}"`,
        'x-content-type-options': 'nosniff',
      });
    },
  );

  it('is never compressed on the way, even when the client accepts it', async () => {
    const res = await get(`/desktop/updates/${SETUP}`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/vnd.microsoft.portable-executable');
    expect(res.rawPayload.equals(setupBytes)).toBe(true);
  });

  it('serves the block map beside its installer, for downloads of the changed blocks only', async () => {
    const res = await get(`/desktop/updates/${SETUP}.blockmap`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('resumes a download from a byte range, and refuses one past the end', async () => {
    const part = await get(`/desktop/updates/${SETUP}`, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${setupBytes.length}`);
    expect(part.rawPayload.equals(setupBytes.subarray(1000, 2000))).toBe(true);

    const tail = await get(`/desktop/updates/${SETUP}`, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(setupBytes.subarray(setupBytes.length - 100))).toBe(true);

    const past = await get(`/desktop/updates/${SETUP}`, { range: `bytes=${setupBytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${setupBytes.length}`);

    // A range of a copy that has changed since would splice two files: the whole file answers.
    const stale = await get(`/desktop/updates/${SETUP}`, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(setupBytes.length);
  });

  it('answers HEAD with the size and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/desktop/updates/${SETUP}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(setupBytes.length));
    expect(res.body).toBe('');
  });

  it('answers 404 for an installer that is not there', async () => {
    const res = await get('/desktop/updates/Ironsight-Setup-9.9.9.exe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('the updates folder is read-only and closed', () => {
  it.each([
    ['a parent folder, encoded', '/desktop/updates/..%2Fsecret.yml'],
    ['a parent folder, encoded twice', '/desktop/updates/..%252Fsecret.yml'],
    ['a parent folder, dots encoded', '/desktop/updates/%2e%2e%2fsecret.yml'],
    ['a backslash path', '/desktop/updates/..%5Csecret.yml'],
    ['an absolute path', `/desktop/updates/${encodeURIComponent('/etc/passwd')}`],
    ['a link out of the folder', '/desktop/updates/linked.yml'],
    ['a hidden file', '/desktop/updates/.updaterId'],
    ['a file of another kind', '/desktop/updates/notes.txt'],
    ['a folder', '/desktop/updates/old.zip'],
    ['a NUL byte', '/desktop/updates/latest.yml%00.exe'],
  ])('refuses %s', async (_what, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('hidden');
  });

  it('a path that climbs out never reaches the folder or the disk', async () => {
    const res = await get('/desktop/updates/../../secret.yml');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hunter2');
  });

  it.each(['PUT', 'POST', 'DELETE'] as const)('takes no %s', async (method) => {
    const res = await t.app.inject({ method, url: '/desktop/updates/latest.yml', payload: 'version: 9.9.9' });
    expect(res.statusCode).toBe(404);
    expect((await get('/desktop/updates/latest.yml')).body).toContain("version: '1.4.0'");
  });
});

describe('without an updates folder', () => {
  it('answers 404 until the release step has made it', async () => {
    const other = await createTestApp({ desktopUpdatesDir: path.join(root, 'not-yet') });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/desktop/updates/latest.yml' })).statusCode).toBe(
        404,
      );
    } finally {
      await other.close();
    }
  });
});
