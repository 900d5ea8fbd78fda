import { sql } from 'drizzle-orm';
import {
  type AuctionBidState,
  auctionProblems,
  minimumBidCents,
  minimumBuyNowCents,
  placeBid,
} from '../../shared/domain/auctions.ts';
import { CATEGORY_FAMILIES } from '../../shared/domain/category.ts';
import { ListingType } from '../../shared/domain/listing.ts';
import { toCents } from '../../shared/domain/membership.ts';
import { PaymentMethod } from '../../shared/domain/payment.ts';
import { type DbExecutor, queryRows } from '../db/client.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { Random } from './random.ts';
import { anyRow, type ColumnTypes, insertBatches, type SeedPart, startOfUtcDay } from './seed-part.ts';

/*
 * The catalogue's auctions: its listings of type Auction run as auctions (docs/capabilities/auctions.md),
 * from a starting bid under the asking price, some with a reserve or a buy-now price, ending over the
 * coming days; about a third have bids, from the demo accounts and a few catalogue accounts, applied by
 * the auction engine as the server applies them. One firearm, won by the demo buyer, ended an hour
 * before the seeding, for the ending job to settle and the buyer to check out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const ONE_DAY_MIN_REMAINING_MS = 2 * HOUR_MS;
/** The families a dealer must transfer: the demo buyer's win is one of these. */
const FFL_FAMILY_IDS = CATEGORY_FAMILIES.filter((family) => family.requiresFfl).map((family) => family.id);
/** Demo accounts that bid when they are seeded: the buyer, and the sellers who also buy. */
const DEMO_BIDDERS = [
  DEMO_ACCOUNTS.buyer,
  DEMO_ACCOUNTS.seller,
  DEMO_ACCOUNTS.dealer,
  DEMO_ACCOUNTS.newSeller,
];
/** Catalogue accounts that bid beside them. */
const CATALOG_BIDDERS = 6;

const AUCTION_COLUMNS: ColumnTypes = [
  ['listing_id', 'uuid'],
  ['starting_bid', 'numeric'],
  ['reserve_price', 'numeric'],
  ['buy_now_price', 'numeric'],
  ['starts_at', 'timestamptz'],
  ['ends_at', 'timestamptz'],
  ['current_price', 'numeric'],
  ['bid_count', 'integer'],
  ['requests_applied', 'integer'],
  ['high_bidder_id', 'uuid'],
  ['high_max', 'numeric'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const BID_COLUMNS: ColumnTypes = [
  ['listing_id', 'uuid'],
  ['bidder_id', 'uuid'],
  ['seq', 'integer'],
  ['amount', 'numeric'],
  ['automatic', 'boolean'],
  ['created_at', 'timestamptz'],
];
const REQUEST_COLUMNS: ColumnTypes = [
  ['listing_id', 'uuid'],
  ['bidder_id', 'uuid'],
  ['idempotency_key', 'text'],
  ['seq', 'integer'],
  ['max_bid', 'numeric'],
  ['created_at', 'timestamptz'],
];

const dollars = (cents: number) => cents / 100;

/** One auction's rows: its own, its bid history, the bid requests and its listing's new standing. */
interface SeededAuction {
  auction: Record<string, unknown>;
  bids: Record<string, unknown>[];
  requests: Record<string, unknown>[];
  listing: Record<string, unknown>;
}

/**
 * One auction's bidding as the seed builds it: each maximum applied by the auction engine and, when
 * accepted, recorded as the server records it (the request, then its history rows).
 */
function biddingOf(listingId: string, startCents: number, reserveCents: number | null) {
  let state: AuctionBidState = {
    startingBidCents: startCents,
    reserveCents,
    priceCents: startCents,
    bidCount: 0,
    leader: null,
  };
  const bids: Record<string, unknown>[] = [];
  const requests: Record<string, unknown>[] = [];
  return {
    get state(): AuctionBidState {
      return state;
    },
    /** Applies `maxCents` for `bidderId` at `at`; false when the engine refuses it. */
    bid(random: Random, bidderId: string, maxCents: number, at: Date): boolean {
      const result = placeBid(state, bidderId, maxCents);
      if (!result.accepted) return false;
      requests.push({
        listing_id: listingId,
        bidder_id: bidderId,
        idempotency_key: random.uuid(),
        seq: requests.length + 1,
        max_bid: dollars(maxCents),
        created_at: at.toISOString(),
      });
      for (const row of result.rows) {
        bids.push({
          listing_id: listingId,
          bidder_id: row.bidderId,
          seq: bids.length + 1,
          amount: dollars(row.amountCents),
          automatic: row.automatic,
          created_at: at.toISOString(),
        });
      }
      state = result.state;
      return true;
    },
    /** The auction's rows as its bidding left it, and its listing's standing. */
    rows(buyNowCents: number | null, startsAt: Date, endsAt: Date): SeededAuction {
      return {
        auction: {
          listing_id: listingId,
          starting_bid: dollars(startCents),
          reserve_price: reserveCents === null ? null : dollars(reserveCents),
          buy_now_price: buyNowCents === null ? null : dollars(buyNowCents),
          starts_at: startsAt.toISOString(),
          ends_at: endsAt.toISOString(),
          current_price: dollars(state.priceCents),
          bid_count: state.bidCount,
          requests_applied: requests.length,
          high_bidder_id: state.leader?.bidderId ?? null,
          high_max: state.leader ? dollars(state.leader.maxCents) : null,
          created_at: startsAt.toISOString(),
          updated_at: (requests.at(-1)?.created_at as string | undefined) ?? startsAt.toISOString(),
        },
        bids,
        requests,
        // The listing is one item on sale from the auction's start to its end, at the current bid.
        listing: {
          id: listingId,
          price: dollars(state.priceCents),
          listing_start_date: startsAt.toISOString(),
          listing_end_date: endsAt.toISOString(),
        },
      };
    },
  };
}

/**
 * The terms of one auction by the listing form's rules: a starting bid of 50 to 80% of the asking
 * price in whole dollars, a reserve near the asking price on 3 in 10, a buy-now price above both on 3
 * in 10; it started in the past and ends 1 to `days` days from `now`, a one-day auction 2 hours to a
 * day from `now`.
 */
function auctionOf(
  random: Random,
  listing: { id: string; userId: string; price: number },
  bidders: readonly string[],
  now: Date,
): SeededAuction {
  const days = random.pick([1, 3, 5, 7, 7, 10] as const);
  const startCents = toCents(Math.max(1, Math.floor(listing.price * (0.5 + random.next() * 0.3))));
  const reserveCents = random.chance(0.3)
    ? Math.max(startCents, toCents(Math.round(listing.price * 0.9)))
    : null;
  const buyNowCents = random.chance(0.3)
    ? Math.max(reserveCents ?? 0, minimumBuyNowCents(startCents), toCents(Math.ceil(listing.price * 1.1)))
    : null;
  // Ending on a quarter hour at least a day away; a one-day auction, started at some time of the
  // past day, at least two hours away (were they all started at the seeding, they would all end at
  // the same instant).
  const earliest = days === 1 ? ONE_DAY_MIN_REMAINING_MS : DAY_MS;
  const endsAt = new Date(
    now.getTime() +
      earliest +
      Math.floor((random.next() * (days * DAY_MS - earliest)) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
  );
  const startsAt = new Date(endsAt.getTime() - days * DAY_MS);
  const terms = {
    ...(reserveCents === null ? {} : { reservePrice: dollars(reserveCents) }),
    ...(buyNowCents === null ? {} : { buyNowPrice: dollars(buyNowCents) }),
  };
  const [problem] = auctionProblems({
    listingType: ListingType.Auction,
    price: dollars(startCents),
    quantity: 1,
    durationDays: days,
    acceptsOffers: false,
    auction: terms,
  });
  if (problem) throw new Error(`A demo auction breaks the rule: ${problem[1]}`);

  const bidding = biddingOf(listing.id, startCents, reserveCents);
  // An auction ending on the seeding day has ended by the time the demo is opened later that day,
  // and the ending job settles it at start-up: the demo buyer bids on none of these, so the only
  // auction it has won and must check out is its win (from a seller who takes payment by card).
  const endsOnSeedingDay = endsAt.getTime() < now.getTime() + DAY_MS;
  const others = bidders.filter(
    (id) => id !== listing.userId && !(endsOnSeedingDay && id === DEMO_ACCOUNTS.buyer.id),
  );
  const tries = others.length > 0 && random.chance(0.35) ? random.int(1, 4) : 0;
  for (let i = 0; i < tries; i++) {
    const bidderId = random.pick(others);
    const minimum = minimumBidCents(bidding.state);
    const maxCents = minimum + random.int(0, 6) * Math.max(100, Math.round(minimum * 0.02));
    // Bids spread over the time the auction has run so far.
    const at = new Date(startsAt.getTime() + ((i + 1) / (tries + 1)) * (now.getTime() - startsAt.getTime()));
    bidding.bid(random, bidderId, maxCents, at);
  }
  return bidding.rows(buyNowCents, startsAt, endsAt);
}

/**
 * An auction that ended an hour before `now` after 3 days, without a reserve: `bidders` bid in turn,
 * each a little over the last, so the last of them leads. Its outcome is left to the ending job.
 */
function wonAuctionOf(
  random: Random,
  listing: { id: string; price: number },
  bidders: readonly string[],
  now: Date,
): SeededAuction {
  const endsAt = new Date(now.getTime() - HOUR_MS);
  const startsAt = new Date(endsAt.getTime() - 3 * DAY_MS);
  const startCents = toCents(Math.max(1, Math.floor(listing.price * 0.6)));
  const bidding = biddingOf(listing.id, startCents, null);
  bidders.forEach((bidderId, index) => {
    const maxCents = minimumBidCents(bidding.state) + (index + 1) * 1000;
    const at = new Date(startsAt.getTime() + (index + 1) * DAY_MS);
    if (!bidding.bid(random, bidderId, maxCents, at)) throw new Error('A demo bid was refused');
  });
  return bidding.rows(null, startsAt, endsAt);
}

/**
 * Runs each listing of type Auction that has no auction yet as one, as of `now`: its terms, its
 * bidding and its listing's new standing. The catalogue part calls it while it loads its listings,
 * before any index or search row is built from them (a listing written again afterwards costs its
 * search row and postings again: 173 s for 110,541 auctions at a million listings); the auctions
 * part calls it for a catalogue seeded without.
 */
export async function seedRunningAuctions(db: DbExecutor, random: Random, now: Date): Promise<void> {
  const listings = await queryRows<{ id: string; user_id: string; price: number; checkout_by_card: boolean }>(
    db,
    sql`select l.id, l.user_id, l.price::float8 as price,
        (l.live_checkout_enabled and u.payment_gateway_connected
          and (l.accepted_payment_methods & ${PaymentMethod.Visa}) <> 0
          and l.family_id in (select json_array_elements_text(${JSON.stringify(FFL_FAMILY_IDS)}::json)::int)
        ) as checkout_by_card
      from listings l join users u on u.id = l.user_id
      where l.listing_type = ${ListingType.Auction}
        and not exists (select 1 from auctions a where a.listing_id = l.id)
      order by l.legacy_id, l.id`,
  );
  if (listings.length === 0) return;
  const demoIds = DEMO_BIDDERS.map((account) => account.id);
  const bidders = await queryRows<{ id: string }>(
    db,
    sql`(select id from users where id in (select json_array_elements_text(${JSON.stringify(demoIds)}::json)::uuid)
        order by id)
      union all
      (select id from users
        where id not in (select json_array_elements_text(${JSON.stringify(demoIds)}::json)::uuid)
          and 'Admin' <> all(roles)
        order by email limit ${CATALOG_BIDDERS})`,
  );
  const seeded = listings.map((listing) =>
    auctionOf(
      random,
      { id: listing.id, userId: listing.user_id, price: listing.price },
      bidders.map((bidder) => bidder.id),
      now,
    ),
  );
  // The demo buyer's win: a firearm its seller sells by card, ended an hour ago, as if while the
  // server was down; the ending job settles it when the server starts, and the buyer checks out.
  const buyerId = DEMO_ACCOUNTS.buyer.id;
  const won = listings.findIndex((listing) => listing.checkout_by_card && listing.user_id !== buyerId);
  const rival = bidders
    .map((bidder) => bidder.id)
    .find((id) => id !== buyerId && id !== listings[won]?.user_id);
  // The demo buyer bids only where the demo accounts are seeded (a catalogue seeded alone has none).
  if (won >= 0 && rival && bidders.some((bidder) => bidder.id === buyerId)) {
    const listing = listings[won]!;
    seeded[won] = wonAuctionOf(random, { id: listing.id, price: listing.price }, [rival, buyerId], now);
  }
  await db.execute(sql`update listings l set quantity = 1, is_active = true, is_sold = false,
      accepts_offers = false, price = x.price, listing_start_date = x.listing_start_date,
      listing_end_date = x.listing_end_date
    from json_to_recordset(${JSON.stringify(seeded.map((entry) => entry.listing))}::json)
      as x(id uuid, price numeric, listing_start_date timestamptz, listing_end_date timestamptz)
    where l.id = x.id`);
  await insertBatches(
    db,
    'auctions',
    AUCTION_COLUMNS,
    seeded.map((entry) => entry.auction),
  );
  await insertBatches(
    db,
    'auction_bids',
    BID_COLUMNS,
    seeded.flatMap((entry) => entry.bids),
  );
  await insertBatches(
    db,
    'auction_bid_requests',
    REQUEST_COLUMNS,
    seeded.flatMap((entry) => entry.requests),
  );
}

/**
 * The auctions part of the demo data, after the accounts and the catalogue: the catalogue runs its
 * listings of type Auction as auctions as it loads them, so this part runs only those a catalogue
 * seeded without (`seeded` is true once any auction is there). `now` is fixed in tests so two runs
 * compare row for row. A catalogue without listings of type Auction gets none.
 */
export function createAuctionsSeedPart(settings: { now?: () => Date } = {}): SeedPart {
  return {
    name: 'auctions',
    run: (db, random) => seedRunningAuctions(db, random, (settings.now ?? startOfUtcDay)()),
    seeded: (db) => anyRow(db, sql`select 1 from auctions`),
  };
}

export const auctionsSeedPart: SeedPart = createAuctionsSeedPart();
