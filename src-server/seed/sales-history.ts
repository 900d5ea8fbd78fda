import { sql } from 'drizzle-orm';
import { familyById } from '../../shared/domain/category.ts';
import { ListingType } from '../../shared/domain/listing.ts';
import { OrderState } from '../../shared/domain/orders.ts';
import { Role, UserOption } from '../../shared/domain/user.ts';
import { loadInBulk } from '../db/bulk-load.ts';
import { type DbExecutor, queryRows } from '../db/client.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { FAMILY_CATALOG } from './catalog-products.ts';
import type { Random } from './random.ts';
import { anyRow, type ColumnTypes, insertBatches, type SeedPart, startOfUtcDay } from './seed-part.ts';

/*
 * The sales history (docs/capabilities/valuation.md): a year of completed orders of the catalogue's
 * products, so valuations from completed sales are real on a fresh start. Buyers are accounts of their
 * own that cannot sign in, so no demo account's dashboard shows these orders; sellers are the sellers
 * of the catalogue listings sold. Each product sells in proportion to its family's share of the
 * catalogue, at prices around its listings' with a spread, a slight trend over the year and a few
 * outliers (a parts gun, a bundle with extras) for the valuation's fence to drop.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 365;
/** Sales a year per unit of family weight per product: a Glock 19 sells about 30 times a year. */
const YEARLY_SALES_PER_WEIGHT = 60;
const HISTORY_BUYERS = 60;
/** Families bought by the box or the pack: an order takes one to four of them. */
const BOUGHT_IN_UNITS = new Set(['Ammunition', 'Magazines']);

export const historyBuyerEmail = (index: number) =>
  `history.buyer${String(index + 1).padStart(3, '0')}@example.com`;

const FIRST_NAMES = [
  'Avery',
  'Jordan',
  'Casey',
  'Riley',
  'Morgan',
  'Quinn',
  'Reese',
  'Rowan',
  'Drew',
  'Hayden',
];
const LAST_NAMES = [
  'Hale',
  'Brooks',
  'Reyes',
  'Nguyen',
  'Foster',
  'Ward',
  'Bishop',
  'Price',
  'Keller',
  'Soto',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Cedar Ln',
  'Ranch Rd',
  'Elm St',
  'Hillcrest Dr',
  'Mill Rd',
  'Lakeview Dr',
];
const CARRIERS = ['UPS', 'FedEx', 'USPS'] as const;
const CARD_BRANDS = ['Visa', 'Mastercard', 'Discover', 'Amex'] as const;

const USER_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['email', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['phone', 'text'],
  ['roles', 'text[]'],
  ['user_options', 'integer'],
  ['address1', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip', 'text'],
  ['email_confirmed_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const CHECKOUT_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['buyer_id', 'uuid'],
  ['idempotency_key', 'text'],
  ['request_hash', 'text'],
  ['status', 'text'],
  ['total', 'numeric'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const ORDER_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['checkout_id', 'uuid'],
  ['buyer_id', 'uuid'],
  ['seller_id', 'uuid'],
  ['state', 'text'],
  ['subtotal', 'numeric'],
  ['shipping_total', 'numeric'],
  ['total', 'numeric'],
  ['dealer_id', 'uuid'],
  ['ship_to', 'jsonb'],
  ['payment_reference', 'text'],
  ['payment_status', 'text'],
  ['payment_provider', 'text'],
  ['card_brand', 'text'],
  ['card_last4', 'text'],
  ['carrier', 'text'],
  ['tracking_number', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const ITEM_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['order_id', 'uuid'],
  ['listing_id', 'uuid'],
  ['title', 'text'],
  ['family_id', 'smallint'],
  ['thumbnail_picture', 'text'],
  ['quantity', 'integer'],
  ['price', 'numeric'],
  ['shipping_cost', 'numeric'],
];

/** The states a completed order went through, by whom, at what share of its days; awaitingDealer for dealer orders only. */
const ORDER_STEPS = [
  { state: OrderState.Placed, actor: 'buyer', share: 0 },
  { state: OrderState.Paid, actor: 'system', share: 0.001 },
  { state: OrderState.AwaitingDealer, actor: 'system', share: 0.002 },
  { state: OrderState.Shipped, actor: 'seller', share: 0.25 },
  { state: OrderState.Delivered, actor: 'seller', share: 0.75 },
  { state: OrderState.Completed, actor: 'buyer', share: 1 },
];

type CatalogListing = {
  id: string;
  user_id: string;
  title: string;
  manufacturer: string;
  model: string;
  caliber: string | null;
  family_id: number;
  thumbnail_picture: string | null;
  price: number;
  shipping_cost: number;
};

type Dealer = {
  id: string;
  license_number: string;
  license_name: string;
  business_name: string | null;
  premise_street: string;
  premise_city: string;
  premise_state: string;
  premise_zip: string;
  phone: string | null;
};

interface Buyer {
  id: string;
  firstName: string;
  lastName: string;
  address1: string;
  phone: string;
  /** The dealer near the buyer's home who receives the buyer's firearms. */
  dealer: Dealer;
}

const money = (value: number) => Math.round(value * 100) / 100;
/** A price as sellers ask it: whole dollars from $50, cents below. */
const askedPrice = (value: number) => (value >= 50 ? Math.round(value) : money(value));
/** Roughly normal noise with this standard deviation, from three uniform draws. */
const noise = (random: Random, deviation: number) =>
  ((random.next() + random.next() + random.next() - 1.5) / 0.5) * deviation;

function buildBuyers(random: Random, dealers: readonly Dealer[], now: Date) {
  const buyers: Buyer[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < HISTORY_BUYERS; i++) {
    const dealer = random.pick(dealers);
    const buyer: Buyer = {
      id: random.uuid(),
      firstName: random.pick(FIRST_NAMES),
      lastName: random.pick(LAST_NAMES),
      address1: `${random.int(100, 9800)} ${random.pick(STREETS)}`,
      phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
      dealer,
    };
    buyers.push(buyer);
    const joined = new Date(
      now.getTime() - random.int(HISTORY_DAYS + 30, 3 * HISTORY_DAYS) * DAY_MS,
    ).toISOString();
    rows.push({
      id: buyer.id,
      email: historyBuyerEmail(i),
      first_name: buyer.firstName,
      last_name: buyer.lastName,
      phone: buyer.phone,
      roles: [Role.Buyer],
      user_options: UserOption.AttestedToTermsOfService,
      address1: buyer.address1,
      city: dealer.premise_city,
      state: dealer.premise_state,
      zip: dealer.premise_zip,
      email_confirmed_at: joined,
      created_at: joined,
      updated_at: joined,
    });
  }
  return { buyers, rows };
}

/** Where an order went: the buyer's dealer for a firearm, the buyer's home for anything else. */
function shipTo(buyer: Buyer, toDealer: boolean) {
  if (toDealer) {
    const dealer = buyer.dealer;
    return {
      kind: 'dealer',
      dealer: {
        id: dealer.id,
        licenseNumber: dealer.license_number,
        businessName: dealer.business_name ?? dealer.license_name,
        street: dealer.premise_street,
        city: dealer.premise_city,
        state: dealer.premise_state,
        zip: dealer.premise_zip,
        phone: dealer.phone,
        licenseCopyUrl: null,
        email: null,
      },
    };
  }
  return {
    kind: 'address',
    address: {
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      address1: buyer.address1,
      address2: null,
      city: buyer.dealer.premise_city,
      state: buyer.dealer.premise_state,
      zip: buyer.dealer.premise_zip,
      phone: buyer.phone,
    },
  };
}

interface HistoryRows {
  checkouts: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  items: Record<string, unknown>[];
}

/**
 * One completed sale of a listing: placed `ageDays` ago, paid at once, then shipped, delivered and
 * confirmed by the buyer over the days after.
 */
function addSale(
  rows: HistoryRows,
  random: Random,
  listing: CatalogListing,
  buyer: Buyer,
  unitPrice: number,
  ageDays: number,
  now: Date,
): void {
  const family = familyById(listing.family_id);
  const toDealer = family?.requiresFfl ?? true;
  const quantity = family && BOUGHT_IN_UNITS.has(family.key) ? random.int(1, 4) : 1;
  const placed = now.getTime() - ageDays * DAY_MS;
  // Completed within two weeks, and at least a day before now.
  const span = (0.3 + 0.7 * random.next()) * Math.min(14, ageDays - 1) * DAY_MS;
  const at = (share: number) => new Date(placed + share * span).toISOString();
  const subtotal = money(unitPrice * quantity);
  const total = money(subtotal + listing.shipping_cost);
  const checkoutId = random.uuid();
  const orderId = random.uuid();
  const carrier = random.pick(CARRIERS);
  const tracking = `1Z${random.uuid().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
  rows.checkouts.push({
    id: checkoutId,
    buyer_id: buyer.id,
    idempotency_key: random.uuid(),
    request_hash: random.uuid().replace(/-/g, ''),
    status: 'completed',
    total,
    created_at: at(0),
    updated_at: at(0),
  });
  rows.orders.push({
    id: orderId,
    checkout_id: checkoutId,
    buyer_id: buyer.id,
    seller_id: listing.user_id,
    state: OrderState.Completed,
    subtotal,
    shipping_total: listing.shipping_cost,
    total,
    dealer_id: toDealer ? buyer.dealer.id : null,
    ship_to: shipTo(buyer, toDealer),
    payment_reference: random.uuid(),
    payment_status: 'captured',
    payment_provider: 'sandbox',
    card_brand: random.pick(CARD_BRANDS),
    card_last4: String(random.int(0, 9999)).padStart(4, '0'),
    carrier,
    tracking_number: tracking,
    created_at: at(0),
    updated_at: at(1),
  });
  rows.items.push({
    id: random.uuid(),
    order_id: orderId,
    listing_id: listing.id,
    title: listing.title,
    family_id: listing.family_id,
    thumbnail_picture: listing.thumbnail_picture,
    quantity,
    price: unitPrice,
    shipping_cost: listing.shipping_cost,
  });
}

/** The catalogue's products (manufacturer, model and caliber) with the listings that sell them. */
function productsOf(listings: readonly CatalogListing[]): CatalogListing[][] {
  const products = new Map<string, CatalogListing[]>();
  for (const listing of listings) {
    const key = `${listing.manufacturer}\u0000${listing.model}\u0000${listing.caliber ?? ''}`;
    const list = products.get(key);
    if (list) list.push(listing);
    else products.set(key, [listing]);
  }
  return [...products.values()];
}

/** How many times a year a product of this family sells: its share of the family's catalogue weight. */
function yearlySales(random: Random, familyId: number): number {
  const family = familyById(familyId);
  const catalog = family ? FAMILY_CATALOG[family.key] : undefined;
  const share = catalog ? catalog.weight / catalog.products.length : 0.25;
  return Math.max(1, Math.round(YEARLY_SALES_PER_WEIGHT * share * (0.7 + random.next() * 0.6)));
}

async function run(db: DbExecutor, random: Random, now: Date): Promise<void> {
  const demoIds = JSON.stringify(Object.values(DEMO_ACCOUNTS).map((account) => account.id));
  const listings = await queryRows<CatalogListing>(
    db,
    sql`select l.id, l.user_id, l.title, l.manufacturer, l.model, l.caliber, l.family_id,
        l.thumbnail_picture, l.price::float8 as price, l.shipping_cost::float8 as shipping_cost
      from listings l
      where l.listing_type = ${ListingType.National} and l.manufacturer is not null and l.model is not null
        and l.user_id not in (select json_array_elements_text(${demoIds}::json)::uuid)
      order by l.legacy_id, l.id`,
  );
  const dealers = await queryRows<Dealer>(
    db,
    sql`select id, license_number, license_name, business_name, premise_street, premise_city,
        premise_state, premise_zip, phone
      from ffl_dealers where user_id is null and active order by license_number`,
  );
  const { buyers, rows: buyerRows } = buildBuyers(random, dealers, now);
  await insertBatches(db, 'users', USER_COLUMNS, buyerRows);

  const rows: HistoryRows = { checkouts: [], orders: [], items: [] };
  for (const product of productsOf(listings)) {
    const sales = yearlySales(random, product[0]!.family_id);
    // The product's price moved this share over the year: from 8% down to 10% up.
    const drift = -0.08 + random.next() * 0.18;
    for (let n = 0; n < sales; n++) {
      const listing = random.pick(product);
      // Placed 2 to 365 days ago: an order of the last two days is not completed yet.
      const ageDays = 2 + random.next() * (HISTORY_DAYS - 2);
      const trend = 1 - drift * (ageDays / HISTORY_DAYS);
      const outlier = random.chance(0.03) ? (random.chance(0.5) ? 0.5 : 1.6) : 1;
      const unitPrice = askedPrice(Math.max(1, listing.price * trend * (1 + noise(random, 0.06)) * outlier));
      addSale(rows, random, listing, random.pick(buyers), unitPrice, ageDays, now);
    }
  }
  // Each table's secondary indexes are built once and its references checked once, after the rows.
  const tables: [string, ColumnTypes, Record<string, unknown>[]][] = [
    ['checkouts', CHECKOUT_COLUMNS, rows.checkouts],
    ['orders', ORDER_COLUMNS, rows.orders],
    ['order_items', ITEM_COLUMNS, rows.items],
  ];
  for (const [table, columns, tableRows] of tables) {
    await loadInBulk(db, table, () => insertBatches(db, table, columns, tableRows));
  }
  const buyerIds = JSON.stringify(buyers.map((buyer) => buyer.id));
  // Each state an order entered, at its share of the time from placing to completing, written by the
  // database from the orders themselves; ids derive from the order's, so they too are the same on every run.
  await loadInBulk(db, 'order_events', () =>
    db.execute(sql`insert into order_events (id, order_id, state, actor, note, created_at)
      select md5(o.id::text || s.state)::uuid, o.id, s.state, s.actor,
        case s.state when ${OrderState.Paid} then 'Payment captured.'
          when ${OrderState.Shipped} then o.carrier || ' ' || o.tracking_number end,
        o.created_at + s.share * (o.updated_at - o.created_at)
      from orders o cross join json_to_recordset(${JSON.stringify(ORDER_STEPS)}::json)
        as s(state text, actor text, share float8)
      where o.buyer_id in (select json_array_elements_text(${buyerIds}::json)::uuid)
        and (s.state <> ${OrderState.AwaitingDealer} or o.dealer_id is not null)`),
  );
  // A completed order counts toward its seller's completed sales.
  await db.execute(sql`update users u set total_completed_sales = u.total_completed_sales + s.sales
    from (select seller_id, count(*)::int as sales from orders
      where buyer_id in (select json_array_elements_text(${buyerIds}::json)::uuid)
      group by seller_id) s
    where u.id = s.seller_id`);
}

/**
 * The sales history of the demo data, after the accounts, the catalogue and the FFL dealers; `now`
 * is fixed in tests so two runs compare row for row.
 */
export function createSalesHistorySeedPart(settings: { now?: () => Date } = {}): SeedPart {
  return {
    name: 'sales history',
    run: (db, random) => run(db, random, (settings.now ?? startOfUtcDay)()),
    seeded: (db) => anyRow(db, sql`select 1 from users where email = ${historyBuyerEmail(0)}`),
  };
}

export const salesHistorySeedPart: SeedPart = createSalesHistorySeedPart();
