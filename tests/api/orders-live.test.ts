import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import {
  createMessagesTestApp,
  type LiveStream,
  listenLocally,
  type MessagesTestApp,
  openLiveStream,
} from './support/messages.ts';
import { type Account, account, checkoutBody, listing, post, toAddress } from './support/orders.ts';

let t: MessagesTestApp;
let origin: string;
let buyer: Account;
let seller: Account;
let otherSeller: Account;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createMessagesTestApp();
  origin = await listenLocally(t.app);
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  otherSeller = await account(t.db, 'seller');
}, 60_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function follow(who: Account): Promise<LiveStream> {
  const stream = await openLiveStream(origin, who);
  streams.push(stream);
  await stream.next((event) => event.type === 'unread');
  return stream;
}

// Optics ship to the buyer's address: no dealer needed.
const optic = (sellerId: string, title: string, price: number) =>
  listing(t.db, sellerId, { title, price, familyId: CategoryFamilyId.Optics, caliber: null });

describe("a seller's live channel", () => {
  it('announces each new paid order to its seller only: number, priciest line, line count, total', async () => {
    const scope = await optic(seller.id, 'Vortex Razor HD Gen III 6-36x56', 2000);
    const rings = await optic(seller.id, 'Vortex Precision Matched Rings 34mm', 150);
    const dot = await optic(otherSeller.id, 'Holosun 507C', 300);
    const sellerStream = await follow(seller);
    const otherStream = await follow(otherSeller);
    const buyerStream = await follow(buyer);

    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody(
        [
          { listingId: rings, price: 150 },
          { listingId: scope, price: 2000 },
          { listingId: dot, price: 300 },
        ],
        [toAddress(seller.id), toAddress(otherSeller.id)],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json().orders as {
      id: string;
      number: string;
      seller: { id: string };
      total: number;
    }[];
    const mine = placed.find((order) => order.seller.id === seller.id);
    const theirs = placed.find((order) => order.seller.id === otherSeller.id);

    const event = await sellerStream.next((candidate) => candidate.type === 'order');
    expect(event).toEqual({
      type: 'order',
      unreadCount: 0,
      order: {
        id: mine?.id,
        number: mine?.number,
        title: 'Vortex Razor HD Gen III 6-36x56',
        itemCount: 2,
        total: mine?.total,
      },
    });
    const other = await otherStream.next((candidate) => candidate.type === 'order');
    expect(other.type === 'order' && other.order).toMatchObject({
      id: theirs?.id,
      title: 'Holosun 507C',
      itemCount: 1,
    });
    // The buyer's own channel says nothing of the orders they placed.
    await expect(buyerStream.next((candidate) => candidate.type === 'order', 500)).rejects.toThrow();
  });

  it('says nothing when the payment is declined (no order is kept)', async () => {
    const id = await optic(seller.id, 'Leupold VX-3HD 4.5-14x40', 700);
    const stream = await follow(seller);
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 700 }], [toAddress(seller.id)], {
        payment: { ...checkoutBody([], []).payment, cardNumber: '4000 0000 0000 0002' },
      }),
    );
    expect(res.statusCode).toBe(402);
    await expect(stream.next((candidate) => candidate.type === 'order', 500)).rejects.toThrow();
  });
});
