import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firearmIdentificationSchema,
  listingRecentSalesSchema,
} from '../../shared/contract/identification.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ORDER_STATES, SOLD_ORDER_STATES } from '../../shared/domain/orders.ts';
import { UserOption } from '../../shared/domain/user.ts';
import { type Sale, valueFromSales } from '../../shared/domain/valuation.ts';
import { identifyListings } from '../../src-server/core/firearm-reference.ts';
import { valueIdentity } from '../../src-server/core/valuation.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { LISTING_NOT_FOUND } from '../../src-server/modules/identification/service.ts';
import { firearmReferenceSeedPart } from '../../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
  toDealer,
} from './support/orders.ts';
import { multipartForm, plainPng } from './support/uploads.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: OrdersTestApp;
let seller: Account;
let otherSeller: Account;
let buyer: Account;
let valuer: Account;
let admin: Account;
let dealer: Account;

beforeAll(async () => {
  t = await createOrdersTestApp();
  await seedDemoData(t.db, DEFAULT_SEED_OPTIONS, [firearmReferenceSeedPart]);
  seller = await account(t.db, 'seller');
  otherSeller = await account(t.db, 'seller');
  buyer = await account(t.db, 'buyer');
  valuer = await account(t.db, 'buyer', {
    userOptions: UserOption.AttestedToTermsOfService | UserOption.WhatIsMyGunWorthAllowed,
  });
  admin = await account(t.db, 'admin');
  dealer = await account(t.db, 'dealer');
}, 60_000);
afterAll(() => t.close());

/** A listing of the seller, identified as the listing form does at save. */
async function firearmListing(
  title: string,
  overrides: { condition?: 'NewInBox' | 'Used' | 'NeverFired' } = {},
) {
  const id = await listing(t.db, seller.id, {
    title,
    manufacturer: null,
    caliber: null,
    quantity: 50,
    condition: overrides.condition ?? 'Used',
  });
  await identifyListings(t.db, [
    { id, title, manufacturer: null, model: null, caliber: null, familyId: CategoryFamilyId.SemiAutoPistols },
  ]);
  return id;
}

/** A paid and completed order of one unit of the listing at `price`, placed at `at`. */
async function sell(listingId: string, price: number, at: Date, state = 'completed'): Promise<string> {
  const [row] = await queryRows<{ item: string }>(
    t.db,
    sql`with checkout as (
          insert into checkouts (buyer_id, idempotency_key, request_hash, status, total, created_at)
          values (${buyer.id}, gen_random_uuid()::text, 'h', 'completed', ${price}, ${at.toISOString()}::timestamptz)
          returning id),
        made as (
          insert into orders (checkout_id, buyer_id, seller_id, state, subtotal, shipping_total, total,
                              ship_to, payment_provider, payment_status, created_at)
          select id, ${buyer.id}, ${seller.id}, ${state}, ${price}, 0, ${price}, '{}'::jsonb, 'sandbox',
                 'captured', ${at.toISOString()}::timestamptz from checkout
          returning id)
        insert into order_items (order_id, listing_id, title, family_id, quantity, price, shipping_cost)
        select made.id, l.id, l.title, l.family_id, 1, ${price}, 0 from made, listings l where l.id = ${listingId}
        returning id as item`,
  );
  return row!.item;
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const salesOf = (listingId: string) =>
  queryRows<{ price: number; model: string | null; variant: string | null }>(
    t.db,
    sql`select s.price, m.name as model, v.name as variant from completed_sales s
        left join firearm_models m on m.id = s.model_id
        left join firearm_variants v on v.id = s.variant_id
        where s.listing_id = ${listingId} order by s.sold_at`,
  );

describe('completed sales', () => {
  it('are the lines of paid orders, bought through checkout, and leave when the order is cancelled', async () => {
    const id = await firearmListing('Glock 26 Gen4 9mm subcompact');
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 500 }], [toDealer(seller.id, dealer.id)]),
    );
    expect(made.statusCode, made.body).toBe(200);
    expect(await salesOf(id)).toEqual([{ price: 500, model: '26', variant: 'Gen 4' }]);
    const orderId = made.json().orders[0].id as string;
    const cancel = await post(t.app, `/api/orders/cancel/${orderId}`, buyer, { reason: 'Changed my mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await salesOf(id)).toEqual([]);
  });

  it.each(ORDER_STATES)('count an order in state %s only when its payment stands', async (state) => {
    const id = await firearmListing('Glock 26 Gen3 9mm');
    const item = await sell(id, 450, daysAgo(3), 'placed');
    expect(await salesOf(id)).toEqual([]);
    await t.db.execute(
      sql`update orders set state = ${state} where id = (select order_id from order_items where id = ${item})`,
    );
    expect((await salesOf(id)).length).toBe(SOLD_ORDER_STATES.includes(state) ? 1 : 0);
  });

  it('follow their listing when it is identified again', async () => {
    const id = await firearmListing('Glock 26 Gen4 9mm');
    await sell(id, 480, daysAgo(2));
    expect(await salesOf(id)).toEqual([{ price: 480, model: '26', variant: 'Gen 4' }]);
    const title = 'Glock 19 Gen4 9mm';
    await identifyListings(t.db, [
      {
        id,
        title,
        manufacturer: null,
        model: null,
        caliber: null,
        familyId: CategoryFamilyId.SemiAutoPistols,
      },
    ]);
    expect(await salesOf(id)).toEqual([{ price: 480, model: '19', variant: 'Gen 4' }]);
  });
});

describe('the valuation query', () => {
  it.each(['Glock 20 Gen3 10mm', 'Glock 21 Gen3 .45 ACP', 'Glock 17 Gen3 9mm'])(
    'figures in the database what the rules figure from the prices (%s)',
    async (title) => {
      const id = await firearmListing(title);
      let state = title.length * 7919;
      const random = () => {
        state = (state * 48271) % 2147483647;
        return state / 2147483647;
      };
      const now = new Date();
      const sales: Sale[] = [];
      for (let i = 0; i < 80; i++) {
        const far = random() < 0.05;
        const price = Math.round((far ? 150 + random() * 2000 : 400 + random() * 200) * 100) / 100;
        const soldAt = new Date(now.getTime() - Math.floor(random() * 200 * DAY) - 1000);
        sales.push({ price, soldAt });
        await sell(id, price, soldAt);
      }
      const identity = await identityOf(id);
      const valued = await valueIdentity(t.db, identity, { now });
      const expected = valueFromSales(sales, now);
      expect(valued).toMatchObject({
        level: 'variant',
        value: expected.value,
        salesUsed: expected.salesUsed,
        outliersDropped: expected.outliersDropped,
        range: expected.range,
        trendPercent: expected.trendPercent,
        confidence: expected.confidence,
      });
      const inWindows = sales.filter((sale) => sale.soldAt.getTime() > now.getTime() - 180 * DAY);
      expect(valued.sales).toHaveLength(inWindows.length);
      expect(valued.sales.filter((point) => !point.earlier && point.outlier)).toHaveLength(
        expected.outliersDropped,
      );
    },
  );
});

describe('valuations', () => {
  let gen5: string;
  let gen4: string;
  let newInBox: string;

  beforeAll(async () => {
    gen5 = await firearmListing('Glock 19 Gen5 9mm, two mags');
    gen4 = await firearmListing('Glock 19 Gen4 9mm');
    newInBox = await firearmListing('Glock 19 Gen5 9mm new in box', { condition: 'NewInBox' });
    // The last 90 days: six sales and one far off; the 90 days before: five at $450.
    for (const [index, price] of [500, 510, 520, 530, 540, 550, 2000].entries()) {
      await sell(gen5, price, daysAgo(index + 1));
    }
    for (const days of [100, 110, 120, 130, 140]) await sell(gen5, 450, daysAgo(days));
    // Older than both windows: never read.
    await sell(gen5, 9, daysAgo(400));
    await sell(gen4, 470, daysAgo(5));
    for (const price of [600, 610, 620, 630, 640]) await sell(newInBox, price, daysAgo(10));
  }, 60_000);

  it('give a listing page the median of its variant, with the sales behind it', async () => {
    for (const caller of [null, buyer, seller, otherSeller, admin]) {
      const res = await get(t.app, `/api/listings/${gen4}/recent-sales`, caller);
      expect(res.statusCode, res.body).toBe(200);
      listingRecentSalesSchema.parse(res.json());
    }
    const res = await get(t.app, `/api/listings/${gen5}/recent-sales`, null);
    const body = listingRecentSalesSchema.parse(res.json());
    expect(body.identity).toMatchObject({ manufacturer: 'Glock', model: '19', variant: 'Gen 5' });
    // Every grade: 6 used sales and 5 new in box in the window, the $2,000 dropped by the fence.
    expect(body.valuation).toMatchObject({
      level: 'variant',
      fellBack: false,
      subject: 'Glock 19 Gen 5',
      grade: null,
      value: 550,
      salesUsed: 11,
      outliersDropped: 1,
      confidence: 'medium',
      windowDays: 90,
    });
    expect(body.valuation?.range).toEqual({ low: 525, high: 615 });
    expect(body.valuation?.trendPercent).toBe(22.2);
    expect(body.valuation?.summary).toBe(
      'Median $550 from 11 sales of this variant in the last 90 days, up 22% on the 90 days before.',
    );
    const points = body.valuation?.sales ?? [];
    expect(points).toHaveLength(17);
    expect(points.filter((point) => point.outlier).map((point) => point.price)).toEqual([2000]);
    expect(points.filter((point) => point.earlier)).toHaveLength(5);
    expect(points.map((point) => point.soldAt)).toEqual(
      [...points.map((point) => point.soldAt)].sort().reverse(),
    );
  });

  it('count one grade when asked, and fall back to the model when the variant has too few sales', async () => {
    const used = await valueIdentity(t.db, await identityOf(gen5), { grade: 'Good' });
    expect(used).toMatchObject({
      level: 'variant',
      grade: 'Good',
      value: 525,
      salesUsed: 6,
      outliersDropped: 1,
    });
    expect(used.range).toEqual({ low: 512.5, high: 537.5 });
    expect(used.trendPercent).toBe(16.7);

    const res = await get(t.app, `/api/listings/${gen4}/recent-sales`, buyer);
    const body = listingRecentSalesSchema.parse(res.json());
    expect(body.identity).toMatchObject({ model: '19', variant: 'Gen 4' });
    expect(body.valuation).toMatchObject({ level: 'model', fellBack: true, subject: 'Glock 19' });
    expect(body.valuation?.summary).toMatch(/ of the model in the last 90 days/);
  });

  it('answer nothing for a listing that is not a known firearm, and 404 for none', async () => {
    const holster = await listing(t.db, seller.id, {
      title: 'Leather holster',
      familyId: CategoryFamilyId.Accessories,
    });
    await identifyListings(t.db, [
      {
        id: holster,
        title: 'Leather holster',
        manufacturer: null,
        model: null,
        caliber: null,
        familyId: CategoryFamilyId.Accessories,
      },
    ]);
    const none = await get(t.app, `/api/listings/${holster}/recent-sales`, null);
    expect(none.json()).toEqual({ identity: null, valuation: null });
    const missing = await get(t.app, '/api/listings/00000000-0000-4000-8000-000000000000/recent-sales', null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(LISTING_NOT_FOUND);
  });

  it("read the listing form's text for its price hint, for signed-in accounts only", async () => {
    const hint = { title: 'glock 19 gen 5', familyId: CategoryFamilyId.SemiAutoPistols };
    expect((await post(t.app, '/api/firearms/price-hint', null, hint)).statusCode).toBe(401);
    for (const caller of [buyer, seller, otherSeller, admin]) {
      const res = await post(t.app, '/api/firearms/price-hint', caller, hint);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().valuation).toMatchObject({ level: 'variant', value: 550 });
    }
    const unknown = await post(t.app, '/api/firearms/price-hint', seller, {
      title: 'Box of 50 range rounds',
      familyId: CategoryFamilyId.Ammunition,
    });
    expect(unknown.json()).toEqual({ identity: null, valuation: null });
    const bad = await post(t.app, '/api/firearms/price-hint', seller, { title: 'x', familyId: 999 });
    expect(bad.statusCode).toBe(400);
  });

  it('are part of an identification for accounts with the valuation option, at the grade given', async () => {
    const photo = await plainPng(64, 48);
    const identify = (who: Account) => {
      const form = multipartForm(
        { FirearmInfoJson: JSON.stringify({ manufacturer: 'Glock', model: '19 Gen 5', condition: 'Used' }) },
        [{ filename: 'p.png', contentType: 'image/png', data: photo }],
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/firearms/identify',
        headers: { ...form.headers, authorization: who.authorization },
        payload: form.payload,
      });
    };
    const withOption = firearmIdentificationSchema.parse((await identify(valuer)).json());
    expect(withOption.data?.valuationAllowed).toBe(true);
    expect(withOption.data?.valuation).toMatchObject({ grade: 'Good', value: 525, salesUsed: 6 });
    const without = firearmIdentificationSchema.parse((await identify(buyer)).json());
    expect(without.data?.identity.variant).toBe('Gen 5');
    expect(without.data?.valuationAllowed).toBe(false);
    expect(without.data?.valuation).toBeNull();
    // Granting the option holds at once, with the same session.
    await t.db.execute(
      sql`update users set user_options = user_options | ${UserOption.WhatIsMyGunWorthAllowed} where id = ${buyer.id}`,
    );
    const granted = firearmIdentificationSchema.parse((await identify(buyer)).json());
    expect(granted.data?.valuation?.value).toBe(525);
  });
});

async function identityOf(listingId: string) {
  const res = await get(t.app, `/api/listings/${listingId}/recent-sales`, null);
  const identity = listingRecentSalesSchema.parse(res.json()).identity;
  if (!identity) throw new Error('The listing has no identity');
  return identity;
}
