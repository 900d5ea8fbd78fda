import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFfl } from '../../scripts/import-ffl.ts';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { lockDataFolder } from '../../src-server/db/data-lock.ts';
import { importLicensees } from '../../src-server/modules/ffl/import.ts';
import { parseLicenseeList } from '../../src-server/modules/ffl/licensee-list.ts';
import { allowSellerToReadLicenseCopy, findActiveDealer } from '../../src-server/modules/ffl/service.ts';
import { DEMO_DEALER_LICENSE, fflSeedPart } from '../../src-server/seed/ffl.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  tokenOf,
} from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';
import { cameraJpeg, multipartForm, PHOTO_GPS } from './support/uploads.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'ffl');
const fixture = (name: string) => readFile(path.join(FIXTURES, name), 'utf8');
const licensees = async (name: string) => parseLicenseeList(await fixture(name)).licensees;

interface SearchAnswer {
  total: number;
  page: number;
  pageSize: number;
  radius: number | null;
  results: {
    id: string;
    licenseNumber: string;
    businessName: string | null;
    licenseName: string;
    premiseCity: string;
    phone: string | null;
    transferFee: number | null;
    notes: string | null;
    registered: boolean;
    distanceMiles: number | null;
  }[];
}

describe('the federal licensee list and the dealer finder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const search = async (query: string): Promise<SearchAnswer> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ffl/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const count = async () =>
    (
      await queryRows<{ all: number; active: number }>(
        t.database.db,
        sql`select count(*)::int as all, count(*) filter (where active)::int as active from ffl_dealers`,
      )
    )[0];

  it('imports a list, and re-importing it in another delimiter duplicates nothing', async () => {
    expect(await importLicensees(t.database.db, await licensees('licensees.tsv'))).toEqual({
      added: 7,
      updated: 0,
      relisted: 0,
      retired: 0,
      duplicates: 0,
      unplaced: 0,
    });
    expect(await importLicensees(t.database.db, await licensees('licensees.csv'))).toMatchObject({
      added: 0,
      updated: 7,
      retired: 0,
    });
    expect(await importLicensees(t.database.db, await licensees('licensees-pipe.txt'))).toMatchObject({
      added: 0,
      updated: 7,
      retired: 0,
    });
    expect(await count()).toEqual({ all: 7, active: 7 });
  });

  it('finds dealers near a ZIP code nearest first, within the radius, only licences that receive transfers', async () => {
    const near = await search('zip=75207&radius=25');
    expect(near.radius).toBe(25);
    // Trinity Arms is in 75207 itself, the downtown licensee (75201) and Oak Lawn Pawn (75219) next;
    // the collector's licence (03) is not offered; Fort Worth is beyond 25 miles.
    expect(near.results.map((dealer) => dealer.licenseNumber)).toEqual([
      '5-75-113-01-8C-10001',
      '5-75-113-01-8D-10002',
      '5-75-113-02-9A-10003',
    ]);
    expect(near.total).toBe(3);
    const distances = near.results.map((dealer) => dealer.distanceMiles ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(1);
    expect(near.results[0]).toMatchObject({
      businessName: 'TRINITY ARMS',
      phone: '(214) 555-0101',
      transferFee: null,
      notes: null,
      registered: false,
    });

    const wider = await search('zip=75207&radius=50');
    expect(wider.results.map((dealer) => dealer.premiseCity)).toEqual([
      'DALLAS',
      'DALLAS',
      'DALLAS',
      'FORT WORTH',
    ]);
    expect(wider.results[3]?.distanceMiles).toBeGreaterThan(25);
    expect(wider.results[3]?.distanceMiles).toBeLessThan(50);
  });

  it('pages the results', async () => {
    const first = await search('zip=75207&radius=50&pageSize=2');
    const second = await search('zip=75207&radius=50&pageSize=2&page=2');
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect([...first.results, ...second.results].map((dealer) => dealer.premiseCity)).toEqual([
      'DALLAS',
      'DALLAS',
      'DALLAS',
      'FORT WORTH',
    ]);
  });

  it('finds dealers by business or licence name, case-insensitively, alone or near a ZIP code', async () => {
    expect((await search('name=trinity')).results.map((dealer) => dealer.licenseNumber)).toEqual([
      '5-75-113-01-8C-10001',
    ]);
    // The licence name when the trade name is empty.
    expect((await search('name=Smith%2C%20john')).results.map((dealer) => dealer.licenseName)).toEqual([
      'SMITH, JOHN A',
    ]);
    const byName = await search('name=arms');
    expect(byName.radius).toBeNull();
    expect(byName.results.map((dealer) => dealer.businessName)).toEqual(['BAYOU CITY ARMS', 'TRINITY ARMS']);
    expect(byName.results.every((dealer) => dealer.distanceMiles === null)).toBe(true);
    expect((await search('zip=75207&radius=250&name=ARMS')).results.map((d) => d.businessName)).toEqual([
      'TRINITY ARMS',
      'BAYOU CITY ARMS',
    ]);
    // LIKE wildcards typed by a person are plain text.
    expect((await search('name=%25')).total).toBe(0);
  });

  it.each([
    ['zip=75207&radius=4', 'radius'],
    ['zip=75207&radius=251', 'radius'],
    ['zip=75207&radius=ten', 'radius'],
    ['zip=7520', 'zip'],
    ['radius=25', 'zip'],
    ['', 'zip'],
  ])('refuses %j (field %s)', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ffl/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(`query.${field}`);
  });

  it('answers an unknown ZIP code with a field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ffl/search?zip=00000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'query.zip': 'Unknown zip code.' });
  });

  it('re-importing a newer list updates, adds and retires without duplicates; other states are untouched', async () => {
    const retiredId = (await search('name=smith')).results[0]?.id ?? '';
    expect(await importLicensees(t.database.db, await licensees('licensees-newer.tsv'))).toEqual({
      added: 1,
      updated: 5,
      relisted: 0,
      retired: 1,
      duplicates: 0,
      unplaced: 0,
    });
    expect(await count()).toEqual({ all: 8, active: 7 });
    expect((await search('name=smith')).total).toBe(0);
    expect((await search('name=trinity')).results[0]?.phone).toBe('(214) 555-9999');
    expect((await search('name=lone%20star')).results[0]?.distanceMiles).toBeNull();
    // The California dealer was not in this Texas list: still listed.
    expect((await search('name=golden%20state')).total).toBe(1);
    // A retired dealer stays readable by id (orders keep naming it) but cannot be chosen.
    const retired = await t.app.inject({ method: 'GET', url: `/api/ffl/dealers/${retiredId}` });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ licenseName: 'SMITH, JOHN A', active: false });
    expect(await findActiveDealer(t.database.db, retiredId)).toBeNull();

    // Listed again by a later list: the same row comes back.
    expect(await importLicensees(t.database.db, await licensees('licensees.tsv'))).toMatchObject({
      added: 0,
      relisted: 1,
      retired: 1,
    });
    expect(await count()).toEqual({ all: 8, active: 7 });
    expect((await findActiveDealer(t.database.db, retiredId))?.licenseName).toBe('SMITH, JOHN A');
  });

  it('keeps the last line of a licence number repeated in one list', async () => {
    const list = await licensees('licensees.tsv');
    const last = { ...list[0]!, phone: '(214) 555-7777' };
    const counts = await importLicensees(t.database.db, [...list, last]);
    expect(counts.duplicates).toBe(1);
    expect((await search('name=trinity')).results[0]?.phone).toBe('(214) 555-7777');
    expect(await count()).toEqual({ all: 8, active: 7 });
  });
});

const run = promisify(execFile);
const NODE = path.resolve('node_modules/.bin/node');

/**
 * The import command runs in this process on a test database (a new embedded database folder would
 * take most of the test's time to create and migrate), and once as the command itself.
 */
describe('npm run import:ffl', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Runs the command on the test database, which it leaves open; answers its exit code and output. */
  const importInProcess = async (args: string[]) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const keep =
      (lines: string[]) =>
      (...parts: unknown[]) => {
        lines.push(`${parts.join(' ')}\n`);
      };
    const spies = [
      vi.spyOn(console, 'info').mockImplementation(keep(stdout)),
      vi.spyOn(console, 'warn').mockImplementation(keep(stderr)),
      vi.spyOn(console, 'error').mockImplementation(keep(stderr)),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => stdout.push(String(chunk)) > 0),
    ];
    try {
      const code = await importFfl(args, async () => ({ ...database, close: async () => {} }));
      return { code, stdout: stdout.join(''), stderr: stderr.join('') };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  };

  it('imports a list and prints its counts', async () => {
    const first = await importInProcess([path.join(FIXTURES, 'licensees-pipe.txt')]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Read 7 licences');
    expect(first.stdout).toContain('pipe-separated, without a header line');
    expect(first.stderr).toContain('line 4: Expected 17 fields, found 16.');
    expect(first.stdout).toContain('Added 7, updated 0 (0 listed again), retired 0.');
    const second = await importInProcess([path.join(FIXTURES, 'licensees-newer.tsv')]);
    expect(second.stdout).toContain('Added 1, updated 5 (0 listed again), retired 1.');
  });

  it('prints its help', async () => {
    const help = await importInProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('stop the server first');
    expect((await importInProcess([])).code).toBe(2);
  });

  it('as a command, opens the embedded database of DATA_DIR and refuses while a server holds it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-ffl-import-'));
    const release = await lockDataFolder(path.join(dataDir, 'pglite'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
      delete env.DATABASE_URL;
      const failure = await run(NODE, ['scripts/import-ffl.ts', path.join(FIXTURES, 'licensees.tsv')], {
        env,
      }).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain('Read 7 licences');
      expect(failure?.stderr).toContain(`already using the data folder ${path.join(dataDir, 'pglite')}`);
      expect(failure?.stderr).toContain('Stop the server, run the import, then start the server again.');
    } finally {
      await release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Dealer profiles and licence copies
// ---------------------------------------------------------------------------------------------

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherDealer' | 'dealer' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherDealer', 'dealer', 'admin'];

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('dealer profiles and licence copies', () => {
  let t: AccountsTestApp;
  const tokens: Record<Caller, string | undefined> = {
    visitor: undefined,
    buyer: undefined,
    seller: undefined,
    anotherDealer: undefined,
    dealer: undefined,
    admin: undefined,
  };
  let demoDealerId = '';

  beforeAll(async () => {
    t = await createAccountsTestApp();
    // The sample list first: importing a Texas list retires the Texas dealers it does not hold.
    await importLicensees(t.database.db, await licensees('licensees.tsv'));
    await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [fflSeedPart]);
    // A second dealer account, not yet linked to a licence.
    await t.database.db.execute(
      sql`update users set is_dealer = true where id = ${DEMO_ACCOUNTS.newSeller.id}`,
    );
    tokens.buyer = await tokenOf(t.app, 'buyer');
    tokens.seller = await tokenOf(t.app, 'seller');
    tokens.anotherDealer = await tokenOf(t.app, 'newSeller');
    tokens.dealer = await tokenOf(t.app, 'dealer');
    tokens.admin = await tokenOf(t.app, 'admin');
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from ffl_dealers where license_number = ${DEMO_DEALER_LICENSE}`,
    );
    demoDealerId = rows[0]?.id ?? '';
  });
  afterAll(() => t.close());

  const upload = (
    caller: Caller,
    data: Buffer,
    filename = 'licence.pdf',
    contentType = 'application/pdf',
  ) => {
    const form = multipartForm({}, [{ field: 'file', filename, contentType, data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/ffl/profile/license-copy',
      headers: { ...form.headers, ...authed(tokens[caller]) },
      payload: form.payload,
      remoteAddress: freshAddress(),
    });
  };

  it('shows the demo dealer near 75207 with its transfer fee and notes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ffl/search?zip=75207&radius=10' });
    const dealer = res
      .json()
      .results.find((row: { licenseNumber: string }) => row.licenseNumber === DEMO_DEALER_LICENSE);
    expect(dealer).toMatchObject({ registered: true, transferFee: 25, businessName: 'Lone Star Firearms' });
    expect(dealer.notes).toMatch(/photo ID/);
  });

  const MATRIX: Record<
    string,
    {
      send: (caller: Caller) => PromiseLike<LightMyRequestResponse>;
      expected: Record<Caller, number>;
    }
  > = {
    fflSearch: {
      send: (caller) =>
        t.app.inject({
          method: 'GET',
          url: '/api/ffl/search?zip=75207&radius=25',
          headers: authed(tokens[caller]),
        }),
      expected: { visitor: 200, buyer: 200, seller: 200, anotherDealer: 200, dealer: 200, admin: 200 },
    },
    fflDealer: {
      send: (caller) =>
        t.app.inject({
          method: 'GET',
          url: `/api/ffl/dealers/${demoDealerId}`,
          headers: authed(tokens[caller]),
        }),
      expected: { visitor: 200, buyer: 200, seller: 200, anotherDealer: 200, dealer: 200, admin: 200 },
    },
    fflProfile: {
      send: (caller) =>
        t.app.inject({ method: 'GET', url: '/api/ffl/profile', headers: authed(tokens[caller]) }),
      // Only dealer accounts have a profile; an admin has no licence of its own.
      expected: { visitor: 401, buyer: 403, seller: 403, anotherDealer: 200, dealer: 200, admin: 403 },
    },
    fflUpdateProfile: {
      send: (caller) =>
        t.app.inject({
          method: 'POST',
          url: '/api/ffl/profile',
          headers: authed(tokens[caller]),
          payload: { transferFee: 30, notes: 'Call ahead.' },
        }),
      // The other dealer has not linked a licence yet: 400 asking for its number.
      expected: { visitor: 401, buyer: 403, seller: 403, anotherDealer: 400, dealer: 200, admin: 403 },
    },
    fflUploadLicenseCopy: {
      send: (caller) => upload(caller, PDF),
      expected: { visitor: 401, buyer: 403, seller: 403, anotherDealer: 400, dealer: 200, admin: 403 },
    },
    fflLicenseCopy: {
      send: (caller) =>
        t.app.inject({
          method: 'GET',
          url: `/api/ffl/dealers/${demoDealerId}/license-copy`,
          headers: authed(tokens[caller]),
        }),
      expected: { visitor: 401, buyer: 403, seller: 403, anotherDealer: 403, dealer: 200, admin: 200 },
    },
  };

  describe.each(Object.entries(MATRIX))('%s', (_name, row) => {
    it.each(CALLERS)('answers %s as the matrix says', async (caller) => {
      const res = await row.send(caller);
      expect(res.statusCode, res.body).toBe(row.expected[caller]);
      if (res.statusCode >= 400) expect(res.json().error.code).toBeTruthy();
    });
  });

  it("saves the dealer's fee and notes, shown by the finder", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ffl/profile',
      headers: authed(tokens.dealer),
      payload: { transferFee: 35.5, notes: '  Open Saturdays.  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dealer).toMatchObject({ transferFee: 35.5, notes: 'Open Saturdays.' });
    const found = await t.app.inject({ method: 'GET', url: `/api/ffl/dealers/${demoDealerId}` });
    expect(found.json()).toMatchObject({ transferFee: 35.5, notes: 'Open Saturdays.', registered: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ffl/profile',
      headers: authed(tokens.dealer),
      payload: { transferFee: -1, notes: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['transferFee']);
  });

  it('links a dealer account to an imported licence by the number it enters, once', async () => {
    const send = (licenseNumber: string, caller: Caller = 'anotherDealer') =>
      t.app.inject({
        method: 'POST',
        url: '/api/ffl/profile',
        headers: authed(tokens[caller]),
        payload: { licenseNumber, transferFee: 20, notes: 'Evenings only.' },
      });
    const taken = await send(DEMO_DEALER_LICENSE);
    expect(taken.statusCode).toBe(409);
    const unknown = await send('5-75-113-01-8C-99999');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['licenseNumber']);
    expect((await send('not a licence')).statusCode).toBe(400);
    // Typed without dashes and in lower case.
    const linked = await send('57511301 8c10001');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      active: true,
      licenseExpiresOn: expect.stringMatching(/^20\d\d-03-31$/),
      dealer: { licenseNumber: '5-75-113-01-8C-10001', transferFee: 20, registered: true },
    });
    const search = await t.app.inject({ method: 'GET', url: '/api/ffl/search?name=trinity%20arms' });
    const linkedRow = search
      .json()
      .results.find((row: { licenseNumber: string }) => row.licenseNumber === '5-75-113-01-8C-10001');
    expect(linkedRow).toMatchObject({ transferFee: 20, notes: 'Evenings only.', registered: true });
    // A re-import of the list keeps the dealer's own words.
    await importLicensees(t.database.db, await licensees('licensees.csv'));
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/ffl/profile',
      headers: authed(tokens.anotherDealer),
    });
    expect(after.json().dealer).toMatchObject({ licenseNumber: '5-75-113-01-8C-10001', transferFee: 20 });
  });

  it('stores the licence copy checked by content and size; only the dealer and an admin read it', async () => {
    const sent = await upload('dealer', PNG, 'scan.png', 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().licenseCopy).toMatchObject({ mediaType: 'image/png' });
    for (const caller of ['dealer', 'admin'] as const) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/ffl/dealers/${demoDealerId}/license-copy`,
        headers: authed(tokens[caller]),
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/png');
      expect(read.headers['cache-control']).toBe('private, no-store');
      const stored = await sharp(Buffer.from(read.rawPayload)).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);
    }
    // A text file named .pdf is refused by its content, as is a file over the limit.
    const text = await upload('dealer', Buffer.from('just some text, not a licence'), 'licence.pdf');
    expect(text.statusCode).toBe(415);
    const huge = await upload('dealer', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    // The previous copy is still the one on file.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/ffl/profile',
      headers: authed(tokens.dealer),
    });
    expect(profile.json().licenseCopy.mediaType).toBe('image/png');
  });

  it('keeps a photo of the licence without its camera metadata or GPS position; a PDF as sent', async () => {
    const photo = await cameraJpeg(800, 600);
    expect((await exifr.gps(photo))?.latitude).toBeCloseTo(PHOTO_GPS.latitude, 3);
    const sent = await upload('dealer', photo, 'licence-photo.jpg', 'image/jpeg');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().licenseCopy).toMatchObject({ mediaType: 'image/jpeg' });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/ffl/dealers/${demoDealerId}/license-copy`,
        headers: authed(tokens.dealer),
      });
    const stored = Buffer.from((await read()).rawPayload);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
    expect(await exifr.parse(stored).catch(() => undefined)).toBeUndefined();
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // Turned upright by its orientation before the tag was dropped.
    expect([meta.width, meta.height]).toEqual([600, 800]);

    expect((await upload('dealer', PDF)).statusCode).toBe(200);
    expect(Buffer.from((await read()).rawPayload).equals(PDF)).toBe(true);
  });

  it('lets a seller read the copy once checkout allows it', async () => {
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/ffl/dealers/${demoDealerId}/license-copy`,
        headers: authed(tokens.seller),
      });
    expect((await read()).statusCode).toBe(403);
    await allowSellerToReadLicenseCopy(t.database.db, demoDealerId, DEMO_ACCOUNTS.seller.id);
    expect((await read()).statusCode).toBe(200);
  });

  it('answers 404 for an unknown dealer', async () => {
    const id = '00000000-0000-4000-8000-000000000999';
    expect((await t.app.inject({ method: 'GET', url: `/api/ffl/dealers/${id}` })).statusCode).toBe(404);
    const copy = await t.app.inject({
      method: 'GET',
      url: `/api/ffl/dealers/${id}/license-copy`,
      headers: authed(tokens.admin),
    });
    expect(copy.statusCode).toBe(404);
  });
});
