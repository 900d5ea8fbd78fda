import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../shared/contract/offers.ts';
import { type Alert, alertListResponseSchema } from '../../shared/contract/users.ts';
import { alertSubject, UserAlertKind, UserReminder } from '../../shared/domain/alerts.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { addUserAlert } from '../../src-server/core/user-alerts.ts';
import type { MailMessage } from '../../src-server/mail/mailer.ts';
import { runAlerts } from '../../src-server/modules/alerts/alert-run.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
  toDealer,
} from './support/orders.ts';
import { TEST_JWT_SECRET, TEST_ORIGIN } from './support/test-app.ts';

let t: OrdersTestApp;
let seller: Account;
let dealer: Account;
beforeAll(async () => {
  t = await createOrdersTestApp();
  seller = await account(t.db, 'seller', {
    firstName: 'Sam',
    lastName: 'Seller',
    sellerDisplayName: 'Sam’s Optics',
  });
  dealer = await account(t.db, 'dealer');
});
afterAll(() => t.close());

async function alertsOf(who: Account): Promise<Alert[]> {
  const res = await get(t.app, '/api/users/getUserAlerts', who);
  expect(res.statusCode, res.body).toBe(200);
  return alertListResponseSchema.parse(res.json()).results;
}

const runJob = (sent: MailMessage[] = []) =>
  runAlerts({
    db: t.db,
    mailer: { send: async (message) => void sent.push(message) },
    publicOrigin: TEST_ORIGIN,
    jwtSecret: TEST_JWT_SECRET,
    log: { error: () => {} },
  });

let words = 0;
const uniqueWord = () => {
  words += 1;
  return `quillmot${words}z`;
};

describe('saved-search alerts', () => {
  it('none without a saved search, even when one was stored for the account', async () => {
    const buyer = await account(t.db, 'buyer');
    await addUserAlert(t.db, {
      userId: buyer.id,
      kind: UserAlertKind.SavedSearch,
      text: '3 new listings match your saved searches.',
      link: '/dashboard/buying/savedsearches',
    });
    expect(await alertsOf(buyer)).toEqual([]);
  });

  it('none when a run finds nothing new; one for new matches, gone once the search is deleted', async () => {
    const buyer = await account(t.db, 'buyer');
    const word = uniqueWord();
    const saved = await post(t.app, '/api/users/addOrUpdateSaveSearch', buyer, {
      name: 'Scopes',
      searchQuery: `keyword=${word}`,
      frequency: 'Immediately',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await runJob();
    expect(await alertsOf(buyer)).toEqual([]);

    await listing(t.db, seller.id, { title: `New ${word} scope` });
    await runJob();
    const [alert] = await alertsOf(buyer);
    expect(alert?.message).toBe(`1 new listing for “Scopes”: New ${word} scope ($500.00).`);
    await runJob();
    expect(await alertsOf(buyer)).toHaveLength(1);

    // Another search's news stays while its search does.
    const other = uniqueWord();
    const kept = await post(t.app, '/api/users/addOrUpdateSaveSearch', buyer, {
      name: 'Kept',
      searchQuery: `keyword=${other}`,
      frequency: 'Immediately',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await listing(t.db, seller.id, { title: `Other ${other} scope` });
    await runJob();
    expect((await alertsOf(buyer)).map((alert) => alert.message).sort()).toEqual([
      `1 new listing for “Kept”: Other ${other} scope ($500.00).`,
      `1 new listing for “Scopes”: New ${word} scope ($500.00).`,
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/deleteSaveSearch/${saved.json().id}`,
      headers: { authorization: buyer.authorization },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await alertsOf(buyer)).map((alert) => alert.message)).toEqual([
      `1 new listing for “Kept”: Other ${other} scope ($500.00).`,
    ]);
  });
});

describe('reminders', () => {
  it('"Confirm your shipping dealer" shows until an order names a dealer', async () => {
    const buyer = await account(t.db, 'buyer');
    await addUserAlert(t.db, {
      userId: buyer.id,
      kind: UserAlertKind.Reminder,
      text: 'Pick the licensed dealer who will receive your firearm purchases.',
      link: '/ffl',
      subject: alertSubject.reminder(UserReminder.ChooseDealer),
    });
    const titles = async () => (await alertsOf(buyer)).map((alert) => alert.message);
    expect(await titles()).toEqual(['Pick the licensed dealer who will receive your firearm purchases.']);

    // An order shipped to the buyer's address chooses no dealer: the reminder stays.
    const optic = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics, title: 'Plain optic' });
    const home = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: optic }], [toAddress(seller.id)]),
    );
    expect(home.statusCode, home.body).toBe(200);
    expect(await titles()).toHaveLength(1);

    const handgun = await listing(t.db, seller.id, { title: 'Transfer pistol' });
    const placed = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: handgun }], [toDealer(seller.id, dealer.id)]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await titles()).toEqual([]);
  });
});

describe('offer alerts', () => {
  const offerListing = () =>
    listing(t.db, seller.id, {
      familyId: CategoryFamilyId.Optics,
      title: `Trijicon ${uniqueWord()}`,
      acceptsOffers: true,
      quantity: 3,
    });
  const offerAlerts = async (who: Account, title: string) =>
    (await alertsOf(who)).filter((alert) => alert.message.includes(title));

  it('one entry per offer: its latest step, with how many steps there were', async () => {
    const buyer = await account(t.db, 'buyer');
    const id = await offerListing();
    const made = await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: 400, quantity: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const offer: Offer = made.json();
    const title = offer.listing.title;
    const countered = await post(t.app, `/api/offers/respond/${offer.id}`, seller, {
      action: 'counter',
      amount: 450,
    });
    expect(countered.statusCode, countered.body).toBe(200);

    const toBuyer = await offerAlerts(buyer, title);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]).toMatchObject({ updates: 2 });
    expect(toBuyer[0]?.message).toMatch(/^Counter-offer on /);

    // Another offer on another listing is its own entry.
    const second = await offerListing();
    expect(
      (await post(t.app, '/api/offers/make', buyer, { listingId: second, amount: 300, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    expect((await alertsOf(buyer)).filter((alert) => alert.message.includes('Trijicon'))).toHaveLength(2);

    const accepted = await post(t.app, `/api/offers/respond/${offer.id}`, buyer, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [latest] = await offerAlerts(seller, title);
    expect(latest).toMatchObject({ updates: 3 });
    expect(latest?.message).toMatch(/^Offer accepted on /);
  });

  it('addresses the reader as "you", never by their own name', async () => {
    const buyer = await account(t.db, 'buyer', { firstName: 'Bea', lastName: 'Buyer' });
    const id = await offerListing();
    const offer: Offer = (
      await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: 400, quantity: 1 })
    ).json();
    expect(
      (await post(t.app, `/api/offers/respond/${offer.id}`, seller, { action: 'accept' })).statusCode,
    ).toBe(200);
    const title = offer.listing.title;

    const [toSeller] = await offerAlerts(seller, title);
    expect(toSeller?.message).toContain('You accepted the offer');
    expect(toSeller?.message).not.toContain(offer.seller.displayName);
    const [toBuyer] = await offerAlerts(buyer, title);
    expect(toBuyer?.message).toContain(`${offer.seller.displayName} accepted the offer`);

    const other = await offerListing();
    const declined: Offer = (
      await post(t.app, '/api/offers/make', buyer, { listingId: other, amount: 350, quantity: 1 })
    ).json();
    const answer = await post(t.app, `/api/offers/respond/${declined.id}`, seller, { action: 'decline' });
    expect(answer.statusCode, answer.body).toBe(200);
    const [declinedToSeller] = await offerAlerts(seller, declined.listing.title);
    expect(declinedToSeller?.message).toContain('You declined the offer');
    const [declinedToBuyer] = await offerAlerts(buyer, declined.listing.title);
    expect(declinedToBuyer?.message).toContain(`${offer.seller.displayName} declined the offer`);
  });

  it('names its deadline as a time for the reader’s screen to write, not as server text', async () => {
    const buyer = await account(t.db, 'buyer');
    const id = await offerListing();
    const offer: Offer = (
      await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: 400, quantity: 1 })
    ).json();
    expect(offer.deadline).not.toBeNull();
    const [toSeller] = await offerAlerts(seller, offer.listing.title);
    expect(toSeller?.message).toContain('Accept, counter or decline by {deadline};');
    expect(toSeller?.message).not.toMatch(/UTC/);
    expect(toSeller?.times).toEqual({ deadline: offer.deadline });
  });
});
