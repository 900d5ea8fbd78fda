import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../shared/contract/common.ts';
import type { ListingInput } from '../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { ListingLifecycleMessage } from '../../shared/contract/listings.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../shared/contract/users.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ListingOption, UPC_MESSAGES } from '../../shared/domain/listing.ts';
import { PaymentMethod } from '../../shared/domain/payment.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { rebuildSuggestionTerms } from '../../src-server/modules/listings/search-indexes/suggestion-terms.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { withAdminClient } from './support/test-database.ts';
import { cameraJpeg, type FormFile, multipartForm, PHOTO_GPS, plainPng } from './support/uploads.ts';

let t: AccountsTestApp;
const tokens: Record<'seller' | 'dealer' | 'newSeller' | 'buyer' | 'admin', string> = {
  seller: '',
  dealer: '',
  newSeller: '',
  buyer: '',
  admin: '',
};
let photoA: Buffer;
let photoB: Buffer;

beforeAll(async () => {
  t = await createAccountsTestApp();
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[key] = await tokenOf(t.app, key);
  [photoA, photoB] = await Promise.all([cameraJpeg(1600, 1200, 120), cameraJpeg(900, 700, 200)]);
}, 60_000);
afterAll(() => t.close());

let unique = 0;
/** A word no other listing carries, so a keyword search finds exactly the listing made with it. */
const uniqueWord = () => {
  unique += 1;
  return `zorblax${unique}q${process.pid}`;
};

const baseInput = (word: string, overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: `Glock 19 Gen5 ${word}`,
  description: `<p>Carried twice, <strong>${word}</strong> edition.</p>`,
  familyId: CategoryFamilyId.SemiAutoPistols,
  manufacturer: 'Glock',
  model: `19 ${word}`,
  caliber: '9mm Luger',
  condition: 'Used',
  quantity: 2,
  price: 549.99,
  upc: '764503183058',
  zipCode: '75201',
  ...overrides,
});

const jpeg = (data: Buffer, filename = 'photo.jpg'): FormFile => ({
  filename,
  contentType: 'image/jpeg',
  data,
});

function addListing(
  token: string | undefined,
  input: ListingInput | Record<string, unknown>,
  files: readonly FormFile[] = [],
): Promise<LightMyRequestResponse> {
  const form = multipartForm({ request: JSON.stringify(input) }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/listings/add',
    headers: { ...form.headers, ...authed(token) },
    payload: form.payload,
  });
}

const search = (keyword: string) =>
  t.app.inject({ method: 'POST', url: '/api/listings/search', payload: { keyword } });
const idsFound = async (keyword: string) =>
  ((await search(keyword)).json().results as { id: string }[]).map((card) => card.id);
const getById = async (id: string): Promise<ListingDetail | undefined> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/listings/get',
      payload: { filters: { listingIds: [id] } },
    })
  ).json().results[0];
const call = (method: 'POST' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url, headers: authed(token) });

async function created(token: string, input: ListingInput, files: readonly FormFile[] = []) {
  const res = await addListing(token, input, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingDetail;
}

/**
 * PostgreSQL: runs `work` while a session of its own (outside the app's pool) holds the row locks
 * `lock` takes, and lets go once `waiters` of the app's sessions wait for a lock.
 */
async function whileLocked<T>(
  lock: { text: string; values: unknown[] },
  waiters: number,
  work: () => Promise<T>,
  beforeRelease?: { text: string; values: unknown[] },
): Promise<T> {
  const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${row?.name}`;
  return withAdminClient(url.toString(), async (client) => {
    await client.query('begin');
    await client.query(lock.text, lock.values);
    const result = work();
    for (let tries = 0; ; tries += 1) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.n ?? 0) >= waiters) break;
      if (tries > 300) throw new Error(`Fewer than ${waiters} sessions came to wait for the lock`);
      await client.query('select pg_stat_clear_snapshot()');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (beforeRelease) await client.query(beforeRelease.text, beforeRelease.values);
    await client.query('commit');
    return result;
  });
}

describe('POST /listings/add: a seller lists an item with photos', () => {
  let listing: ListingDetail;
  let word: string;

  beforeAll(async () => {
    word = uniqueWord();
    listing = await created(tokens.seller, baseInput(word), [
      jpeg(photoA, 'front.jpg'),
      jpeg(photoB, 'side.JPG'),
    ]);
  }, 60_000);

  it('answers the new listing, owned by the caller, with both photos', () => {
    expect(listing.userId).toBe(DEMO_ACCOUNTS.seller.id);
    expect(listing.title).toBe(`Glock 19 Gen5 ${word}`);
    expect(listing.isActive).toBe(true);
    expect(listing.images).toHaveLength(2);
    expect(listing.thumbnailPicture).toBe(listing.images[0]?.src);
    // Turned upright by its EXIF orientation: the sideways 1600×1200 photo is 1200 wide.
    expect(listing.images[0]).toMatchObject({ width: 1200, height: 1600 });
    expect(listing.images[0]?.src).toMatch(/^\/media\/listings\/[0-9a-f-]{36}\.jpg$/);
  });

  it('is found at once by a unique keyword and by its id', async () => {
    expect(await idsFound(word)).toEqual([listing.id]);
    expect((await getById(listing.id))?.title).toContain(word);
  });

  it("takes the seller's payment methods and live checkout when none are given", () => {
    expect(listing.acceptedPaymentMethods).toBe(
      PaymentMethod.Visa | PaymentMethod.Mastercard | PaymentMethod.Discover | PaymentMethod.GunTab,
    );
    expect(listing.liveCheckoutEnabled).toBe(true);
  });

  it('suggests its new model at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/suggestions?query=${word}` });
    expect(Object.keys(res.json().querySummary)).toContain(`Glock 19 ${word}`);
  });

  it('serves every photo variant with long caching, its type and nosniff, and no EXIF or GPS in any', async () => {
    const src = listing.images[0]?.src ?? '';
    const widths: [string, number][] = [
      ['', 1200],
      ['?w=768', 768],
      ['?w=412', 412],
      ['?w=200', 200],
    ];
    for (const [query, width] of widths) {
      const res = await t.app.inject({ method: 'GET', url: `${src}${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const bytes = res.rawPayload;
      expect((await sharp(bytes).metadata()).width, query).toBe(width);
      expect(await exifr.gps(bytes).catch(() => undefined), query).toBeUndefined();
      const tags = await exifr.parse(bytes, true).catch(() => undefined);
      expect(tags?.latitude ?? tags?.GPSLatitude, query).toBeUndefined();
      expect(tags?.Make, query).toBeUndefined();
    }
    // The uploads themselves did carry the position.
    expect(await exifr.gps(photoA)).toMatchObject(PHOTO_GPS);
  });

  it('keeps no stored variant with EXIF: every file of both photos checked', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    for (const image of listing.images) {
      const folder = path.join(t.dataDir, 'files', 'listings', image.id);
      const names = await readdir(folder);
      expect(names.sort()).toEqual(['original.jpg', 'thumb.jpg', 'w412.jpg', 'w768.jpg']);
      for (const name of names) {
        const bytes = await readFile(path.join(folder, name));
        expect(await exifr.parse(bytes, true).catch(() => undefined), name).toBeUndefined();
      }
    }
  });

  it('sanitizes the description: no script, event handler or javascript: link survives', async () => {
    const res = await addListing(
      tokens.seller,
      baseInput(uniqueWord(), {
        description:
          '<p onclick="steal()">Clean <b>bold</b> <em>and</em> <a href="javascript:alert(1)">bad</a> <a href="https://example.com/manual" onmouseover="x()">manual</a></p><script>alert(1)</script><img src=x onerror="alert(2)"><ul><li>one</li></ul>',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const description = (res.json() as ListingDetail).description;
    expect(description).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img/i);
    expect(description).toContain('<strong>bold</strong>');
    expect(description).toContain(
      '<a href="https://example.com/manual" rel="nofollow noopener noreferrer">manual</a>',
    );
    expect(description).toContain('<ul><li>one</li></ul>');
  });

  it('serves a description written around the sanitizer (an import, an older row) cleaned', async () => {
    await t.database.db.execute(
      sql`update listings set description = ${'<p>Nice <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">link</a></p>'} where id = ${listing.id}`,
    );
    const detail = await getById(listing.id);
    expect(detail?.description).toBe('<p>Nice <a>link</a></p>');
  });

  it('edits it: new price and title, offers taken, photos reordered, a photo added, search follows', async () => {
    const newWord = uniqueWord();
    const [first, second] = listing.images;
    expect(listing.acceptsOffers).toBe(false);
    const res = await addListing(
      tokens.seller,
      baseInput(newWord, {
        id: listing.id,
        price: 479,
        acceptsOffers: true,
        imageOrder: [second!.id, first!.id],
      }),
      [{ filename: 'back.png', contentType: 'image/png', data: await plainPng() }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as ListingDetail;
    expect(edited.id).toBe(listing.id);
    expect(edited.price).toBe(479);
    expect(edited.acceptsOffers).toBe(true);
    expect(edited.images.map((image) => image.id).slice(0, 2)).toEqual([second!.id, first!.id]);
    expect(edited.images).toHaveLength(3);
    expect(edited.images[2]?.src).toMatch(/\.png$/);
    expect(edited.thumbnailPicture).toBe(second!.src);
    expect(await idsFound(newWord)).toEqual([listing.id]);
    expect(await idsFound(word)).toEqual([]);
    const png = await t.app.inject({ method: 'GET', url: `${edited.images[2]?.src}?w=412` });
    expect(png.headers['content-type']).toBe('image/png');
  });
});

describe('POST /listings/add: who may list', () => {
  it('a visitor is asked to sign in (401)', async () => {
    const res = await addListing(undefined, baseInput(uniqueWord()));
    expect(res.statusCode).toBe(401);
  });

  it('a buyer is refused (403)', async () => {
    const res = await addListing(tokens.buyer, baseInput(uniqueWord()));
    expect(res.statusCode).toBe(403);
  });

  it('a seller without payment setup is told why (403, NoPaymentSetup)', async () => {
    const res = await addListing(tokens.newSeller, baseInput(uniqueWord()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      reason: 'NoPaymentSetup',
      error: { code: 'forbidden', message: LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup },
    });
  });

  it('an admin without a seller role cannot create one for itself (403, NotSeller)', async () => {
    const res = await addListing(tokens.admin, baseInput(uniqueWord()));
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('NotSeller');
  });

  it('another seller cannot edit the listing (403) and an admin can', async () => {
    const listing = await created(tokens.seller, baseInput(uniqueWord()));
    const byOther = await addListing(tokens.dealer, baseInput(uniqueWord(), { id: listing.id }));
    expect(byOther.statusCode).toBe(403);
    const byAdmin = await addListing(tokens.admin, baseInput(uniqueWord(), { id: listing.id, price: 10 }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ userId: DEMO_ACCOUNTS.seller.id, price: 10 });
  });
});

describe('POST /listings/add: what is refused', () => {
  it('a text file named .jpg (415, by its content)', async () => {
    const res = await addListing(tokens.seller, baseInput(uniqueWord()), [
      jpeg(Buffer.from('these are my notes, not a photo\n'.repeat(20)), 'notes.jpg'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'unsupported_media_type' });
    expect(res.json().error.message).toBe('“notes.jpg” is not an image. Choose a JPEG, PNG or WebP image.');
  });

  it('a GIF declared as a JPEG (415)', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    const res = await addListing(tokens.seller, baseInput(uniqueWord()), [jpeg(gif, 'photo.jpg')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/is a GIF file/);
  });

  it('a photo over the size limit (413), and nothing is listed', async () => {
    const word = uniqueWord();
    const big = Buffer.concat([photoA, Buffer.alloc(15 * 1024 * 1024)]);
    const res = await addListing(tokens.seller, baseInput(word), [jpeg(big, 'huge.jpg')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      message: '“huge.jpg” is larger than 15 MB. Choose a smaller file.',
    });
    expect(await idsFound(word)).toEqual([]);
  });

  it('more photos than a listing may have (413)', async () => {
    const small = await plainPng(20, 20);
    const files = Array.from({ length: 21 }, (_, i) => ({
      filename: `${i}.png`,
      contentType: 'image/png',
      data: small,
    }));
    const res = await addListing(tokens.seller, baseInput(uniqueWord()), files);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Send at most 20 files at once.');
  });

  it('photos beyond the 20 a listing may have, counting those it has (400)', async () => {
    const small = await plainPng(20, 20);
    const listing = await created(tokens.seller, baseInput(uniqueWord()), [jpeg(photoB)]);
    const files = Array.from({ length: 20 }, (_, i) => ({
      filename: `${i}.png`,
      contentType: 'image/png',
      data: small,
    }));
    const res = await addListing(tokens.seller, baseInput(uniqueWord(), { id: listing.id }), files);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ListingLifecycleMessage.TooManyImages);
    expect((await getById(listing.id))?.images).toHaveLength(1);
  });

  it('two saves at once cannot pass the 20 photos together: one is refused (400)', async () => {
    const small = await plainPng(20, 20);
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      filename: `${i}.png`,
      contentType: 'image/png',
      data: small,
    }));
    const save = () => addListing(tokens.seller, baseInput(word, { id: listing.id }), eleven);
    let answers: LightMyRequestResponse[];
    if (t.database.kind === 'postgres') {
      // Both saves read 0 photos before their transactions and then wait on this lock together.
      answers = await whileLocked(
        { text: 'select id from listings where id = $1 for update', values: [listing.id] },
        2,
        () => Promise.all([save(), save()]),
      );
    } else {
      answers = await Promise.all([save(), save()]);
    }
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.statusCode === 400)?.json().error.message).toBe(
      ListingLifecycleMessage.TooManyImages,
    );
    expect((await getById(listing.id))?.images).toHaveLength(11);
  });

  it('a save and the periodic rebuild of the suggestions at once both succeed, the count right', async () => {
    const manufacturer = `Maker ${uniqueWord()}`;
    await created(tokens.seller, baseInput(uniqueWord(), { manufacturer }));
    const both = () =>
      Promise.all([
        addListing(tokens.seller, baseInput(uniqueWord(), { manufacturer })),
        rebuildSuggestionTerms(t.database.db).then(() => 'rebuilt'),
      ]);
    // PostgreSQL: both come to rewrite the manufacturer's suggestion at the same moment.
    const [saved, rebuilt] =
      t.database.kind === 'postgres'
        ? await whileLocked(
            {
              text: `select term from suggestion_terms where term = $1 and kind = 'manufacturer' for update`,
              values: [manufacturer],
            },
            2,
            both,
          )
        : await both();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(rebuilt).toBe('rebuilt');
    const [term] = await queryRows<{ listing_count: number }>(
      t.database.db,
      sql`select listing_count from suggestion_terms where term = ${manufacturer} and kind = 'manufacturer'`,
    );
    expect(term?.listing_count).toBe(2);
  });

  it('a UPC-A with a wrong check digit (400, the field named)', async () => {
    const res = await addListing(tokens.seller, baseInput(uniqueWord(), { upc: '764503183051' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.upc).toBe(UPC_MESSAGES.checkDigit);
  });

  it('a JSON body instead of a form (415), and a form without the request field (400)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/listings/add',
      headers: authed(tokens.seller),
      payload: baseInput(uniqueWord()),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart\/form-data/);
    const form = multipartForm({}, [jpeg(photoB)]);
    const noRequest = await t.app.inject({
      method: 'POST',
      url: '/api/listings/add',
      headers: { ...form.headers, ...authed(tokens.seller) },
      payload: form.payload,
    });
    expect(noRequest.statusCode).toBe(400);
    expect(noRequest.json().error.fields.request).toMatch(/JSON/);
  });

  it('a description with nothing left to read once sanitized (400)', async () => {
    const res = await addListing(
      tokens.seller,
      baseInput(uniqueWord(), { description: '<script>alert(1)</script>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.description).toBeTypeOf('string');
  });
});

describe('POST /listings/add: the listing options a seller may set', () => {
  const paid =
    ListingOption.Featured |
    ListingOption.Homepage |
    ListingOption.Bold |
    ListingOption.Highlight |
    ListingOption.CustomVerified |
    ListingOption.ExtraPhotosPaid;

  it('keeps only Will accept trade of what a seller sends: no free Featured or Homepage', async () => {
    const listing = await created(
      tokens.seller,
      baseInput(uniqueWord(), { listingOptions: paid | ListingOption.WillAcceptTrade }),
    );
    expect(listing.listingOptions).toBe(ListingOption.WillAcceptTrade);
    expect((await getById(listing.id))?.listingOptions).toBe(ListingOption.WillAcceptTrade);
    const featured = await t.app.inject({ method: 'GET', url: '/api/listings/featured?limit=20' });
    expect(featured.statusCode).toBe(200);
    expect(featured.json().results.map((card: { id: string }) => card.id)).not.toContain(listing.id);
  });

  it("a seller's update keeps the fees and upsells the listing has and toggles Will accept trade", async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    await t.database.db.execute(
      sql`update listings set listing_options = ${ListingOption.LocalListingFee | ListingOption.Bold} where id = ${listing.id}`,
    );
    const res = await addListing(
      tokens.seller,
      baseInput(word, {
        id: listing.id,
        listingOptions: ListingOption.WillAcceptTrade | ListingOption.Homepage,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await getById(listing.id))?.listingOptions).toBe(
      ListingOption.LocalListingFee | ListingOption.Bold | ListingOption.WillAcceptTrade,
    );
  });

  it('an admin sets any flag', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    const res = await addListing(
      tokens.admin,
      baseInput(word, { id: listing.id, listingOptions: ListingOption.Featured }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await getById(listing.id))?.listingOptions).toBe(ListingOption.Featured);
  });
});

describe('close, relist and delete', () => {
  it('close → not in search → relist → back in search', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    const closed = await call('POST', `/api/listings/close/${listing.id}`, tokens.seller);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ success: true });
    expect(await idsFound(word)).toEqual([]);
    const relisted = await call('POST', `/api/listings/relist/${listing.id}`, tokens.seller);
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json()).toEqual({ success: true, errorMessage: null });
    expect(await idsFound(word)).toEqual([listing.id]);
  });

  it('a relist that fails answers 500 with the failure text the screens show', async () => {
    const listing = await created(tokens.seller, baseInput(uniqueWord()));
    await call('POST', `/api/listings/close/${listing.id}`, tokens.seller);
    // A database that refuses the write: the relist cannot complete.
    await t.database.db.execute(sql`create function refuse_relist() returns trigger language plpgsql as $$
      begin raise exception 'relist refused by the database'; end $$`);
    await t.database.db.execute(
      sql.raw(`create trigger refuse_relist before update on listings
      for each row when (old.id = '${listing.id}') execute function refuse_relist()`),
    );
    try {
      const res = await call('POST', `/api/listings/relist/${listing.id}`, tokens.seller);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        success: false,
        errorMessage: ErrorMessage.RelistFailed,
        error: { code: 'internal', message: 'Server error occurred while relisting.' },
      });
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_relist on listings`);
      await t.database.db.execute(sql`drop function refuse_relist()`);
    }
  });

  it('a listing frozen for fraud cannot be relisted by its seller (409); an admin may, lifting the freeze', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    await t.database.db.execute(
      sql`update listings set is_active = false, listing_options = listing_options | ${ListingOption.FrozenDueToFraud} where id = ${listing.id}`,
    );
    const bySeller = await call('POST', `/api/listings/relist/${listing.id}`, tokens.seller);
    expect(bySeller.statusCode).toBe(409);
    expect(bySeller.json().error).toEqual({
      code: 'conflict',
      message: ListingLifecycleMessage.FrozenRelist,
    });
    const tabs = await t.app.inject({
      method: 'POST',
      url: '/api/listings/getall',
      headers: authed(tokens.seller),
      payload: { filters: { status: 'frozen', keyword: word } },
    });
    expect(tabs.json().results.map((card: { id: string }) => card.id)).toEqual([listing.id]);
    expect(tabs.json().counts).toMatchObject({ frozen: 1, active: 0, all: 1 });
    // The seller's form cannot lift the freeze either: a frozen listing is not the seller's to change.
    const edit = await addListing(tokens.seller, baseInput(word, { id: listing.id, listingOptions: 0 }));
    expect(edit.statusCode).toBe(409);
    expect((await getById(listing.id))?.listingOptions).toBe(ListingOption.FrozenDueToFraud);
    const byAdmin = await call('POST', `/api/listings/relist/${listing.id}`, tokens.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect((await getById(listing.id))?.listingOptions).toBe(0);
    expect(await idsFound(word)).toEqual([listing.id]);
  });

  it("a freeze set while the seller's relist waits holds: the relist answers 409", async () => {
    const listing = await created(tokens.seller, baseInput(uniqueWord()));
    await call('POST', `/api/listings/close/${listing.id}`, tokens.seller);
    const freeze = {
      text: 'update listings set listing_options = listing_options | $2 where id = $1',
      values: [listing.id, ListingOption.FrozenDueToNonPayment],
    };
    const relist = () => call('POST', `/api/listings/relist/${listing.id}`, tokens.seller);
    let res: LightMyRequestResponse;
    if (t.database.kind === 'postgres') {
      // The relist passes its checks on the unfrozen listing, then waits while staff freeze it.
      res = await whileLocked(
        { text: 'select id from listings where id = $1 for update', values: [listing.id] },
        1,
        relist,
        freeze,
      );
    } else {
      await t.database.db.execute(
        sql`update listings set listing_options = listing_options | ${ListingOption.FrozenDueToNonPayment} where id = ${listing.id}`,
      );
      res = await relist();
    }
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(ListingLifecycleMessage.FrozenRelist);
    const after = await getById(listing.id);
    expect(after?.listingOptions).toBe(ListingOption.FrozenDueToNonPayment);
    expect(after?.isActive).toBe(false);
  });

  it('a seller cannot edit, remove a photo of or delete a frozen listing (409), may close it; an admin may change it', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word), [jpeg(photoB)]);
    await t.database.db.execute(
      sql`update listings set listing_options = ${ListingOption.FrozenDueToNonPayment} where id = ${listing.id}`,
    );
    const imageId = listing.images[0]?.id;
    const refusals = [
      await addListing(tokens.seller, baseInput(word, { id: listing.id, price: 1 })),
      await call('DELETE', `/api/listings/delete-image/${imageId}`, tokens.seller),
      await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.seller),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(ListingLifecycleMessage.FrozenChange);
    }
    const kept = await getById(listing.id);
    expect(kept?.price).toBe(listing.price);
    expect(kept?.images).toHaveLength(1);
    expect((await call('POST', `/api/listings/close/${listing.id}`, tokens.seller)).statusCode).toBe(200);
    const byAdmin = await addListing(
      tokens.admin,
      baseInput(word, { id: listing.id, price: 1, listingOptions: ListingOption.FrozenDueToNonPayment }),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await call('DELETE', `/api/listings/delete-image/${imageId}`, tokens.admin)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.admin)).statusCode).toBe(200);
  });

  it('a seller cannot delete a sold listing (409) but may edit its text; an admin may delete it', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word));
    await t.database.db.execute(sql`update listings set is_sold = true where id = ${listing.id}`);
    const bySeller = await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.seller);
    expect(bySeller.statusCode).toBe(409);
    expect(bySeller.json().error.message).toBe(ListingLifecycleMessage.SoldDelete);
    const edit = await addListing(tokens.seller, baseInput(word, { id: listing.id, title: `Sold ${word}` }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await getById(listing.id))?.title).toBe(`Sold ${word}`);
    expect((await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.admin)).statusCode).toBe(200);
  });

  it('another seller gets 403, a buyer 403 and a visitor 401 on close, relist, delete and delete-image', async () => {
    const listing = await created(tokens.seller, baseInput(uniqueWord()), [jpeg(photoB)]);
    const imageId = listing.images[0]?.id;
    const writes: ['POST' | 'DELETE', string][] = [
      ['POST', `/api/listings/close/${listing.id}`],
      ['POST', `/api/listings/relist/${listing.id}`],
      ['DELETE', `/api/listings/delete/${listing.id}`],
      ['DELETE', `/api/listings/delete-image/${imageId}`],
    ];
    for (const [method, url] of writes) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, tokens.buyer)).statusCode, url).toBe(403);
      expect((await call(method, url, tokens.dealer)).statusCode, url).toBe(403);
    }
    expect((await getById(listing.id))?.images).toHaveLength(1);
  });

  it('delete-image removes one photo and its files; the next becomes the main photo', async () => {
    const listing = await created(tokens.seller, baseInput(uniqueWord()), [jpeg(photoA), jpeg(photoB)]);
    const [first, second] = listing.images;
    const res = await call('DELETE', `/api/listings/delete-image/${first!.id}`, tokens.seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await getById(listing.id);
    expect(after?.images.map((image) => image.id)).toEqual([second!.id]);
    expect(after?.thumbnailPicture).toBe(second!.src);
    expect((await t.app.inject({ method: 'GET', url: first!.src })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/listings/delete-image/${first!.id}`, tokens.seller)).statusCode).toBe(
      404,
    );
  });

  it('delete removes the listing from search, by id and its photos; an admin may delete any', async () => {
    const word = uniqueWord();
    const listing = await created(tokens.seller, baseInput(word), [jpeg(photoB)]);
    const res = await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.seller);
    expect(res.statusCode).toBe(200);
    expect(await idsFound(word)).toEqual([]);
    expect(await getById(listing.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: listing.images[0]!.src })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/listings/delete/${listing.id}`, tokens.seller)).statusCode).toBe(404);
    const another = await created(tokens.seller, baseInput(uniqueWord()));
    expect((await call('DELETE', `/api/listings/delete/${another.id}`, tokens.admin)).statusCode).toBe(200);
  });
});

describe('POST /listings/getall: the tabs of My listings', () => {
  it('counts each tab and filters by keyword, sorted as asked', async () => {
    const word = uniqueWord();
    const cheap = await created(tokens.dealer, baseInput(word, { price: 100 }));
    const dear = await created(tokens.dealer, baseInput(word, { price: 900 }));
    const soldOut = await created(tokens.dealer, baseInput(word, { price: 500 }));
    const ended = await created(tokens.dealer, baseInput(word, { price: 300 }));
    await t.database.db.execute(sql`update listings set quantity = 0 where id = ${soldOut.id}`);
    await call('POST', `/api/listings/close/${ended.id}`, tokens.dealer);
    const tab = (status: string, sort = 'newest') =>
      t.app.inject({
        method: 'POST',
        url: '/api/listings/getall',
        headers: authed(tokens.dealer),
        payload: { filters: { status, keyword: word, sort } },
      });
    const active = (await tab('active', 'priceDesc')).json();
    expect(active.results.map((card: { id: string }) => card.id)).toEqual([dear.id, cheap.id]);
    expect(active.counts).toEqual({ active: 2, sold: 0, closed: 1, frozen: 0, outOfStock: 1, all: 4 });
    expect(active.total).toBe(2);
    expect((await tab('outOfStock')).json().results.map((card: { id: string }) => card.id)).toEqual([
      soldOut.id,
    ]);
    expect((await tab('closed')).json().results.map((card: { id: string }) => card.id)).toEqual([ended.id]);
  });
});

describe('payment options', () => {
  it('round trip: the seller without setup saves a gateway, can list, and the secret never comes back', async () => {
    const eligibility = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/listing-eligibility',
          headers: authed(tokens.newSeller),
        })
      ).json();
    expect(await eligibility()).toEqual({
      canList: false,
      isSeller: true,
      hasAcceptedPaymentSetup: false,
      isFrozen: false,
      reason: 'NoPaymentSetup',
      message: LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup,
      link: '/dashboard/selling/livecheckout',
    });
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment-options',
      headers: authed(tokens.newSeller),
    });
    expect(before.json()).toMatchObject({ gateway: null, gunTab: null, hasAcceptedPaymentSetup: false });

    const secret = 'sk_live_do-not-leak-0123456789';
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/addOrUpdatePaymentOptions',
      headers: authed(tokens.newSeller),
      payload: {
        acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Amex,
        liveCheckoutEnabled: true,
        gateway: { provider: 'Authorize.Net', merchantId: 'nico-123', secretKey: secret },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(secret);
    expect(saved.json()).toEqual({
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Amex,
      liveCheckoutEnabled: true,
      gateway: { provider: 'Authorize.Net', merchantId: 'nico-123' },
      gunTab: null,
      hasAcceptedPaymentSetup: true,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment-options',
      headers: authed(tokens.newSeller),
    });
    expect(read.json()).toEqual(saved.json());
    expect(read.body).not.toContain(secret);
    const [stored] = await queryRows<{ sealed: string }>(
      t.database.db,
      sql`select gateway_secret_sealed as sealed from seller_payment_options where user_id = ${DEMO_ACCOUNTS.newSeller.id}`,
    );
    expect(stored?.sealed).toMatch(/^v2\./);
    expect(stored?.sealed).not.toContain(secret);
    expect(await eligibility()).toMatchObject({
      canList: true,
      reason: null,
      message: null,
      link: null,
      hasAcceptedPaymentSetup: true,
    });

    const listing = await created(tokens.newSeller, baseInput(uniqueWord()));
    expect(listing.acceptedPaymentMethods).toBe(PaymentMethod.Visa | PaymentMethod.Amex);

    // Removing the gateway takes listing away again, with live checkout off on the seller's listings.
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/users/addOrUpdatePaymentOptions',
      headers: authed(tokens.newSeller),
      payload: { acceptedPaymentMethods: PaymentMethod.MoneyOrder, liveCheckoutEnabled: false },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await eligibility()).toMatchObject({ canList: false, reason: 'NoPaymentSetup' });
    expect((await getById(listing.id))?.liveCheckoutEnabled).toBe(false);
  });

  it('refuses live checkout without a gateway or GunTab (400), and is for sellers only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/addOrUpdatePaymentOptions',
      headers: authed(tokens.dealer),
      payload: { acceptedPaymentMethods: PaymentMethod.Visa, liveCheckoutEnabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.liveCheckoutEnabled).toBe(
      'Live checkout needs a payment gateway or a GunTab account.',
    );
    for (const [token, status] of [
      [undefined, 401],
      [tokens.buyer, 403],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users/payment-options', headers: authed(token) }))
          .statusCode,
      ).toBe(status);
    }
  });

  it("the seeded sellers' setups: the dealer's gateway, the private seller's GunTab", async () => {
    const dealer = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment-options',
      headers: authed(tokens.dealer),
    });
    expect(dealer.json()).toMatchObject({
      gateway: { provider: 'Authorize.Net' },
      hasAcceptedPaymentSetup: true,
    });
    const seller = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment-options',
      headers: authed(tokens.seller),
    });
    expect(seller.json()).toMatchObject({
      gunTab: { email: DEMO_ACCOUNTS.seller.email, active: true },
      hasAcceptedPaymentSetup: true,
    });
  });
});

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];
const tokenOfCaller = (caller: Caller) =>
  ({
    visitor: undefined,
    buyer: tokens.buyer,
    seller: tokens.seller,
    anotherSeller: tokens.dealer,
    admin: tokens.admin,
  })[caller];

interface MatrixRow {
  /** Sends the call as the caller, on a fresh listing of the seller where it needs one. */
  send(caller: Caller): Promise<LightMyRequestResponse>;
  /** Written out by hand, not derived from the contract: a wrong access level there fails here. */
  expected: Record<Caller, number>;
}

const OWNER_OR_ADMIN = { visitor: 401, buyer: 403, seller: 200, anotherSeller: 403, admin: 200 };
const ANY_SELLER = { visitor: 401, buyer: 403, seller: 200, anotherSeller: 200, admin: 200 };
const freshListing = (files: readonly FormFile[] = []) =>
  created(tokens.seller, baseInput(uniqueWord()), files);

/** Every endpoint of selling, with the status each caller must get. */
const MATRIX: Record<string, MatrixRow> = {
  'listingsAdd (new listing)': {
    send: (caller) => addListing(tokenOfCaller(caller), baseInput(uniqueWord())),
    // An Admin without a seller role has no listings of its own (403, NotSeller).
    expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 200, admin: 403 },
  },
  'listingsAdd (edit of the seller’s listing)': {
    send: async (caller) => {
      const listing = await freshListing();
      return addListing(tokenOfCaller(caller), baseInput(uniqueWord(), { id: listing.id }));
    },
    expected: OWNER_OR_ADMIN,
  },
  listingsClose: {
    send: async (caller) =>
      call('POST', `/api/listings/close/${(await freshListing()).id}`, tokenOfCaller(caller)),
    expected: OWNER_OR_ADMIN,
  },
  listingsRelist: {
    send: async (caller) => {
      const listing = await freshListing();
      await call('POST', `/api/listings/close/${listing.id}`, tokens.seller);
      return call('POST', `/api/listings/relist/${listing.id}`, tokenOfCaller(caller));
    },
    expected: OWNER_OR_ADMIN,
  },
  listingsDelete: {
    send: async (caller) =>
      call('DELETE', `/api/listings/delete/${(await freshListing()).id}`, tokenOfCaller(caller)),
    expected: OWNER_OR_ADMIN,
  },
  listingsDeleteImage: {
    send: async (caller) => {
      const listing = await freshListing([jpeg(photoB)]);
      return call('DELETE', `/api/listings/delete-image/${listing.images[0]?.id}`, tokenOfCaller(caller));
    },
    expected: OWNER_OR_ADMIN,
  },
  'listingsGetAll (the seller’s listings)': {
    send: (caller) =>
      t.app.inject({
        method: 'POST',
        url: '/api/listings/getall',
        headers: authed(tokenOfCaller(caller)),
        payload: { filters: { userId: DEMO_ACCOUNTS.seller.id } },
      }),
    expected: OWNER_OR_ADMIN,
  },
  usersGetPaymentOptions: {
    send: (caller) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/payment-options',
        headers: authed(tokenOfCaller(caller)),
      }),
    expected: ANY_SELLER,
  },
  usersAddOrUpdatePaymentOptions: {
    // Each caller keeps a payment setup (GunTab), so rows after this one still meet sellers who may list.
    send: (caller) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/addOrUpdatePaymentOptions',
        headers: authed(tokenOfCaller(caller)),
        payload: {
          acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.GunTab,
          liveCheckoutEnabled: true,
          gunTabEmail: `${caller}@example.com`,
        },
      }),
    expected: ANY_SELLER,
  },
};

describe('permission matrix of selling', () => {
  const cases = Object.keys(MATRIX).flatMap((name) => CALLERS.map((caller) => [name, caller] as const));
  it.each(cases)('%s as %s', async (name, caller) => {
    const row = MATRIX[name];
    if (!row) throw new Error(name);
    const res = await row.send(caller);
    expect(res.statusCode, res.body).toBe(row.expected[caller]);
    expect(res.headers['cache-control']).toBe('no-store');
    if (res.statusCode >= 400) expect(res.json().error.message).toBeTypeOf('string');
  });
});

describe('magazine capacity', () => {
  it('is kept from the listing input and answered in the detail, for the state magazine limits', async () => {
    const word = uniqueWord();
    const made = await created(
      tokens.seller,
      baseInput(word, {
        title: `PMAG 30 round ${word}`,
        familyId: CategoryFamilyId.Magazines,
        magazineCapacity: 30,
      }),
    );
    expect(made.magazineCapacity).toBe(30);
    expect((await getById(made.id))?.magazineCapacity).toBe(30);
    const plain = await created(tokens.seller, baseInput(uniqueWord()));
    expect(plain.magazineCapacity).toBeNull();
    const refused = await addListing(tokens.seller, { ...baseInput(uniqueWord()), magazineCapacity: 0 });
    expect(refused.statusCode).toBe(400);
  });
});
