import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRunResultSchema } from '../../shared/contract/alerts.ts';
import { type Alert, alertListResponseSchema } from '../../shared/contract/users.ts';
import { UserAlertKind } from '../../shared/domain/alerts.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { addUserAlert } from '../../src-server/core/user-alerts.ts';
import { listings } from '../../src-server/db/schema.ts';
import type { MailMessage } from '../../src-server/mail/mailer.ts';
import { runAlerts } from '../../src-server/modules/alerts/alert-run.ts';
import { allMail } from './support/accounts.ts';
import {
  type Account,
  account,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
} from './support/orders.ts';
import { TEST_JWT_SECRET, TEST_ORIGIN } from './support/test-app.ts';

let t: OrdersTestApp;
let seller: Account;
beforeAll(async () => {
  t = await createOrdersTestApp();
  seller = await account(t.db, 'seller');
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Near the 75201 centroid (downtown Dallas), and Houston, about 225 miles away. */
const DALLAS = { zipCode: '75201', latitude: 32.787, longitude: -96.799 };
const HOUSTON = { zipCode: '77002', latitude: 29.757, longitude: -95.365 };

/** One run of the job as a server would run it, at `now` by the job's clock; its mail is kept in `sent`. */
function runAt(now: Date, sent: MailMessage[] = []) {
  return runAlerts({
    db: t.db,
    mailer: { send: async (message) => void sent.push(message) },
    publicOrigin: TEST_ORIGIN,
    jwtSecret: TEST_JWT_SECRET,
    log: { error: () => {} },
    now: () => now,
  });
}

/** A word no other test's listing carries, so each search matches only its own listings. */
let words = 0;
const uniqueWord = () => {
  words += 1;
  return `zorblex${words}q`;
};

async function saveSearch(who: Account, name: string, searchQuery: string, frequency: string) {
  const res = await post(t.app, '/api/users/addOrUpdateSaveSearch', who, { name, searchQuery, frequency });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function alertsOf(who: Account): Promise<Alert[]> {
  const res = await get(t.app, '/api/users/getUserAlerts', who);
  expect(res.statusCode, res.body).toBe(200);
  return alertListResponseSchema.parse(res.json()).results;
}

async function saveSettings(who: Account, settings: Record<string, unknown>) {
  const res = await post(t.app, '/api/users/alert-settings', who, {
    emailDigest: true,
    defaultFrequency: 'Daily',
    priceDrops: true,
    localListings: false,
    localZipCode: null,
    localDistance: 50,
    ...settings,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('saved-search alerts', () => {
  it('a new matching listing alerts once, on the dashboard and in one digest; a second run alerts nothing', async () => {
    const buyer = await account(t.db, 'buyer');
    const word = uniqueWord();
    await listing(t.db, seller.id, { title: `Old ${word} carbine` });
    await saveSearch(buyer, 'My carbines', `keyword=${word}`, 'Immediately');
    await listing(t.db, seller.id, { title: `New ${word} carbine`, price: 725 });
    await listing(t.db, seller.id, { title: 'Something else entirely' });

    const sent: MailMessage[] = [];
    const first = alertRunResultSchema.parse(await runAt(new Date(), sent));
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    const alerts = await alertsOf(buyer);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Saved search',
      message: `1 new listing for “My carbines”: New ${word} carbine ($725.00).`,
      linkUrl: `/search?keyword=${word}`,
      location: 'UserDashboard',
    });
    const mine = sent.filter((message) => message.to.startsWith('orders-buyer'));
    expect(mine.filter((message) => message.text.includes(word))).toHaveLength(1);
    expect(mine[0]?.text).toContain(`${TEST_ORIGIN}/search?keyword=${word}`);
    expect(mine[0]?.text).toContain(`${TEST_ORIGIN}/alerts/unsubscribe?token=`);

    const again: MailMessage[] = [];
    await runAt(new Date(Date.now() + HOUR), again);
    expect(await alertsOf(buyer)).toHaveLength(1);
    expect(again.filter((message) => message.text.includes(word))).toEqual([]);
  });

  it('two servers running the job at once alert once', async () => {
    const buyer = await account(t.db, 'buyer');
    const word = uniqueWord();
    await saveSearch(buyer, 'Twin run', `keyword=${word}`, 'Immediately');
    await listing(t.db, seller.id, { title: `A ${word} revolver` });
    const sentA: MailMessage[] = [];
    const sentB: MailMessage[] = [];
    const now = new Date();
    await Promise.all([runAt(now, sentA), runAt(now, sentB)]);
    expect(await alertsOf(buyer)).toHaveLength(1);
    const digests = [...sentA, ...sentB].filter((message) => message.text.includes(word));
    expect(digests).toHaveLength(1);
  });

  it('a daily search alerts at most once a day and a weekly one once a week, by the job clock', async () => {
    const buyer = await account(t.db, 'buyer');
    const daily = uniqueWord();
    const weekly = uniqueWord();
    await saveSearch(buyer, 'Daily', `keyword=${daily}`, 'Daily');
    await saveSearch(buyer, 'Weekly', `keyword=${weekly}`, 'Weekly');
    const t0 = Date.now();
    await listing(t.db, seller.id, { title: `First ${daily}` });
    await listing(t.db, seller.id, { title: `First ${weekly}` });
    await runAt(new Date(t0));
    const texts = async () => (await alertsOf(buyer)).map((alert) => alert.message).sort();
    expect(await texts()).toEqual([
      `1 new listing for “Daily”: First ${daily} ($500.00).`,
      `1 new listing for “Weekly”: First ${weekly} ($500.00).`,
    ]);

    await listing(t.db, seller.id, { title: `Second ${daily}` });
    await listing(t.db, seller.id, { title: `Second ${weekly}` });
    await runAt(new Date(t0 + HOUR));
    expect(await texts()).toHaveLength(2);
    await runAt(new Date(t0 + DAY + HOUR));
    expect(await texts()).toEqual([
      `1 new listing for “Daily”: First ${daily} ($500.00).`,
      `1 new listing for “Daily”: Second ${daily} ($500.00).`,
      `1 new listing for “Weekly”: First ${weekly} ($500.00).`,
    ]);
    await runAt(new Date(t0 + 6 * DAY));
    expect(await texts()).toHaveLength(3);
    await runAt(new Date(t0 + 7 * DAY + HOUR));
    expect(await texts()).toContain(`1 new listing for “Weekly”: Second ${weekly} ($500.00).`);
    expect(await texts()).toHaveLength(4);
  });

  it('a search set to no alerts, a sold listing and the buyer’s own listing never alert', async () => {
    const buyer = await account(t.db, 'seller');
    const word = uniqueWord();
    await saveSearch(buyer, 'Quiet', `keyword=${word}`, 'Never');
    const loud = uniqueWord();
    await saveSearch(buyer, 'Loud', `keyword=${loud}`, 'Immediately');
    await listing(t.db, seller.id, { title: `A ${word} shotgun` });
    await listing(t.db, buyer.id, { title: `My own ${loud} shotgun` });
    await listing(t.db, seller.id, { title: `Sold ${loud} shotgun`, isSold: true });
    await runAt(new Date());
    expect(await alertsOf(buyer)).toEqual([]);
  });

  it('follows the search’s filters: family, price and distance', async () => {
    const buyer = await account(t.db, 'buyer');
    const word = uniqueWord();
    await saveSearch(
      buyer,
      'Cheap pistols near Dallas',
      `keyword=${word}&familyIDs=${CategoryFamilyId.SemiAutoPistols}&maxPrice=600&zipCode=75201&distance=50`,
      'Immediately',
    );
    await listing(t.db, seller.id, { title: `Near ${word}`, price: 550, ...DALLAS });
    await listing(t.db, seller.id, { title: `Pricey ${word}`, price: 900, ...DALLAS });
    await listing(t.db, seller.id, { title: `Far ${word}`, price: 550, ...HOUSTON });
    await listing(t.db, seller.id, {
      title: `Optic ${word}`,
      price: 300,
      familyId: CategoryFamilyId.Optics,
      ...DALLAS,
    });
    await runAt(new Date());
    expect((await alertsOf(buyer)).map((alert) => alert.message)).toEqual([
      `1 new listing for “Cheap pistols near Dallas”: Near ${word} ($550.00).`,
    ]);
  });
});

describe('price drops on favorites', () => {
  it('alerts once per drop below the last price seen; a rise only moves the reference', async () => {
    const buyer = await account(t.db, 'buyer');
    const id = await listing(t.db, seller.id, { title: 'Watched pistol', price: 500 });
    expect((await post(t.app, '/api/users/favorite-listings', buyer, { listingId: id })).statusCode).toBe(
      200,
    );
    const setPrice = (price: number) => t.db.update(listings).set({ price }).where(eq(listings.id, id));
    const drops = async () => (await alertsOf(buyer)).map((alert) => alert.message).sort();

    await runAt(new Date());
    expect(await drops()).toEqual([]);
    await setPrice(450);
    await runAt(new Date());
    expect(await drops()).toEqual(['Watched pistol dropped from $500.00 to $450.00.']);
    const [alert] = await alertsOf(buyer);
    expect(alert).toMatchObject({ title: 'Price drop', linkUrl: `/${id}/watched-pistol` });
    await runAt(new Date());
    expect(await drops()).toHaveLength(1);

    await setPrice(480);
    await runAt(new Date());
    expect(await drops()).toHaveLength(1);
    await setPrice(470);
    await runAt(new Date());
    expect(await drops()).toEqual([
      'Watched pistol dropped from $480.00 to $470.00.',
      'Watched pistol dropped from $500.00 to $450.00.',
    ]);
  });

  it('stays quiet when the buyer turned price alerts off', async () => {
    const buyer = await account(t.db, 'buyer');
    await saveSettings(buyer, { priceDrops: false });
    const id = await listing(t.db, seller.id, { title: 'Unwatched rifle', price: 900 });
    await post(t.app, '/api/users/favorite-listings', buyer, { listingId: id });
    await runAt(new Date());
    await t.db.update(listings).set({ price: 700 }).where(eq(listings.id, id));
    await runAt(new Date());
    expect(await alertsOf(buyer)).toEqual([]);
  });
  it('stays quiet about a favorite staff froze, whatever its price does', async () => {
    const buyer = await account(t.db, 'buyer');
    const id = await listing(t.db, seller.id, { title: 'Frozen favorite', price: 800 });
    await post(t.app, '/api/users/favorite-listings', buyer, { listingId: id });
    await runAt(new Date());
    await t.db
      .update(listings)
      .set({ listingOptions: ListingOption.FrozenDueToFraud, price: 600 })
      .where(eq(listings.id, id));
    await runAt(new Date());
    expect(await alertsOf(buyer)).toEqual([]);
  });
});

describe('new local listings', () => {
  it('alerts about local listings within the chosen distance listed after the setting was turned on', async () => {
    const buyer = await account(t.db, 'buyer');
    await listing(t.db, seller.id, { title: 'Already here', listingType: ListingType.Local, ...DALLAS });
    await saveSettings(buyer, { localListings: true, localZipCode: '75201', localDistance: 25 });
    await listing(t.db, seller.id, { title: 'Local shotgun', listingType: ListingType.Local, ...DALLAS });
    await listing(t.db, seller.id, { title: 'Houston shotgun', listingType: ListingType.Local, ...HOUSTON });
    await listing(t.db, seller.id, {
      title: 'Shipped shotgun',
      listingType: ListingType.National,
      ...DALLAS,
    });

    await runAt(new Date());
    const alerts = await alertsOf(buyer);
    expect(alerts.map((alert) => [alert.title, alert.message, alert.linkUrl])).toEqual([
      [
        'Near you',
        '1 new listing within 25 miles of 75201: Local shotgun ($500.00).',
        '/search?zipCode=75201&distance=25&listingType=local&sort=newest',
      ],
    ]);
    await runAt(new Date());
    expect(await alertsOf(buyer)).toHaveLength(1);
  });

  it('refuses a ZIP code it does not know, and local alerts without one', async () => {
    const buyer = await account(t.db, 'buyer');
    const base = {
      emailDigest: true,
      defaultFrequency: 'Daily',
      priceDrops: true,
      localListings: true,
      localDistance: 25,
    };
    const unknown = await post(t.app, '/api/users/alert-settings', buyer, { ...base, localZipCode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.localZipCode).toBe(
      'We do not know this ZIP code. Check it and try again.',
    );
    const missing = await post(t.app, '/api/users/alert-settings', buyer, { ...base, localZipCode: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.localZipCode).toBe(
      'Enter your ZIP code to hear about listings near you.',
    );
    const odd = await post(t.app, '/api/users/alert-settings', buyer, {
      ...base,
      localZipCode: '75201',
      localDistance: 33,
    });
    expect(odd.statusCode).toBe(400);
  });
});

describe('the digest e-mail and its unsubscribe link', () => {
  it('puts every alert of a run into one e-mail, with a working unsubscribe link that needs no sign-in', async () => {
    const buyer = await account(t.db, 'buyer');
    const one = uniqueWord();
    const two = uniqueWord();
    await saveSearch(buyer, 'One', `keyword=${one}`, 'Immediately');
    await saveSearch(buyer, 'Two', `keyword=${two}`, 'Immediately');
    await listing(t.db, seller.id, { title: `A ${one}` });
    await listing(t.db, seller.id, { title: `A ${two}` });
    const sent: MailMessage[] = [];
    await runAt(new Date(), sent);
    const digests = sent.filter((message) => message.text.includes(one) || message.text.includes(two));
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.subject).toBe('Your Ironsight alerts: 2 updates');
    expect(digest?.text).toContain(one);
    expect(digest?.text).toContain(two);
    const link = /(http:\/\/ironsight\.test\/alerts\/unsubscribe\?token=[^\s]+)/.exec(
      digest?.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(digest?.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    const token = decodeURIComponent(new URL(link!).searchParams.get('token') ?? '');

    // The token only unsubscribes: it is no session.
    const asSession = await get(t.app, '/api/users/alert-settings', {
      id: buyer.id,
      authorization: `Bearer ${token}`,
    });
    expect(asSession.statusCode).toBe(401);
    // …and a session token is no unsubscribe token.
    const withSession = await post(t.app, '/api/alerts/unsubscribe', null, {
      token: buyer.authorization.replace('Bearer ', ''),
    });
    expect(withSession.statusCode).toBe(400);
    expect(withSession.json().error.message).toBe(
      'This unsubscribe link is not valid. Sign in and turn alert e-mails off under Buyer Tools.',
    );

    const stop = await post(t.app, '/api/alerts/unsubscribe', null, { token });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ success: true, email: expect.stringMatching(/^orders-buyer-/) });
    const settings = await get(t.app, '/api/users/alert-settings', buyer);
    expect(settings.json().emailDigest).toBe(false);

    // Alerts go on on the dashboard; the e-mails stop.
    await listing(t.db, seller.id, { title: `B ${one}` });
    const after: MailMessage[] = [];
    await runAt(new Date(), after);
    expect((await alertsOf(buyer)).map((alert) => alert.message)).toContain(
      `1 new listing for “One”: B ${one} ($500.00).`,
    );
    expect(after.filter((message) => message.text.includes(one))).toEqual([]);
  });

  it('an admin runs the job on demand; the digest lands in the outbox as an .eml', async () => {
    const buyer = await account(t.db, 'buyer');
    const admin = await account(t.db, 'admin');
    const word = uniqueWord();
    await saveSearch(buyer, 'Outbox', `keyword=${word}`, 'Immediately');
    await listing(t.db, seller.id, { title: `Outbox ${word}` });
    const run = await post(t.app, '/api/alerts/run', admin);
    expect(run.statusCode, run.body).toBe(200);
    expect(alertRunResultSchema.parse(run.json()).emails).toBeGreaterThanOrEqual(1);
    const mail = (await allMail(t.outboxDir)).filter((text) => text.includes(word));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/^Subject: Your Ironsight alerts: 1 update$/m);
    expect(mail[0]).toMatch(/^List-Unsubscribe:\s+<http:\/\/ironsight\.test\/alerts\/unsubscribe\?token=/m);
  });
});

describe('the alert store other features write to', () => {
  it('an alert added inside a transaction shows in the banner once committed; a bad link is refused', async () => {
    const buyer = await account(t.db, 'buyer');
    await t.db.transaction(async (tx) => {
      await addUserAlert(tx, {
        userId: buyer.id,
        kind: UserAlertKind.Offer,
        text: 'The seller countered your offer: $450.00.',
        link: '/dashboard/buying/offers',
      });
    });
    expect(
      (await alertsOf(buyer)).map((alert) => [alert.title, alert.message, alert.linkUrl, alert.linkText]),
    ).toEqual([['Offer', 'The seller countered your offer: $450.00.', '/dashboard/buying/offers', 'View']]);
    await expect(
      addUserAlert(t.db, {
        userId: buyer.id,
        kind: UserAlertKind.Message,
        text: 'Hi',
        link: 'javascript:alert(1)',
      }),
    ).rejects.toThrow(/alert link/);
    expect(await alertsOf(buyer)).toHaveLength(1);
  });
});
