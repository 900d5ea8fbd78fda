import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../../shared/contract/endpoint.ts';
import {
  type FirearmInfo,
  firearmIdentificationSchema,
  MAX_IDENTIFICATION_IMAGES,
} from '../../shared/contract/identification.ts';
import type { ListingInput } from '../../shared/contract/listing-input.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { THROTTLE_RULES, Throttle } from '../../src-server/core/throttle.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { listingIdentityJob } from '../../src-server/modules/identification/routes.ts';
import {
  modelNotIdentified,
  NOT_IDENTIFIED,
  NOTHING_TO_READ,
} from '../../src-server/modules/identification/service.ts';
import { firearmReferenceSeedPart } from '../../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { cameraJpeg, type FormFile, multipartForm, PHOTO_GPS, plainPng } from './support/uploads.ts';

type Caller = 'buyer' | 'seller' | 'dealer' | 'newSeller' | 'admin';
let t: AccountsTestApp;
const tokens = {} as Record<Caller, string>;
let camera: Buffer;
let small: Buffer;

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [firearmReferenceSeedPart]);
  for (const caller of ['buyer', 'seller', 'dealer', 'newSeller', 'admin'] as const) {
    tokens[caller] = await tokenOf(t.app, caller);
  }
  [camera, small] = await Promise.all([cameraJpeg(1600, 1200, 120), plainPng(64, 48)]);
}, 60_000);
afterAll(() => t.close());

const jpeg = (data: Buffer, filename = 'photo.jpg'): FormFile => ({
  filename,
  contentType: 'image/jpeg',
  data,
});
const png = (data: Buffer, filename = 'photo.png'): FormFile => ({
  filename,
  contentType: 'image/png',
  data,
});

function identify(token: string | undefined, info: FirearmInfo, files: readonly FormFile[]) {
  const form = multipartForm({ FirearmInfoJson: JSON.stringify(info) }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/firearms/identify',
    headers: { ...form.headers, ...authed(token) },
    payload: form.payload,
  });
}

const GLOCK: FirearmInfo = {
  manufacturer: 'Glcok',
  model: '19 gen5',
  caliber: '9x19',
  markings: 'Made in Austria',
};

const identificationsOf = (userId: string) =>
  queryRows<{ image_urls: string[]; model_id: string | null }>(
    t.database.db,
    sql`select image_urls, model_id from firearm_identifications where user_id = ${userId}`,
  );

describe('POST /api/firearms/identify', () => {
  it('asks a visitor to sign in', async () => {
    const res = await identify(undefined, GLOCK, [png(small)]);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it.each(['buyer', 'seller', 'dealer', 'newSeller', 'admin'] as const)(
    'identifies a firearm for a signed-in %s, with its alternatives and why',
    async (caller) => {
      const res = await identify(tokens[caller], GLOCK, [png(small)]);
      expect(res.statusCode).toBe(200);
      const body = firearmIdentificationSchema.parse(res.json());
      expect(body.data?.identity).toMatchObject({
        manufacturer: 'Glock',
        model: '19',
        variant: 'Gen 5',
        caliber: '9mm Luger',
        family: 'SemiAutoPistols',
        familyId: CategoryFamilyId.SemiAutoPistols,
        requiresFfl: true,
        nfa: false,
      });
      expect(body.data?.confidence).toBeGreaterThan(0.8);
      expect(body.data?.reasons).toContainEqual({
        part: 'manufacturer',
        field: 'manufacturer',
        written: 'Glcok',
        value: 'Glock',
        typo: true,
      });
      expect(body.data?.alternatives.length).toBeGreaterThan(0);
      expect(body.data?.alternatives.length).toBeLessThanOrEqual(5);
      expect(body.data?.alternatives.map((candidate) => candidate.identity.variant)).toContain('Gen 4');
      expect(body.data?.description).toContain('ships only to a licensed dealer');
      expect(body.message).toMatch(/^Identified as Glock 19 Gen 5 in 9mm Luger/);
      expect(body.imageUrl).toMatch(/^\/media\/listings\/[0-9a-f-]{36}\.png$/);
      const [kept] = await identificationsOf(DEMO_ACCOUNTS[caller].id);
      expect(kept?.image_urls).toEqual([body.imageUrl]);
      expect(kept?.model_id).toBe(body.data?.identity.modelId);
    },
  );

  it('stores every photo upright with no EXIF or GPS, the first as the primary photo', async () => {
    expect(await exifr.gps(camera)).toMatchObject(PHOTO_GPS);
    const res = await identify(tokens.seller, { manufacturer: 'S&W', model: 'M&P 9 2.0' }, [
      jpeg(camera, 'side.jpg'),
      png(small),
    ]);
    expect(res.statusCode).toBe(200);
    const body = firearmIdentificationSchema.parse(res.json());
    expect(body.data?.identity).toMatchObject({
      manufacturer: 'Smith & Wesson',
      model: 'M&P9',
      variant: '2.0',
    });
    expect(body.data?.images).toHaveLength(2);
    expect(body.imageUrl).toBe(body.data?.images[0]);
    const photo = await t.app.inject({ method: 'GET', url: body.imageUrl });
    expect(photo.statusCode).toBe(200);
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(1200);
    expect(await exifr.gps(photo.rawPayload).catch(() => undefined)).toBeUndefined();
  });

  it('refuses a file that is not an image, whatever its name and type say', async () => {
    const res = await identify(tokens.buyer, GLOCK, [
      jpeg(Buffer.from('GLOCK 19 receipt, not a photo'), 'gun.jpg'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toContain('“gun.jpg”');
    expect(res.json().error.message).toContain('JPEG, PNG or WebP');
  });

  it('refuses an image whose content cannot be decoded', async () => {
    const broken = Buffer.concat([camera.subarray(0, 600), Buffer.alloc(200)]);
    const res = await identify(tokens.buyer, GLOCK, [jpeg(broken, 'cut.jpg')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toContain('could not be read as an image');
  });

  it(`takes at most ${MAX_IDENTIFICATION_IMAGES} photos of at most 15 MB each, and at least one`, async () => {
    const tooMany = Array.from({ length: MAX_IDENTIFICATION_IMAGES + 1 }, (_, at) =>
      png(small, `p${at}.png`),
    );
    const many = await identify(tokens.buyer, GLOCK, tooMany);
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toBe(`Send at most ${MAX_IDENTIFICATION_IMAGES} files at once.`);

    const huge = Buffer.concat([small, Buffer.alloc(15 * MB)]);
    const large = await identify(tokens.buyer, GLOCK, [png(huge, 'huge.png')]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toContain('“huge.png” is larger than 15 MB');

    const none = await identify(tokens.buyer, GLOCK, []);
    expect(none.statusCode).toBe(400);
  });

  it('answers an empty image URL, no data and what to add when nothing is identified, keeping nothing', async () => {
    const before = (await identificationsOf(DEMO_ACCOUNTS.newSeller.id)).length;
    const cases: [FirearmInfo, string][] = [
      [{ manufacturer: 'Zorblax', model: 'Quux 7' }, NOT_IDENTIFIED],
      [{ manufacturer: 'Glock', notes: 'my grandfather’s pistol' }, modelNotIdentified('Glock')],
      [{ condition: 'Used' }, NOTHING_TO_READ],
    ];
    for (const [info, message] of cases) {
      const res = await identify(tokens.newSeller, info, [png(small)]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ imageUrl: '', data: null, message });
    }
    expect(await identificationsOf(DEMO_ACCOUNTS.newSeller.id)).toHaveLength(before);
  });

  it('limits how often one account identifies, leaving others untouched', async () => {
    const throttle = new Throttle(t.database.db);
    // The account's identifications so far count too: the limit is filled up from there.
    while (await throttle.tryHit(THROTTLE_RULES.firearmIdentify, DEMO_ACCOUNTS.dealer.id));
    const limited = await identify(tokens.dealer, GLOCK, [png(small)]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(THROTTLE_RULES.firearmIdentify.message);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await identify(tokens.buyer, GLOCK, [png(small)])).statusCode).toBe(200);
  });
});

const identityOfListing = async (listingId: string) =>
  (
    await queryRows<{ manufacturer: string | null; model: string | null; variant: string | null }>(
      t.database.db,
      sql`select m.name as manufacturer, fm.name as model, v.name as variant
          from listing_identities i
          left join firearm_manufacturers m on m.id = i.manufacturer_id
          left join firearm_models fm on fm.id = i.model_id
          left join firearm_variants v on v.id = i.variant_id
          where i.listing_id = ${listingId}`,
    )
  )[0];

describe('the identity of a listing', () => {
  const input = (overrides: Partial<ListingInput>): ListingInput => ({
    title: 'Glock 19 Gen5 9mm, two mags',
    description: '<p>Carried twice.</p>',
    familyId: CategoryFamilyId.SemiAutoPistols,
    manufacturer: 'Glock',
    condition: 'Used',
    quantity: 1,
    price: 549.99,
    zipCode: '75201',
    ...overrides,
  });
  const save = (listing: ListingInput) => {
    const form = multipartForm({ request: JSON.stringify(listing) }, []);
    return t.app.inject({
      method: 'POST',
      url: '/api/listings/add',
      headers: { ...form.headers, ...authed(tokens.seller) },
      payload: form.payload,
    });
  };

  it('is read from the listing form when a listing is saved, and again when it is edited', async () => {
    const created = await save(input({}));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    expect(await identityOfListing(id)).toEqual({ manufacturer: 'Glock', model: '19', variant: 'Gen 5' });
    const edited = await save(input({ id, title: 'Sig P365 XL 9mm', manufacturer: 'Sig Sauer' }));
    expect(edited.statusCode).toBe(200);
    expect(await identityOfListing(id)).toEqual({ manufacturer: 'Sig Sauer', model: 'P365', variant: 'XL' });
  });

  it('is recorded as none for goods that are not firearms', async () => {
    const created = await save(
      input({
        title: 'Glock 19 holster',
        familyId: CategoryFamilyId.Accessories,
        manufacturer: 'Safariland',
      }),
    );
    expect(await identityOfListing(created.json().id)).toEqual({
      manufacturer: null,
      model: null,
      variant: null,
    });
  });

  it('is filled in by the backfill for listings written without one', async () => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into listings (user_id, title, condition, price, family_id, zip_code)
          values (${DEMO_ACCOUNTS.seller.id}, 'Remmington 870 Wingmaster 12ga', 'Used', 399, ${CategoryFamilyId.PumpActionShotguns}, '75201')
          returning id`,
    );
    expect(await identityOfListing(row?.id ?? '')).toBeUndefined();
    await listingIdentityJob(t.database.db).run();
    expect(await identityOfListing(row?.id ?? '')).toEqual({
      manufacturer: 'Remington',
      model: '870',
      variant: 'Wingmaster',
    });
  });
});
