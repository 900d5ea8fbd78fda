import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '../../shared/contract/admin.ts';
import {
  type ReferenceCaliberRow,
  type ReferenceManufacturerRow,
  ReferenceMessage,
  type ReferenceModelRow,
  type ReferenceSearchResponse,
  type ReferenceVariantRow,
  referenceCalibersResponseSchema,
  referenceSearchResponseSchema,
} from '../../shared/contract/firearm-reference.ts';
import { type FirearmInfo, firearmIdentificationSchema } from '../../shared/contract/identification.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { firearmIndex, identifyListings } from '../../src-server/core/firearm-reference.ts';
import { type Database, queryRows } from '../../src-server/db/client.ts';
import * as schema from '../../src-server/db/schema.ts';
import { REFERENCE_MESSAGES } from '../../src-server/modules/firearm-reference/service.ts';
import { firearmReferenceSeedPart } from '../../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { type AccountsTestApp, createAccountsTestApp } from './support/accounts.ts';
import { type Account, account, listing } from './support/orders.ts';
import { multipartForm, plainPng } from './support/uploads.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

let t: AccountsTestApp;
const who: Record<Caller, Account | null> = {
  visitor: null,
  buyer: null,
  seller: null,
  anotherSeller: null,
  admin: null,
};
let admin: Account;
/** Identifies firearms in the tests below (the identify throttle counts per account). */
let identifier: Account;
let photo: Buffer;

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [firearmReferenceSeedPart]);
  who.buyer = await account(t.database.db, 'buyer');
  who.seller = await account(t.database.db, 'seller');
  who.anotherSeller = await account(t.database.db, 'seller');
  admin = await account(t.database.db, 'admin');
  who.admin = admin;
  identifier = await account(t.database.db, 'buyer');
  photo = await plainPng(64, 48);
}, 60_000);
afterAll(() => t.close());

const BASE = '/api/pprAdmin/firearm-reference';

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  caller: Account | null,
  body?: object,
) {
  return t.app.inject({
    method,
    url: `${BASE}${path}`,
    headers: caller ? { authorization: caller.authorization } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function ok<T>(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
): Promise<T> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

let counter = 0;
const unique = (what: string) => {
  counter += 1;
  return `${what} ${counter}`;
};

const addManufacturer = (name = unique('Maker'), aliases: string[] = []) =>
  ok<ReferenceManufacturerRow>(call('POST', '/manufacturers', admin, { name, aliases }));
const addModel = (manufacturerId: string, body: Record<string, unknown> = {}) =>
  ok<ReferenceModelRow>(
    call('POST', '/models', admin, {
      manufacturerId,
      name: unique('Model'),
      familyId: CategoryFamilyId.SemiAutoPistols,
      ...body,
    }),
  );
const addVariant = (modelId: string, body: Record<string, unknown> = {}) =>
  ok<ReferenceVariantRow>(call('POST', '/variants', admin, { modelId, name: unique('Gen'), ...body }));
const addCaliber = (name = unique('Caliber'), aliases: string[] = []) =>
  ok<ReferenceCaliberRow>(call('POST', '/calibers', admin, { name, aliases }));

const search = async (keyword?: string): Promise<ReferenceSearchResponse> =>
  referenceSearchResponseSchema.parse(
    await ok(call('GET', keyword ? `?keyword=${encodeURIComponent(keyword)}&pageSize=100` : '', admin)),
  );

function identify(info: FirearmInfo, caller: Account = identifier) {
  const form = multipartForm({ FirearmInfoJson: JSON.stringify(info) }, [
    { filename: 'photo.png', contentType: 'image/png', data: photo },
  ]);
  return t.app
    .inject({
      method: 'POST',
      url: '/api/firearms/identify',
      headers: { ...form.headers, authorization: caller.authorization },
      payload: form.payload,
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return firearmIdentificationSchema.parse(res.json());
    });
}

/**
 * The same database as another server of a scaled-out deployment reaches it: a handle of its own,
 * so the firearms index it keeps in memory is its own too.
 */
function anotherServer(): Database {
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  return (t.database.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema })
    : drizzleNodePg({ client: client as pg.Pool, schema })) as unknown as Database;
}

const auditOf = async (action: string): Promise<AdminAuditEntry[]> =>
  (
    await ok<{ results: AdminAuditEntry[] }>(
      t.app.inject({
        method: 'GET',
        url: `/api/pprAdmin/audit?action=${action}&pageSize=100`,
        headers: { authorization: admin.authorization },
      }),
    )
  ).results;

describe('who may read and edit the firearms reference', () => {
  let maker: ReferenceManufacturerRow;
  let model: ReferenceModelRow;
  let variant: ReferenceVariantRow;
  let caliber: ReferenceCaliberRow;
  beforeAll(async () => {
    maker = await addManufacturer();
    model = await addModel(maker.id);
    variant = await addVariant(model.id);
    caliber = await addCaliber();
  });

  /**
   * Written out by hand, not derived from the contract: a wrong access level there fails here. An
   * admin's request is a real one that succeeds (a removal removes a record made for it).
   */
  const MATRIX: { name: string; send: (caller: Caller) => Promise<{ statusCode: number; body: string }> }[] =
    [
      { name: 'GET /pprAdmin/firearm-reference', send: (c) => call('GET', '?keyword=glock', who[c]) },
      { name: 'GET /pprAdmin/firearm-reference/calibers', send: (c) => call('GET', '/calibers', who[c]) },
      {
        name: 'POST …/manufacturers',
        send: (c) => call('POST', '/manufacturers', who[c], { name: unique('Matrix maker') }),
      },
      {
        name: 'PATCH …/manufacturers/{id}',
        send: (c) => call('PATCH', `/manufacturers/${maker.id}`, who[c], { aliases: [unique('MM')] }),
      },
      {
        name: 'DELETE …/manufacturers/{id}',
        send: async (c) =>
          call('DELETE', `/manufacturers/${c === 'admin' ? (await addManufacturer()).id : maker.id}`, who[c]),
      },
      {
        name: 'POST …/models',
        send: (c) =>
          call('POST', '/models', who[c], {
            manufacturerId: maker.id,
            name: unique('Matrix model'),
            familyId: CategoryFamilyId.Revolvers,
          }),
      },
      {
        name: 'PATCH …/models/{id}',
        send: (c) => call('PATCH', `/models/${model.id}`, who[c], { aliases: [unique('MX')] }),
      },
      {
        name: 'DELETE …/models/{id}',
        send: async (c) =>
          call('DELETE', `/models/${c === 'admin' ? (await addModel(maker.id)).id : model.id}`, who[c]),
      },
      {
        name: 'POST …/variants',
        send: (c) => call('POST', '/variants', who[c], { modelId: model.id, name: unique('Matrix variant') }),
      },
      {
        name: 'PATCH …/variants/{id}',
        send: (c) => call('PATCH', `/variants/${variant.id}`, who[c], { barrelInches: 4.5 }),
      },
      {
        name: 'DELETE …/variants/{id}',
        send: async (c) =>
          call('DELETE', `/variants/${c === 'admin' ? (await addVariant(model.id)).id : variant.id}`, who[c]),
      },
      {
        name: 'POST …/calibers',
        send: (c) => call('POST', '/calibers', who[c], { name: unique('Matrix caliber') }),
      },
      {
        name: 'PATCH …/calibers/{id}',
        send: (c) => call('PATCH', `/calibers/${caliber.id}`, who[c], { aliases: [unique('MC')] }),
      },
      {
        name: 'DELETE …/calibers/{id}',
        send: async (c) =>
          call('DELETE', `/calibers/${c === 'admin' ? (await addCaliber()).id : caliber.id}`, who[c]),
      },
    ];
  const EXPECTED: Record<Caller, number> = {
    visitor: 401,
    buyer: 403,
    seller: 403,
    anotherSeller: 403,
    admin: 200,
  };

  for (const row of MATRIX) {
    it.each(CALLERS)(`${row.name} as %s`, async (caller) => {
      const res = await row.send(caller);
      expect(res.statusCode, res.body).toBe(EXPECTED[caller]);
    });
  }

  it('changed nothing for the callers it refused', async () => {
    const [found] = (await search(maker.name)).results.filter((row) => row.id === maker.id);
    expect(found).toBeDefined();
    const { results: calibers } = referenceCalibersResponseSchema.parse(
      await ok(call('GET', `/calibers?keyword=${encodeURIComponent(caliber.name)}`, admin)),
    );
    expect(calibers.map((row) => row.id)).toEqual([caliber.id]);
  });
});

describe('reading the reference', () => {
  it('answers a page of manufacturers with their models, variants, calibers and the version', async () => {
    const page = await search();
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(page.results.length).toBeLessThanOrEqual(20);
    expect(BigInt(page.version)).toBeGreaterThan(0n);
    const glock = (await search('glock')).results.find((row) => row.name === 'Glock');
    const g19 = glock?.models.find((model) => model.name === '19');
    expect(g19).toMatchObject({ familyId: CategoryFamilyId.SemiAutoPistols, active: true, aliases: ['G19'] });
    const gen5 = g19?.variants.find((variant) => variant.name === 'Gen 5');
    expect(gen5?.calibers.map((caliber) => caliber.name)).toEqual(['9mm Luger']);
    expect(gen5?.aliases).toContain('Generation 5');
  });

  it('finds a manufacturer by an alias, a model, a variant, and manufacturer and model together', async () => {
    const names = async (keyword: string) => (await search(keyword)).results.map((row) => row.name);
    expect(await names('S&W')).toContain('Smith & Wesson');
    expect(await names('shield')).toContain('Smith & Wesson');
    expect(await names('wingmaster')).toContain('Remington');
    expect(await names('glock 19')).toEqual(['Glock']);
    expect(await names('no such maker anywhere')).toEqual([]);
  });

  it('lists the calibers with their aliases and the variants chambered in each', async () => {
    const { results } = referenceCalibersResponseSchema.parse(await ok(call('GET', '/calibers', admin)));
    const nine = results.find((row) => row.name === '9mm Luger');
    expect(nine?.aliases).toContain('9x19');
    expect(nine?.variantCount).toBeGreaterThan(5);
    const { results: found } = referenceCalibersResponseSchema.parse(
      await ok(call('GET', '/calibers?keyword=parabellum', admin)),
    );
    expect(found.map((row) => row.name)).toEqual(['9mm Luger']);
  });
});

describe('an edit changes what POST /firearms/identify answers', () => {
  let zastava: ReferenceManufacturerRow;
  let zpap: ReferenceModelRow;
  const RIFLE: FirearmInfo = { manufacturer: 'Zastava', model: 'ZPAP M70', caliber: '7.62x39' };
  const BY_ALIAS: FirearmInfo = { manufacturer: 'Zastava', model: 'Yugo AK' };

  it('does not know a manufacturer before staff add it', async () => {
    const answer = await identify(RIFLE);
    expect(answer.data).toBeNull();
  });

  it('identifies the manufacturer and model once added, on every server after the version moved', async () => {
    const before = (await search()).version;
    // Another server has the reference in memory from before the edit.
    const other = anotherServer();
    const stale = await firearmIndex(other);
    expect([...stale.manufacturers.values()].map((row) => row.name)).not.toContain('Zastava');
    zastava = await addManufacturer('Zastava', ['Zastava Arms', 'zastava', 'Zastava  Arms']);
    // An alias keyed like the name or like another alias is kept once.
    expect(zastava.aliases).toEqual(['Zastava Arms']);
    const caliber = referenceCalibersResponseSchema.parse(
      await ok(call('GET', '/calibers?keyword=7.62x39', admin)),
    ).results[0];
    zpap = await addModel(zastava.id, {
      name: 'ZPAP M70',
      familyId: CategoryFamilyId.SemiAutoRifles,
      caliberIds: [caliber?.id],
    });
    expect(zpap.variants).toHaveLength(1);
    expect(zpap.variants[0]).toMatchObject({ name: null, calibers: [{ name: '7.62x39mm' }] });
    expect(BigInt((await search()).version)).toBeGreaterThan(BigInt(before));
    // The version moved in the edit's transaction: the other server rebuilds its index at its next read.
    const fresh = await firearmIndex(other);
    expect(fresh).not.toBe(stale);
    expect(fresh.models.has(zpap.id)).toBe(true);

    const answer = await identify(RIFLE);
    expect(answer.data?.identity).toMatchObject({
      manufacturer: 'Zastava',
      model: 'ZPAP M70',
      caliber: '7.62x39mm',
      family: 'SemiAutoRifles',
    });
  });

  it('recognises a new alias of a model', async () => {
    const without = await identify(BY_ALIAS);
    expect(without.data).toBeNull();
    const changed = await ok<ReferenceModelRow>(
      call('PATCH', `/models/${zpap.id}`, admin, { aliases: ['Yugo AK'] }),
    );
    expect(changed.aliases).toEqual(['Yugo AK']);
    const answer = await identify(BY_ALIAS);
    expect(answer.data?.identity).toMatchObject({ manufacturer: 'Zastava', model: 'ZPAP M70' });
    expect(answer.data?.reasons).toContainEqual(
      expect.objectContaining({ part: 'model', written: 'Yugo AK', value: 'ZPAP M70' }),
    );
  });

  it('recognises a new alias of a manufacturer, and a renamed manufacturer answers its new name', async () => {
    const byAlias: FirearmInfo = { manufacturer: 'Kragujevac', model: 'ZPAP M70' };
    const manufacturerReason = (answer: Awaited<ReturnType<typeof identify>>) =>
      answer.data?.reasons.find((reason) => reason.part === 'manufacturer');
    // The model alone names it, but nothing the manufacturer field says is read yet.
    const before = await identify(byAlias);
    expect(manufacturerReason(before)).toBeUndefined();
    await ok(
      call('PATCH', `/manufacturers/${zastava.id}`, admin, { aliases: ['Zastava Arms', 'Kragujevac'] }),
    );
    const after = await identify(byAlias);
    expect(after.data?.identity).toMatchObject({ manufacturer: 'Zastava', model: 'ZPAP M70' });
    expect(manufacturerReason(after)).toMatchObject({ written: 'Kragujevac', value: 'Zastava' });
    expect(after.data?.confidence).toBeGreaterThan(before.data?.confidence ?? 0);

    const renamed = await ok<ReferenceManufacturerRow>(
      call('PATCH', `/manufacturers/${zastava.id}`, admin, { name: 'Zastava Oruzje' }),
    );
    expect(renamed).toMatchObject({ name: 'Zastava Oruzje', aliases: ['Zastava Arms', 'Kragujevac'] });
    expect((await identify(byAlias)).data?.identity.manufacturer).toBe('Zastava Oruzje');
    await ok(call('PATCH', `/manufacturers/${zastava.id}`, admin, { name: 'Zastava' }));
  });

  it('a deactivated model, or one of a deactivated manufacturer, is no longer identified until reactivated', async () => {
    await ok(call('PATCH', `/models/${zpap.id}`, admin, { active: false }));
    expect((await identify(RIFLE)).data).toBeNull();
    await ok(call('PATCH', `/models/${zpap.id}`, admin, { active: true }));
    expect((await identify(RIFLE)).data?.identity.model).toBe('ZPAP M70');

    const off = await ok<ReferenceManufacturerRow>(
      call('PATCH', `/manufacturers/${zastava.id}`, admin, { active: false }),
    );
    expect(off.active).toBe(false);
    expect((await identify(RIFLE)).data).toBeNull();
    // Still listed for staff, marked inactive.
    expect((await search('zastava')).results.map((row) => [row.name, row.active])).toEqual([
      ['Zastava', false],
    ]);
    await ok(call('PATCH', `/manufacturers/${zastava.id}`, admin, { active: true }));
    expect((await identify(RIFLE)).data?.identity.manufacturer).toBe('Zastava');
  });

  it('records every edit in the audit log, with the record before and after', async () => {
    const added = await auditOf('addFirearmReference');
    expect(
      added.some((entry) => entry.after?.part === 'manufacturer' && entry.after?.name === 'Zastava'),
    ).toBe(true);
    const edited = await auditOf('editFirearmReference');
    const aliasEdit = edited.find(
      (entry) =>
        entry.after?.part === 'model' && entry.after?.id === zpap.id && entry.before?.active === true,
    );
    expect(aliasEdit).toBeDefined();
    const renamed = edited.find((entry) => entry.after?.name === 'Zastava Oruzje');
    expect(renamed).toMatchObject({
      adminId: admin.id,
      targetUserId: null,
      before: { part: 'manufacturer', name: 'Zastava' },
      after: { part: 'manufacturer', name: 'Zastava Oruzje' },
    });
  });
});

describe('removing where safe, deactivating otherwise', () => {
  let maker: ReferenceManufacturerRow;
  let model: ReferenceModelRow;

  beforeAll(async () => {
    maker = await addManufacturer('Tisas', ['Tisas USA']);
    model = await addModel(maker.id, { name: 'PX-9', familyId: CategoryFamilyId.SemiAutoPistols });
  });

  it('refuses to remove a model, its manufacturer or its variant that a listing was identified as', async () => {
    const seller = who.seller as Account;
    const id = await listing(t.database.db, seller.id, {
      title: 'Tisas PX-9 9mm pistol',
      manufacturer: 'Tisas',
      model: 'PX-9',
      caliber: '9mm',
      familyId: CategoryFamilyId.SemiAutoPistols,
    });
    await identifyListings(t.database.db, [
      {
        id,
        title: 'Tisas PX-9 9mm pistol',
        manufacturer: 'Tisas',
        model: 'PX-9',
        caliber: '9mm',
        familyId: CategoryFamilyId.SemiAutoPistols,
      },
    ]);
    const [identity] = await queryRows<{ model_id: string; variant_id: string | null }>(
      t.database.db,
      sql`select model_id, variant_id from listing_identities where listing_id = ${id}`,
    );
    expect(identity?.model_id).toBe(model.id);

    for (const path of [`/models/${model.id}`, `/manufacturers/${maker.id}`]) {
      const res = await call('DELETE', path, admin);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toMatch(/1 listing was identified as it.*Deactivate it instead/);
    }
    const variantId = identity?.variant_id ?? model.variants[0]?.id;
    const refused = await call('DELETE', `/variants/${variantId}`, admin);
    expect(refused.statusCode).toBe(409);

    // Listed with the count, and deactivating keeps the listing's identity.
    const [listed] = (await search('tisas')).results;
    expect(listed?.listingCount).toBe(1);
    expect(listed?.models[0]?.listingCount).toBe(1);
    await ok(call('PATCH', `/models/${model.id}`, admin, { active: false }));
    const [kept] = await queryRows<{ model_id: string }>(
      t.database.db,
      sql`select model_id from listing_identities where listing_id = ${id}`,
    );
    expect(kept?.model_id).toBe(model.id);
  });

  it('removes a model no listing names, with its variants; the index forgets it', async () => {
    const spare = await addModel(maker.id, { name: 'BR99', aliases: ['BR 99 Regent'] });
    await addVariant(spare.id, { name: 'Regent', caliberIds: [] });
    expect((await firearmIndex(t.database.db)).models.has(spare.id)).toBe(true);
    expect(await ok(call('DELETE', `/models/${spare.id}`, admin))).toEqual({ success: true });
    expect((await firearmIndex(t.database.db)).models.has(spare.id)).toBe(false);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from firearm_variants where model_id = ${spare.id}`,
    );
    expect(left?.n).toBe(0);
    const removed = await auditOf('removeFirearmReference');
    expect(removed.find((entry) => entry.before?.id === spare.id)).toMatchObject({
      before: { part: 'model', name: 'BR99' },
      after: null,
    });
  });

  it('keeps a model’s last variant, and removes one of several', async () => {
    const lone = await addModel(maker.id, { name: 'Zigana' });
    const [plain] = lone.variants;
    const last = await call('DELETE', `/variants/${plain?.id}`, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(REFERENCE_MESSAGES.lastVariant);
    const extra = await addVariant(lone.id, { name: 'K', barrelInches: 4.5 });
    expect(extra).toMatchObject({ name: 'K', barrelInches: 4.5, listingCount: 0, active: true });
    expect(await ok(call('DELETE', `/variants/${plain?.id}`, admin))).toEqual({ success: true });
  });

  it('removes a caliber only when no variant is chambered in it and no listing names it', async () => {
    const fk = await addCaliber('7.5 FK', ['7.5FK', '7.5x27mm']);
    expect(fk.aliases).toEqual(['7.5x27mm']);
    const variant = await addVariant(model.id, { name: 'FK', caliberIds: [fk.id] });
    expect(variant.calibers).toEqual([{ id: fk.id, name: '7.5 FK', active: true }]);
    const refused = await call('DELETE', `/calibers/${fk.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/1 variant is chambered in it/);
    await ok(call('PATCH', `/variants/${variant.id}`, admin, { caliberIds: [] }));
    expect(await ok(call('DELETE', `/calibers/${fk.id}`, admin))).toEqual({ success: true });
  });

  it('removes a manufacturer that nothing names, with its models', async () => {
    const gone = await addManufacturer('Girsan');
    const regard = await addModel(gone.id, { name: 'Regard MC' });
    expect(await ok(call('DELETE', `/manufacturers/${gone.id}`, admin))).toEqual({ success: true });
    expect((await search('girsan')).results).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from firearm_models where id = ${regard.id}`,
    );
    expect(left?.n).toBe(0);
  });
});

describe('what an edit must say', () => {
  let maker: ReferenceManufacturerRow;
  let model: ReferenceModelRow;
  beforeAll(async () => {
    maker = await addManufacturer('Bul Armory');
    model = await addModel(maker.id, { name: 'Cherokee' });
    await addModel(maker.id, { name: 'SAS II' });
  });

  it('refuses a name without letters or digits, an empty change and a family that is not a firearm', async () => {
    const unreadable = await call('POST', '/manufacturers', admin, { name: '---' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields).toEqual({ name: ReferenceMessage.nameUnreadable });
    const empty = await call('PATCH', `/models/${model.id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(ReferenceMessage.nothingToChange);
    const optics = await call('PATCH', `/models/${model.id}`, admin, { familyId: CategoryFamilyId.Optics });
    expect(optics.statusCode).toBe(400);
    expect(optics.json().error.fields).toEqual({ familyId: ReferenceMessage.firearmFamily });
  });

  it('refuses a caliber the reference does not have', async () => {
    const res = await call('POST', '/variants', admin, {
      modelId: model.id,
      name: 'Compact',
      caliberIds: ['0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ caliberIds: REFERENCE_MESSAGES.unknownCaliber });
  });

  it('answers 409 for a name already taken and 404 for an unknown record', async () => {
    const twice = await call('POST', '/manufacturers', admin, { name: 'Glock' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REFERENCE_MESSAGES.taken.manufacturer);
    const sibling = await call('PATCH', `/models/${model.id}`, admin, { name: 'SAS II' });
    expect(sibling.statusCode).toBe(409);
    expect(sibling.json().error.message).toBe(REFERENCE_MESSAGES.taken.model);
    const plain = await call('POST', '/variants', admin, { modelId: model.id });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error.message).toBe(REFERENCE_MESSAGES.taken.variant);
    const unknown = '0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d';
    expect((await call('PATCH', `/calibers/${unknown}`, admin, { active: false })).statusCode).toBe(404);
    expect(
      (await call('POST', '/models', admin, { manufacturerId: unknown, name: 'X1', familyId: 18 }))
        .statusCode,
    ).toBe(404);
  });
});
