import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import { InventoryMessage } from '../../shared/domain/inventory.ts';
import { INVENTORY_COLUMNS, inventoryTemplateCsv } from '../../shared/domain/inventory-columns.ts';
import { ListingOption } from '../../shared/domain/listing.ts';
import { buildApp } from '../../src-server/app.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { fileBlobStore } from '../../src-server/files/blob-store.ts';
import { BULK_UPLOAD_REPORT_MAX_PROBLEMS } from '../../src-server/modules/inventory/bulk-upload-batch.ts';
import { BULK_UPLOAD_BATCH_ROWS } from '../../src-server/modules/inventory/bulk-upload-processor.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { testConfig } from './support/test-app.ts';
import { multipartForm } from './support/uploads.ts';

let t: AccountsTestApp;
let sellerToken: string;
let dealerToken: string;
let buyerToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createAccountsTestApp();
  sellerToken = await tokenOf(t.app, 'seller');
  dealerToken = await tokenOf(t.app, 'dealer');
  buyerToken = await tokenOf(t.app, 'buyer');
  adminToken = await tokenOf(t.app, 'admin');
}, 60_000);
afterAll(() => t?.close());

type Row = Partial<Record<(typeof INVENTORY_COLUMNS)[number], string>>;

const good = (stock: string, overrides: Row = {}): Row => ({
  stock_number: stock,
  upc: '',
  title: `Ruger 10/22 Carbine ${stock}`,
  category: 'Semi Auto Rifles',
  manufacturer: 'Ruger',
  model: '10/22 Carbine',
  caliber: '22 LR',
  condition: 'New in box',
  price: '329.99',
  quantity: '4',
  description: 'Blued barrel, hardwood stock.',
  image_urls: '',
  shipping_cost: '20',
  delivery_days: '2',
  excluded_states: 'CA|NY',
  ...overrides,
});

const csvOf = (rows: readonly Row[]) =>
  Buffer.from(
    [
      INVENTORY_COLUMNS.join(','),
      ...rows.map((row) =>
        INVENTORY_COLUMNS.map((column) => {
          const value = row[column] ?? '';
          return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
        }).join(','),
      ),
    ].join('\n'),
  );

function upload(
  token: string | undefined,
  data: Buffer,
  filename = 'inventory.csv',
  fields: Record<string, string> = {},
) {
  const form = multipartForm(fields, [{ field: 'formFiles', filename, contentType: 'text/csv', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/process-bulkuploads',
    payload: form.payload,
    headers: { ...form.headers, ...authed(token) },
  });
}

async function history(token: string): Promise<BulkUpload[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/bulkuploads', headers: authed(token) });
  expect(res.statusCode).toBe(200);
  return res.json().results as BulkUpload[];
}

async function uploadAndWait(token: string, data: Buffer, filename?: string): Promise<BulkUpload> {
  const res = await upload(token, data, filename);
  expect(res.statusCode, res.body).toBe(200);
  const [queued] = res.json().results as BulkUpload[];
  if (!queued) throw new Error('no upload queued');
  await t.app.bulkUploads.idle();
  const found = (await history(token)).find((entry) => entry.id === queued.id);
  if (!found) throw new Error('upload not in history');
  return found;
}

const MIXED_ROWS: Row[] = [
  good('RUG-1'),
  good('RUG-2', { price: '12.345' }),
  good('=HYPERLINK("http://evil.example","x")', { category: 'Lawn mowers' }),
  good('RUG-3', { manufacturer: 'Henry', model: 'Big Boy', caliber: '44 Magnum', title: '' }),
  good('+RUG-4', { quantity: '-2' }),
  good('RUG-1', { price: '300' }),
  good('RUG-5', { quantity: '0' }),
];

describe('POST /users/process-bulkuploads', () => {
  let first: BulkUpload;

  it('creates listings from the good rows and reports each bad row', async () => {
    first = await uploadAndWait(sellerToken, csvOf(MIXED_ROWS), 'mixed.csv');
    expect(first).toMatchObject({
      fileName: 'mixed.csv',
      status: 'Completed',
      totalRows: 7,
      processedRows: 7,
      createdCount: 3,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 4,
      failureMessage: null,
    });
    expect(first.errors).toEqual([
      { row: 2, column: 'price', message: InventoryMessage.moneyInvalid },
      { row: 3, column: 'category', message: InventoryMessage.categoryUnknown('Lawn mowers') },
      { row: 5, column: 'quantity', message: InventoryMessage.quantityInvalid },
      { row: 6, column: 'stock_number', message: InventoryMessage.duplicateStockNumber(1) },
    ]);
    const listings = await queryRows<{
      seller_stock_number: string;
      title: string;
      listing_options: number;
      inventory_source: string;
      excluded_ship_to_states: string[];
      quantity: number;
      is_active: boolean;
    }>(
      t.database.db,
      sql`select seller_stock_number, title, listing_options, inventory_source, excluded_ship_to_states, quantity, is_active
        from listings where user_id = ${DEMO_ACCOUNTS.seller.id} order by seller_stock_number`,
    );
    expect(listings.map((row) => row.seller_stock_number)).toEqual(['RUG-1', 'RUG-3', 'RUG-5']);
    for (const listing of listings) {
      expect(listing.listing_options & ListingOption.BulkUploadItem).toBe(ListingOption.BulkUploadItem);
      expect(listing.inventory_source).toBe('bulk');
      expect(listing.excluded_ship_to_states).toEqual(['CA', 'NY']);
      expect(listing.is_active).toBe(true);
    }
    expect(listings.find((row) => row.seller_stock_number === 'RUG-3')?.title).toBe(
      'Henry Big Boy 44 Magnum - New in box',
    );
  });

  it('makes the new listings searchable and suggested at once', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { keyword: 'Henry Big Boy' },
    });
    expect(search.statusCode).toBe(200);
    expect(
      search.json().results.map((card: { sellerStockNumber: string }) => card.sellerStockNumber),
    ).toContain('RUG-3');
    const suggest = await t.app.inject({ method: 'GET', url: '/api/listings/suggestions?query=henr' });
    expect(Object.keys(suggest.json().querySummary)).toContain('Henry');
  });

  it('answers the error report as CSV with formula cells escaped', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/bulkuploads/${first.id}/errors`,
      headers: authed(sellerToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mixed-errors.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('row,stock_number,column,value,message');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain(`3,"'=HYPERLINK(""http://evil.example"",""x"")",category,Lawn mowers,`);
    expect(lines[3]).toContain("'+RUG-4,quantity,'-2,");
    expect(lines.every((line) => !/(^|,)[=+\-@]/.test(line))).toBe(true);
  });

  it('keeps a bounded error report for a file of bad rows, counting every failed row', async () => {
    const rows = Array.from({ length: BULK_UPLOAD_REPORT_MAX_PROBLEMS + 40 }, (_, i) =>
      good(`BAD-${i}`, { price: 'free' }),
    );
    const done = await uploadAndWait(sellerToken, csvOf(rows), 'bad.csv');
    expect(done).toMatchObject({ status: 'Completed', errorCount: BULK_UPLOAD_REPORT_MAX_PROBLEMS + 40 });
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bulk_upload_errors where upload_id = ${done.id}`,
    );
    expect(stored?.n).toBe(BULK_UPLOAD_REPORT_MAX_PROBLEMS);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/bulkuploads/${done.id}/errors`,
      headers: authed(sellerToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(BULK_UPLOAD_REPORT_MAX_PROBLEMS + 1);
  }, 120_000);

  it('reports the same file again as unchanged and creates nothing', async () => {
    const again = await uploadAndWait(sellerToken, csvOf(MIXED_ROWS), 'mixed.csv');
    expect(again).toMatchObject({
      status: 'Completed',
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 3,
      errorCount: 4,
    });
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from listings where user_id = ${DEMO_ACCOUNTS.seller.id}`,
    );
    expect(count?.n).toBe(3);
  });

  it('updates a changed row and leaves the rest', async () => {
    const changed = MIXED_ROWS.map((row) =>
      row === MIXED_ROWS[0] ? { ...row, price: '299.00', quantity: '9' } : row,
    );
    const result = await uploadAndWait(sellerToken, csvOf(changed));
    expect(result).toMatchObject({ createdCount: 0, updatedCount: 1, unchangedCount: 2 });
    const [listing] = await queryRows<{ price: string; quantity: number }>(
      t.database.db,
      sql`select price::text as price, quantity from listings
        where user_id = ${DEMO_ACCOUNTS.seller.id} and seller_stock_number = 'RUG-1'`,
    );
    expect(listing).toEqual({ price: '299.00', quantity: 9 });
  });

  it('maps distributor headers, or the seller’s own mapping', async () => {
    const distributor = Buffer.from(
      [
        'Item #,Item Description,Category,Condition,MSRP,Qty On Hand,Mfg',
        'DAV-1,Glock 17 Gen5,Semi Auto Pistols,New,599,3,Glock',
      ].join('\r\n'),
    );
    const auto = await uploadAndWait(dealerToken, distributor, 'davidsons.csv');
    expect(auto).toMatchObject({ status: 'Completed', createdCount: 1, errorCount: 0 });

    const custom = Buffer.from(
      ['Code,Name,Kind,State,Cost,Count', 'X-1,Marlin 336,Lever Action Rifles,Used,450,1'].join('\n'),
    );
    const mapping = {
      stock_number: 'Code',
      title: 'Name',
      category: 'Kind',
      condition: 'State',
      price: 'Cost',
      quantity: 'Count',
    };
    const res = await upload(dealerToken, custom, 'custom.csv', {
      request: JSON.stringify({ columnMapping: mapping }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.bulkUploads.idle();
    const [latest] = await history(dealerToken);
    expect(latest).toMatchObject({ fileName: 'custom.csv', status: 'Completed', createdCount: 1 });
  });

  it('refuses a whole file that is not UTF-8 CSV or has no header, queuing nothing', async () => {
    const before = (await history(sellerToken)).length;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const binary = await upload(sellerToken, png, 'photo.csv');
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.message).toMatch(/not CSV/);

    const latin1 = Buffer.concat([csvOf([good('L-1')]), Buffer.from([0xe9, 0x0a])]);
    const encoding = await upload(sellerToken, latin1, 'latin1.csv');
    expect(encoding.statusCode).toBe(415);
    expect(encoding.json().error.message).toMatch(/UTF-8/);

    // Excel's "Unicode Text" and some exports write UTF-16, whose mark FF FE also begins an MPEG audio frame.
    const wide = Buffer.from(csvOf([good('W-1')]).toString('utf8'), 'utf16le');
    for (const [name, data] of [
      ['utf16le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), wide])],
      ['utf16be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(wide).swap16()])],
      ['utf16-no-mark.csv', wide],
    ] as const) {
      const res = await upload(sellerToken, data, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toEqual({
        code: 'unsupported_media_type',
        message: `“${name}” is UTF-16 text, not UTF-8. Save it as “CSV UTF-8” (in Excel: Save As, CSV UTF-8) and upload that file.`,
      });
    }

    const headerless = await upload(
      sellerToken,
      Buffer.from('RUG-9,Something,1,2\nRUG-10,Other,3,4\n'),
      'rows.csv',
    );
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json().error.message).toMatch(/no header row we recognise/);

    const missing = await upload(sellerToken, Buffer.from('sku,title\nA,B\n'), 'short.csv');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/no column for category, condition, price, quantity/);

    expect(await history(sellerToken)).toHaveLength(before);
  });

  it('publishes the template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/templates/inventory.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(inventoryTemplateCsv());
    expect(res.body.split('\r\n')[0]).toBe(INVENTORY_COLUMNS.join(','));
  });
});

describe('an upload stopped part way', () => {
  it('keeps whole batches only and is resumed by the next start', async () => {
    const rows = Array.from({ length: 4 * BULK_UPLOAD_BATCH_ROWS + 250 }, (_, index) =>
      good(`BIG-${index}`, {
        title: `Savage Axis ${index}`,
        manufacturer: 'Savage',
        model: 'Axis',
        caliber: '308 Win',
      }),
    );
    const res = await upload(dealerToken, csvOf(rows), 'big.csv');
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().results as BulkUpload[])[0]?.id ?? '';
    // Stop the server once at least one batch has committed.
    for (let tries = 0; tries < 2000; tries += 1) {
      const [state] = await queryRows<{ processed_rows: number }>(
        t.database.db,
        sql`select processed_rows from bulk_uploads where id = ${id}`,
      );
      if ((state?.processed_rows ?? 0) >= BULK_UPLOAD_BATCH_ROWS) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await t.app.close();

    const [stopped] = await queryRows<{
      status: string;
      processed_rows: number;
      created_count: number;
      listings: number;
    }>(
      t.database.db,
      sql`select u.status, u.processed_rows, u.created_count,
          (select count(*)::int from listings l where l.inventory_source_id = u.id) as listings
        from bulk_uploads u where u.id = ${id}`,
    );
    expect(stopped?.processed_rows).toBeGreaterThanOrEqual(BULK_UPLOAD_BATCH_ROWS);
    expect(stopped?.status).toBe('Processing');
    // No half batch: exactly the committed batches' listings exist.
    expect((stopped?.processed_rows ?? 0) % BULK_UPLOAD_BATCH_ROWS).toBe(0);
    expect(stopped?.listings).toBe(stopped?.created_count);
    expect(stopped?.listings).toBe(stopped?.processed_rows);

    // As a killed server leaves it: still claimed. Embedded PGlite has one writer, so the next start
    // takes it back at once; on PostgreSQL another server waits for the claim to run out (as here).
    await t.database.db.execute(sql`update bulk_uploads set lease_holder = gen_random_uuid(),
      lease_until = now() + ${t.database.kind === 'pglite' ? sql`interval '1 hour'` : sql`interval '-1 second'`}
      where id = ${id}`);

    // A new server on the same database and files resumes from the committed row.
    t.app = await buildApp(testConfig({ dataDir: t.dataDir }), { database: t.database, ownsDatabase: false });
    await t.app.ready();
    await t.app.bulkUploads.idle();
    const [done] = await queryRows<{
      status: string;
      processed_rows: number;
      created_count: number;
      listings: number;
    }>(
      t.database.db,
      sql`select u.status, u.processed_rows, u.created_count,
          (select count(distinct lower(l.seller_stock_number))::int from listings l where l.user_id = u.user_id
            and l.seller_stock_number like 'BIG-%') as listings
        from bulk_uploads u where u.id = ${id}`,
    );
    expect(done).toEqual({
      status: 'Completed',
      processed_rows: rows.length,
      created_count: rows.length,
      listings: rows.length,
    });
  }, 120_000);
});

describe('an upload another server took over', () => {
  it('is left to that server, file and all, by the server whose lease ran out', async () => {
    const rows = Array.from({ length: 4 * BULK_UPLOAD_BATCH_ROWS }, (_, index) =>
      good(`TAKEN-${index}`, { title: `Tikka T3x ${index}`, manufacturer: 'Tikka', model: 'T3x' }),
    );
    const res = await upload(dealerToken, csvOf(rows), 'taken.csv');
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().results as BulkUpload[])[0]?.id ?? '';
    for (let tries = 0; tries < 2000; tries += 1) {
      const [state] = await queryRows<{ processed_rows: number }>(
        t.database.db,
        sql`select processed_rows from bulk_uploads where id = ${id}`,
      );
      if ((state?.processed_rows ?? 0) >= BULK_UPLOAD_BATCH_ROWS) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Another server claims it, as when this server's lease runs out during a slow batch.
    const other = '00000000-0000-4000-8000-00000000beef';
    await t.database.db.execute(sql`update bulk_uploads set lease_holder = ${other}::uuid,
      lease_until = now() + interval '1 hour' where id = ${id} and status = 'Processing'`);
    await t.app.bulkUploads.idle();

    const [left] = await queryRows<{
      status: string;
      lease_holder: string;
      processed_rows: number;
      listings: number;
    }>(
      t.database.db,
      sql`select u.status, u.lease_holder, u.processed_rows,
          (select count(*)::int from listings l where l.inventory_source_id = u.id) as listings
        from bulk_uploads u where u.id = ${id}`,
    );
    expect(left?.status).toBe('Processing');
    expect(left?.lease_holder).toBe(other);
    expect(left?.processed_rows).toBeLessThan(rows.length);
    expect(left?.listings).toBe(left?.processed_rows);
    const file = await fileBlobStore(path.join(t.dataDir, 'files')).get(`bulk-uploads/${id}/file.csv`);
    expect(file?.length).toBe(csvOf(rows).length);

    // The claim runs out in turn: the upload is completed from its committed row, file still there.
    await t.database.db.execute(sql`update bulk_uploads set lease_until = now() - interval '1 second'
      where id = ${id}`);
    t.app.bulkUploads.wake();
    await t.app.bulkUploads.idle();
    const [done] = await queryRows<{ status: string; created_count: number; listings: number }>(
      t.database.db,
      sql`select u.status, u.created_count,
          (select count(*)::int from listings l where l.inventory_source_id = u.id) as listings
        from bulk_uploads u where u.id = ${id}`,
    );
    expect(done).toEqual({ status: 'Completed', created_count: rows.length, listings: rows.length });
  }, 120_000);
});

describe('bulk upload permissions', () => {
  type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
  const tokenFor = (caller: Caller) =>
    ({
      visitor: undefined,
      buyer: buyerToken,
      seller: sellerToken,
      anotherSeller: dealerToken,
      admin: adminToken,
    })[caller];

  it.each([
    ['visitor', 401],
    ['buyer', 403],
    ['seller', 200],
    ['anotherSeller', 200],
    // An admin account is not a seller: it has no inventory of its own to upload.
    ['admin', 403],
  ] as const)('POST /users/process-bulkuploads as %s answers %i', async (caller, status) => {
    const res = await upload(tokenFor(caller), csvOf([good(`PERM-${caller}`)]));
    expect(res.statusCode, res.body).toBe(status);
    await t.app.bulkUploads.idle();
  });

  it.each([
    ['visitor', 401],
    ['buyer', 403],
    ['seller', 200],
    ['anotherSeller', 200],
    ['admin', 200],
  ] as const)('GET /users/bulkuploads as %s answers %i (own uploads only)', async (caller, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/bulkuploads',
      headers: authed(tokenFor(caller)),
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      const owner = {
        seller: DEMO_ACCOUNTS.seller,
        anotherSeller: DEMO_ACCOUNTS.dealer,
        admin: DEMO_ACCOUNTS.admin,
      }[caller as 'seller' | 'anotherSeller' | 'admin'];
      const [ids] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bulk_uploads where user_id = ${owner.id}`,
      );
      expect(res.json().results).toHaveLength(ids?.n ?? -1);
    }
  });

  it.each([
    ['visitor', 401],
    ['buyer', 403],
    ['seller', 200],
    ['anotherSeller', 404],
    ['admin', 200],
  ] as const)(
    'GET /users/bulkuploads/{id}/errors of the seller’s upload as %s answers %i',
    async (caller, status) => {
      const [own] = await history(sellerToken);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/bulkuploads/${own?.id}/errors`,
        headers: authed(tokenFor(caller)),
      });
      expect(res.statusCode).toBe(status);
    },
  );
});
