/**
 * The `Idempotency-Key` header on the four calls the desktop outbox resends (sending a message,
 * editing a listing, answering an offer, shipping an order): a repeat replays the first answer
 * without acting twice; another request under the same key answers 422; an invalid key 400; two
 * concurrent requests with one key act once; a failed request may be retried with its key; keys
 * are per account; visitors still meet 401. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { IDEMPOTENCY_MESSAGES } from '../../src-server/http/idempotency.ts';
import { freshAddress } from './support/accounts.ts';
import { resetMessageAllowance } from './support/messages.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
} from './support/orders.ts';
import { type FormFile, multipartForm, plainPng } from './support/uploads.ts';

let t: OrdersTestApp;
let buyer: Account;
let otherBuyer: Account;
let seller: Account;

beforeAll(async () => {
  t = await createOrdersTestApp();
  buyer = await account(t.db, 'buyer');
  otherBuyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller', { zip: '75201', state: 'TX' });
  // Counts the transactions that update a listing: a listing edit's effect (this file's database only).
  await t.db.execute(
    sql`create table test_listing_saves (listing_id uuid not null, tx bigint not null, primary key (listing_id, tx))`,
  );
  await t.db.execute(
    sql.raw(`create function test_count_listing_save() returns trigger language plpgsql as $$
      begin
        insert into test_listing_saves values (new.id, txid_current()) on conflict do nothing;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql`create trigger test_count_listing_save after update on listings for each row execute function test_count_listing_save()`,
  );
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.db, query))[0]?.n ?? 0;

function inject(
  url: string,
  who: Account | null,
  key: string | undefined,
  body: { json: object } | { form: Record<string, string>; files?: readonly FormFile[]; fileField: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(who ? { authorization: who.authorization } : {}),
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  };
  if ('json' in body) {
    return t.app.inject({ method: 'POST', url, headers, payload: body.json, remoteAddress: freshAddress() });
  }
  const form = multipartForm(body.form, body.files ?? [], body.fileField);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
    remoteAddress: freshAddress(),
  });
}

/**
 * One of the four calls, on a record of its own: `send` makes the call (variant 0 is the request
 * under test, variant 1 another request), `effects` counts what the handler wrote.
 */
interface Scenario {
  /** The message's listing, the listing, the offer or the order. */
  recordId: string;
  who: Account;
  send(key: string | undefined, variant?: number, who?: Account | null): Promise<LightMyRequestResponse>;
  effects(): Promise<number>;
}

type ScenarioMaker = () => Promise<Scenario>;

const message: ScenarioMaker = async () => {
  const listingId = await listing(t.db, seller.id, { title: 'Walnut lever rifle' });
  const text = `Still available? ${randomUUID()}`;
  await resetMessageAllowance(t.db);
  return {
    recordId: listingId,
    who: buyer,
    send: (key, variant = 0, who = buyer) =>
      inject('/api/messages/addOrUpdate', who, key, {
        form: { request: JSON.stringify({ listingId, body: variant === 0 ? text : `${text} (other)` }) },
        fileField: 'files',
      }),
    effects: () => count(sql`select count(*)::int as n from messages where body like ${`${text}%`}`),
  };
};

const listingInput = (id: string, price: number) => ({
  id,
  title: 'Glock 19 Gen5 idempotent',
  description: '<p>Carried twice.</p>',
  familyId: CategoryFamilyId.SemiAutoPistols,
  manufacturer: 'Glock',
  model: '19',
  caliber: '9mm Luger',
  condition: 'Used',
  quantity: 2,
  price,
  zipCode: '75201',
});

const listingEdit: ScenarioMaker = async () => {
  const id = await listing(t.db, seller.id, { price: 500 });
  return {
    recordId: id,
    who: seller,
    send: (key, variant = 0, who = seller) =>
      inject('/api/listings/add', who, key, {
        form: { request: JSON.stringify(listingInput(id, variant === 0 ? 449 : 399)) },
        fileField: 'images',
      }),
    effects: () => count(sql`select count(*)::int as n from test_listing_saves where listing_id = ${id}`),
  };
};

/** An open offer of the buyer on the seller's listing; the seller counters it. */
const offerAnswer: ScenarioMaker = async () => {
  const listingId = await listing(t.db, seller.id, {
    familyId: CategoryFamilyId.Optics,
    title: 'Vortex Razor HD',
    acceptsOffers: true,
    quantity: 3,
  });
  const made = await post(t.app, '/api/offers/make', buyer, { listingId, amount: 400, quantity: 1 });
  expect(made.statusCode, made.body).toBe(200);
  const offerId = made.json().id as string;
  return {
    recordId: offerId,
    who: seller,
    send: (key, variant = 0, who = seller) =>
      inject(`/api/offers/respond/${offerId}`, who, key, {
        json: { action: 'counter', amount: variant === 0 ? 450 : 470 },
      }),
    effects: () =>
      count(
        sql`select count(*)::int as n from offer_events where offer_id = ${offerId} and event = 'counter'`,
      ),
  };
};

/** An order of the buyer; the seller ships it. */
const orderShipping: ScenarioMaker = async () => {
  // An optic ships to the buyer's address (a firearm would need a dealer).
  const listingId = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics, title: 'Red dot' });
  const made = await post(
    t.app,
    '/api/orders/checkout',
    buyer,
    checkoutBody([{ listingId }], [toAddress(seller.id)]),
  );
  expect(made.statusCode, made.body).toBe(200);
  const orderId = made.json().orders[0].id as string;
  return {
    recordId: orderId,
    who: seller,
    send: (key, variant = 0, who = seller) =>
      inject(`/api/orders/ship/${orderId}`, who, key, {
        json: { carrier: 'UPS', trackingNumber: variant === 0 ? '1Z999AA10123456784' : '1Z999AA10123456785' },
      }),
    effects: () =>
      count(
        sql`select count(*)::int as n from order_events where order_id = ${orderId} and state = 'shipped'`,
      ),
  };
};

const SCENARIOS: Record<string, ScenarioMaker> = {
  'sending a message (POST /messages/addOrUpdate)': message,
  'editing a listing (POST /listings/add with an id)': listingEdit,
  'answering an offer (POST /offers/respond/{id})': offerAnswer,
  'shipping an order (POST /orders/ship/{id})': orderShipping,
};

describe.each(Object.entries(SCENARIOS))('Idempotency-Key on %s', (_name, make) => {
  it('a repeat with the same key and request replays the first answer and acts once', async () => {
    const s = await make();
    const key = randomUUID();
    const first = await s.send(key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await s.effects()).toBe(1);
    const again = await s.send(key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json()).toEqual(first.json());
    expect(again.body).toBe(first.body);
    expect(await s.effects()).toBe(1);
  });

  it('the same key with another request answers 422 and does not act', async () => {
    const s = await make();
    const key = randomUUID();
    expect((await s.send(key)).statusCode).toBe(200);
    const other = await s.send(key, 1);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error).toEqual({
      code: 'idempotency_key_reused',
      message: IDEMPOTENCY_MESSAGES.reused,
    });
    expect(await s.effects()).toBe(1);
  });

  it('an invalid key answers 400 and does not act', async () => {
    const s = await make();
    for (const key of ['short', 'has a space', 'x'.repeat(129), 'naïve-key-123']) {
      const res = await s.send(key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        message: IDEMPOTENCY_MESSAGES.invalid,
        fields: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.invalid },
      });
    }
    expect(await s.effects()).toBe(0);
    // Any 8 to 128 printable characters will do, not only a UUID.
    expect((await s.send('outbox:42/retry-A')).statusCode).toBe(200);
  });

  it('concurrent requests with one key act once: the others answer 409 (in progress) or the replay', async () => {
    const s = await make();
    const key = randomUUID();
    const answers = await Promise.all([s.send(key), s.send(key), s.send(key)]);
    const statuses = answers.map((res) => res.statusCode);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const fresh = answers.filter((res) => res.statusCode === 200 && !res.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().error).toEqual({ code: 'conflict', message: IDEMPOTENCY_MESSAGES.inProgress });
    }
    expect(await s.effects()).toBe(1);
    // Once the first has finished, the key replays its answer.
    const later = await s.send(key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await s.effects()).toBe(1);
  });

  it("keys are per account: another account's request with the same key is its own", async () => {
    const s = await make();
    const key = randomUUID();
    expect((await s.send(key)).statusCode).toBe(200);
    // The other account is refused (not the caller's record, or not theirs to answer): its own outcome, no replay.
    const stranger = s.who === buyer ? otherBuyer : await account(t.db, 'seller');
    const theirs = await s.send(key, 0, stranger);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await s.effects()).toBe(s.who === buyer ? 2 : 1);
  });

  it('a visitor is still asked to sign in (401), key or not', async () => {
    const s = await make();
    for (const key of [randomUUID(), 'short']) {
      const res = await s.send(key, 0, null);
      expect(res.statusCode).toBe(401);
    }
    expect(await s.effects()).toBe(0);
  });

  it('a request without a key acts every time it is sent, as before', async () => {
    const s = await make();
    const first = await s.send(undefined);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await s.effects()).toBe(1);
  });
});

describe('a failed request may be retried with its key', () => {
  it('a buyer accepting an offer not yet countered fails; after the counter the same request and key succeed', async () => {
    const s = await offerAnswer();
    const key = randomUUID();
    const acceptIt = () =>
      inject(`/api/offers/respond/${s.recordId}`, buyer, key, { json: { action: 'accept' } });
    const early = await acceptIt();
    expect(early.statusCode, early.body).toBeGreaterThanOrEqual(400);
    expect((await s.send(randomUUID())).statusCode).toBe(200);
    const retried = await acceptIt();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()).toMatchObject({ state: 'accepted' });
    const replayed = await acceptIt();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(retried.body);
  });

  it('a message refused by its service (to the sender’s own listing) keeps no key', async () => {
    const listingId = await listing(t.db, seller.id);
    const key = randomUUID();
    const own = await inject('/api/messages/addOrUpdate', seller, key, {
      form: { request: JSON.stringify({ listingId, body: 'Hi me' }) },
      fileField: 'files',
    });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      await count(
        sql`select count(*)::int as n from idempotency_keys where user_id = ${seller.id} and key = ${key}`,
      ),
    ).toBe(0);
  });
});

describe('Idempotency-Key with files', () => {
  it("hashes a message's attachments: the same file replays, another file under the key answers 422", async () => {
    const listingId = await listing(t.db, seller.id, { title: 'Boxed pistol' });
    await resetMessageAllowance(t.db);
    const text = `With photo ${randomUUID()}`;
    const [png, otherPng] = await Promise.all([plainPng(64, 48), plainPng(48, 64)]);
    const send = (data: Buffer) =>
      inject('/api/messages/addOrUpdate', buyer, key, {
        form: { request: JSON.stringify({ listingId, body: text }) },
        files: [{ filename: 'box.png', contentType: 'image/png', data }],
        fileField: 'files',
      });
    const key = randomUUID();
    const first = await send(png);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(png);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await send(otherPng)).statusCode).toBe(422);
    expect(await count(sql`select count(*)::int as n from messages where body = ${text}`)).toBe(1);
  });
});

describe('expiry', () => {
  it('an expired key is forgotten: the request acts again', async () => {
    const s = await message();
    const key = randomUUID();
    expect((await s.send(key)).statusCode).toBe(200);
    await t.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`,
    );
    await resetMessageAllowance(t.db);
    const after = await s.send(key);
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await s.effects()).toBe(2);
  });
});

describe('a key held by a request under way', () => {
  it('refuses another request while held (422), and is taken over once the claim is abandoned (10 minutes)', async () => {
    const s = await message();
    const key = randomUUID();
    // The claim of a request still under way (or of a server that stopped mid-request).
    const hold = (age: string) =>
      t.db.execute(
        sql`insert into idempotency_keys (user_id, endpoint, key, request_hash, created_at, expires_at)
            values (${buyer.id}, 'messagesAddOrUpdate', ${key}, 'under-way', now() - ${age}::interval,
                    now() + interval '1 day')
            on conflict (user_id, endpoint, key) do update set created_at = excluded.created_at`,
      );
    await hold('1 second');
    const held = await s.send(key);
    // The request under way was another request (its hash differs): 422, as for any other request.
    expect(held.statusCode).toBe(422);
    await hold('11 minutes');
    const takenOver = await s.send(key);
    expect(takenOver.statusCode, takenOver.body).toBe(200);
    expect(await s.effects()).toBe(1);
  });

  it('answers 409 "in progress" to the same request while the first holds the key', async () => {
    const s = await message();
    const key = randomUUID();
    expect((await s.send(key)).statusCode).toBe(200);
    // Back to the state of the first request before it finished: claimed, no answer yet.
    await t.db.execute(
      sql`update idempotency_keys set response_status = null, response_body = null, created_at = now() where key = ${key}`,
    );
    const during = await s.send(key);
    expect(during.statusCode).toBe(409);
    expect(during.headers['retry-after']).toBe('1');
    expect(during.json().error).toEqual({ code: 'conflict', message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await s.effects()).toBe(1);
  });
});

describe('the API reference', () => {
  it('documents the header, 409 and 422 on the calls that honour it, and only there', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const send = document.paths['/messages/addOrUpdate'].post;
    expect(send.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(send.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(send.responses['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
    for (const [path, method] of [
      ['/listings/add', 'post'],
      ['/offers/respond/{id}', 'post'],
      ['/orders/ship/{id}', 'post'],
    ] as const) {
      expect(
        document.paths[path][method].parameters.map((p: { name: string }) => p.name),
        path,
      ).toContain('Idempotency-Key');
    }
    const make = document.paths['/offers/make'].post;
    expect((make.parameters ?? []).map((p: { name: string }) => p.name)).not.toContain('Idempotency-Key');
  });
});
