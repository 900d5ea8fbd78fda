import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributorFeed } from '../../shared/contract/distributor-feeds.ts';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { INVENTORY_COLUMNS } from '../../shared/domain/inventory-columns.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { firearmReferenceSeedPart } from '../../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { type AccountsTestApp, authed, createAccountsTestApp, tokenOf } from './support/accounts.ts';
import { accessTokenOf, createCredential } from './support/seller-api.ts';
import { multipartForm } from './support/uploads.ts';

/*
 * Every path that writes listings reads their identity at save, as the listing form does: a bulk
 * upload, a distributor feed and the seller API. The identity backfill (the identification module's
 * job) ran at boot, before the reference was seeded, and then rests: any identity row here was
 * written by the save itself.
 */

let t: AccountsTestApp;
let sellerToken: string;
let dealerToken: string;

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [firearmReferenceSeedPart]);
  sellerToken = await tokenOf(t.app, 'seller');
  dealerToken = await tokenOf(t.app, 'dealer');
}, 60_000);
afterAll(() => t.close());

type IdentityRow = {
  listing_id: string;
  stock: string;
  manufacturer: string | null;
  model: string | null;
  variant: string | null;
  caliber: string | null;
};

/** The identities of listings (by the seller's stock number), as their names; a listing without one is left out. */
async function identitiesOf(condition: ReturnType<typeof sql>): Promise<Map<string, IdentityRow>> {
  const rows = await queryRows<IdentityRow>(
    t.database.db,
    sql`select i.listing_id, l.seller_stock_number as stock, f.name as manufacturer, m.name as model,
          v.name as variant, c.name as caliber
        from listings l
        join listing_identities i on i.listing_id = l.id
        left join firearm_manufacturers f on f.id = i.manufacturer_id
        left join firearm_models m on m.id = i.model_id
        left join firearm_variants v on v.id = i.variant_id
        left join firearm_calibers c on c.id = i.caliber_id
        where ${condition}`,
  );
  return new Map(rows.map((row) => [row.stock, row]));
}

const countOf = async (condition: ReturnType<typeof sql>) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from listings l where ${condition}`,
    )
  )[0]?.n ?? 0;

describe('a bulk upload', () => {
  type Row = Partial<Record<(typeof INVENTORY_COLUMNS)[number], string>>;
  const row = (stock: string, overrides: Row): Row => ({
    stock_number: stock,
    condition: 'New in box',
    price: '499.99',
    quantity: '3',
    description: 'In the box with two magazines.',
    shipping_cost: '20',
    delivery_days: '2',
    ...overrides,
  });
  const csvOf = (rows: readonly Row[]) =>
    Buffer.from(
      [
        INVENTORY_COLUMNS.join(','),
        ...rows.map((r) => INVENTORY_COLUMNS.map((c) => r[c] ?? '').join(',')),
      ].join('\n'),
    );
  async function uploadAndWait(data: Buffer): Promise<BulkUpload> {
    const form = multipartForm({}, [
      { field: 'formFiles', filename: 'inventory.csv', contentType: 'text/csv', data },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/process-bulkuploads',
      payload: form.payload,
      headers: { ...form.headers, ...authed(sellerToken) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.bulkUploads.idle();
    const [queued] = res.json().results as BulkUpload[];
    return queued as BulkUpload;
  }
  const bulk = sql`l.inventory_source = 'bulk' and l.seller_stock_number like 'IDB-%'`;

  it('writes the identity of each listing it creates, and reads it again when a row changes it', async () => {
    await uploadAndWait(
      csvOf([
        row('IDB-1', {
          title: 'Glock 19 Gen5 9mm pistol',
          category: 'Semi Auto Pistols',
          manufacturer: 'Glock',
          model: '19 Gen5',
          caliber: '9mm',
        }),
        row('IDB-2', {
          title: 'Ruger 10/22 Carbine',
          category: 'Semi Auto Rifles',
          manufacturer: 'Ruger',
          model: '10/22 Carbine',
          caliber: '22 LR',
        }),
        row('IDB-3', {
          title: 'Federal American Eagle 9mm 50rd',
          category: 'Ammunition',
          manufacturer: 'Federal',
          model: 'American Eagle',
          caliber: '9mm Luger',
        }),
      ]),
    );
    expect(await countOf(bulk)).toBe(3);
    const identities = await identitiesOf(bulk);
    expect(identities.get('IDB-1')).toMatchObject({
      manufacturer: 'Glock',
      model: '19',
      variant: 'Gen 5',
      caliber: '9mm Luger',
    });
    expect(identities.get('IDB-2')).toMatchObject({ manufacturer: 'Ruger', model: '10/22' });
    // Read, and no firearm: ammunition has a row naming no model.
    expect(identities.get('IDB-3')).toMatchObject({ manufacturer: null, model: null });

    await uploadAndWait(
      csvOf([
        row('IDB-1', {
          title: 'Glock 17 Gen5 9mm pistol',
          category: 'Semi Auto Pistols',
          manufacturer: 'Glock',
          model: '17 Gen5',
          caliber: '9mm',
        }),
      ]),
    );
    expect((await identitiesOf(bulk)).get('IDB-1')).toMatchObject({ manufacturer: 'Glock', model: '17' });
  });
});

describe('a distributor feed', () => {
  it('writes the identity of each listing a pull creates', async () => {
    const form = multipartForm(
      {
        request: JSON.stringify({
          name: 'Zanders upload',
          source: 'upload',
          format: 'zanders',
          priceRule: { markup: 'percent', amount: 20, rounding: 'cents99' },
          pullNow: true,
        }),
      },
      [
        {
          field: 'feedFile',
          filename: 'liveinv.csv',
          contentType: 'text/csv',
          data: readFileSync(path.join(import.meta.dirname, 'fixtures', 'feeds', 'liveinv.csv')),
        },
      ],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/ManageDistributorFeed',
      payload: form.payload,
      headers: { ...form.headers, ...authed(dealerToken) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = res.json() as DistributorFeed;
    expect(feed.runs[0]?.status).toBe('Succeeded');
    const ofFeed = sql`l.inventory_source = 'feed' and l.inventory_source_id = ${feed.id}::uuid`;
    const created = await countOf(ofFeed);
    expect(created).toBeGreaterThan(2);
    const identities = await identitiesOf(ofFeed);
    expect(identities.size).toBe(created);
    expect(identities.get('SAV57008')).toMatchObject({ manufacturer: 'Savage', model: '110' });
    expect(identities.get('REM-R29939')).toMatchObject({ manufacturer: 'Remington', model: '870' });
    expect(identities.get('WIN-X9MMSHV')).toMatchObject({ model: null });
  });
});

describe('the seller API', () => {
  let token: string;
  beforeAll(async () => {
    token = await accessTokenOf(t.app, await createCredential(t.app, sellerToken, 'Identities'));
  });
  const item = (overrides: Record<string, unknown>) => ({
    description: '<p>New in box.</p>',
    condition: 'NewInBox',
    price: 549.99,
    quantity: 2,
    ...overrides,
  });
  const ofApi = sql`l.inventory_source = 'api' and l.seller_stock_number like 'IDA-%'`;

  it('PUT /seller/v1/inventory/{stockNumber} writes the identity of the listing it creates or updates', async () => {
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/seller/v1/inventory/IDA-1',
        headers: authed(token),
        payload: body,
      });
    const first = {
      title: 'Sig Sauer P365 X 9mm',
      familyId: CategoryFamilyId.SemiAutoPistols,
      manufacturer: 'Sig Sauer',
      model: 'P365 X',
      caliber: '9mm',
    };
    const created = await put(item(first));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ result: 'created' });
    expect((await identitiesOf(ofApi)).get('IDA-1')).toMatchObject({
      manufacturer: 'Sig Sauer',
      model: 'P365',
      variant: 'X',
    });
    const updated = await put(item({ ...first, title: 'Sig Sauer P320 Carry 9mm', model: 'P320 Carry' }));
    expect(updated.json()).toMatchObject({ result: 'updated' });
    expect((await identitiesOf(ofApi)).get('IDA-1')).toMatchObject({ model: 'P320', variant: 'Carry' });
  });

  it('POST /seller/v1/inventory writes the identity of every listing of the batch', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/v1/inventory',
      headers: authed(token),
      payload: {
        items: [
          item({
            stockNumber: 'IDA-2',
            title: 'Remington 870 Wingmaster 12ga',
            familyId: CategoryFamilyId.PumpActionShotguns,
            manufacturer: 'Remington',
            model: '870 Wingmaster',
            caliber: '12 Gauge',
          }),
          item({
            stockNumber: 'IDA-3',
            title: 'Henry Big Boy .44 Magnum',
            familyId: CategoryFamilyId.LeverActionRifles,
            manufacturer: 'Henry',
            model: 'Big Boy',
            caliber: '.44 Magnum',
          }),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject({ created: 2 });
    const identities = await identitiesOf(ofApi);
    expect(identities.get('IDA-2')).toMatchObject({
      manufacturer: 'Remington',
      model: '870',
      variant: 'Wingmaster',
    });
    expect(identities.get('IDA-3')).toMatchObject({ manufacturer: 'Henry', model: 'Big Boy' });
  });
});
