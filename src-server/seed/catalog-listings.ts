import {
  CATEGORY_FAMILIES,
  type CategoryFamily,
  CategoryFamilyId,
  FIREARMS_SECTIONS,
} from '../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType, ReturnPolicy } from '../../shared/domain/listing.ts';
import { familyImagePath } from '../modules/stock-images/index.ts';
import { FAMILY_CATALOG, type ProductRow } from './catalog-products.ts';
import type { Seller } from './catalog-sellers.ts';
import { type Random, weightedPick } from './random.ts';
import type { ColumnTypes } from './seed-part.ts';

/* The catalogue's listings: products of every family, priced, described and pictured as sellers list them. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded ids stay clear of ids the accounts part or real imports hand out. */
const FIRST_LEGACY_LISTING_ID = 3_000_001;

/** Deterministic 12-digit UPC-A for a product: 11 digits from a hash of its name plus the check digit. */
export function upcFor(name: string): string {
  let hash = 2166136261;
  for (const char of name) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  const body = `0${String(hash).padStart(10, '0').slice(-10)}`;
  return `${body}${upcCheckDigit(body)}`;
}

/** UPC-A check digit of the first 11 digits. */
export function upcCheckDigit(first11: string): number {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Families whose items arrive new from the maker nearly always. */
const CONSUMABLE_FAMILIES: readonly CategoryFamily[] = [
  'Ammunition',
  'Magazines',
  'Optics',
  'Accessories',
  'EverythingElse',
];

const money = (value: number) => Math.round(value * 100) / 100;
/** Street prices end in .99 above $20, in .49/.99 below. */
const streetPrice = (value: number) => (value >= 20 ? Math.max(1, Math.floor(value)) - 0.01 : money(value));

export const LISTING_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['legacy_id', 'bigint'],
  ['user_id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['manufacturer', 'text'],
  ['model', 'text'],
  ['caliber', 'text'],
  ['condition', 'text'],
  ['quantity', 'integer'],
  ['price', 'numeric'],
  ['upc', 'text'],
  ['sku', 'text'],
  ['seller_stock_number', 'text'],
  ['family_id', 'smallint'],
  ['listing_type', 'smallint'],
  ['listing_options', 'integer'],
  ['return_policy', 'smallint'],
  ['accepted_payment_methods', 'integer'],
  ['live_checkout_enabled', 'boolean'],
  ['shipping_cost', 'numeric'],
  ['delivery_days', 'smallint'],
  ['is_active', 'boolean'],
  ['is_sold', 'boolean'],
  ['listing_start_date', 'timestamptz'],
  ['listing_end_date', 'timestamptz'],
  ['zip_code', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
  ['distributor_id', 'uuid'],
  ['excluded_ship_to_states', 'text[]'],
  ['thumbnail_picture', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

export const IMAGE_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['listing_id', 'uuid'],
  ['src', 'text'],
  ['width', 'integer'],
  ['height', 'integer'],
  ['position', 'smallint'],
];

const FAMILY_WEIGHTS = (Object.keys(FAMILY_CATALOG) as CategoryFamily[]).map(
  (key) => [key, FAMILY_CATALOG[key].weight] as const,
);

function pickCondition(random: Random, family: CategoryFamily, isDealer: boolean): Condition {
  if (family === 'Ammunition') return Condition.NewInBox;
  if (family === 'CollectibleFirearms') return random.chance(0.9) ? Condition.Used : Condition.NeverFired;
  if (CONSUMABLE_FAMILIES.includes(family))
    return random.chance(isDealer ? 0.95 : 0.5) ? Condition.NewInBox : Condition.Used;
  if (isDealer)
    return weightedPick(random, [
      [Condition.NewInBox, 80],
      [Condition.NeverFired, 5],
      [Condition.Used, 15],
    ]);
  return weightedPick(random, [
    [Condition.NewInBox, 15],
    [Condition.NeverFired, 20],
    [Condition.Used, 65],
  ]);
}

const CONDITION_FACTOR: Readonly<Record<Condition, readonly [number, number]>> = {
  NewInBox: [0.9, 1.08],
  NeverFired: [0.82, 0.97],
  Used: [0.58, 0.9],
};

const CONDITION_SENTENCES: Readonly<Record<Condition, string>> = {
  NewInBox: 'New in the factory box with all original paperwork and accessories.',
  NeverFired: 'Never fired; handled only for inspection, with the original box and manual.',
  Used: 'Used in good working condition with light holster or handling wear; bore is clean and bright.',
};

function titleOf(product: ProductRow, condition: Condition): string {
  const [manufacturer, model, caliber, , detail] = product;
  const base = [manufacturer, model, caliber, detail].filter(Boolean).join(' ');
  if (condition === Condition.Used) return `${base} - Used`;
  if (condition === Condition.NeverFired) return `${base} - Never Fired`;
  return base;
}

function descriptionOf(
  product: ProductRow,
  family: CategoryFamily,
  condition: Condition,
  requiresFfl: boolean,
  isDealer: boolean,
): string {
  const [manufacturer, model, caliber, , detail] = product;
  const noun = FAMILY_CATALOG[family].noun;
  const parts = [
    `${manufacturer} ${model}${caliber ? ` in ${caliber}` : ''} ${noun}, ${detail}.`,
    CONDITION_SENTENCES[condition],
    requiresFfl
      ? 'Ships to your licensed FFL dealer for transfer; the buyer completes the background check there.'
      : 'Ships directly to the buyer where local law allows.',
    isDealer
      ? 'Stocked item from a licensed dealer; ships within the stated delivery time.'
      : 'Sold by a private seller; questions welcome through messages.',
  ];
  return parts.join(' ');
}

/** A catalogue listing's row and the rows of its photos. */
export interface SeededListing {
  listing: Record<string, unknown>;
  images: Record<string, unknown>[];
}

/**
 * The catalogue's listings one at a time, each with its photos: a catalogue of a million is never
 * held whole, and the next rows are made while the database writes the last ones.
 */
export function* generateListings(
  random: Random,
  sellers: readonly Seller[],
  count: number,
  now: Date,
  distributorIds: readonly string[],
): Generator<SeededListing> {
  const dealers = sellers.filter((seller) => seller.isDealer);
  const privates = sellers.filter((seller) => !seller.isDealer);
  const anchor = now.getTime();
  const familyInfo = new Map(CATEGORY_FAMILIES.map((family) => [family.key, family]));
  const firearmFamilies = new Set<CategoryFamily>([
    ...FIREARMS_SECTIONS.handguns,
    ...FIREARMS_SECTIONS.rifles,
    ...FIREARMS_SECTIONS.shotguns,
  ]);

  for (let i = 0; i < count; i++) {
    // Every family appears even in a small catalogue: the first 25 listings walk the families in order.
    const family =
      i < CATEGORY_FAMILIES.length ? CATEGORY_FAMILIES[i]!.key : weightedPick(random, FAMILY_WEIGHTS);
    const info = familyInfo.get(family)!;
    const isDealerListing = random.chance(0.65);
    const seller = random.pick(isDealerListing ? dealers : privates);
    const product = random.pick(FAMILY_CATALOG[family].products);
    const [manufacturer, model, caliber, basePrice] = product;
    const condition = pickCondition(random, family, seller.isDealer);
    const [low, high] = CONDITION_FACTOR[condition];
    const price = streetPrice(basePrice * (low + random.next() * (high - low)));

    const listingType = seller.isDealer
      ? weightedPick(random, [
          [ListingType.National, 94],
          [ListingType.Local, 3],
          [ListingType.Auction, 3],
        ])
      : weightedPick(random, [
          [ListingType.National, 66],
          [ListingType.Local, 26],
          [ListingType.Auction, 8],
        ]);
    const isLocal = listingType === ListingType.Local;

    let options: number = ListingOption.None;
    if (random.chance(0.07)) options |= ListingOption.Featured;
    if (random.chance(0.025)) options |= ListingOption.Homepage;
    if (random.chance(0.05)) options |= ListingOption.Bold;
    if (random.chance(0.04)) options |= ListingOption.Border;
    if (random.chance(0.03)) options |= ListingOption.Highlight;
    if (!seller.isDealer && random.chance(0.2)) options |= ListingOption.WillAcceptTrade;
    if (seller.isDealer && random.chance(0.3)) options |= ListingOption.BulkUploadItem;
    else options |= ListingOption.ManualEntry;
    if (isLocal) options |= ListingOption.LocalListingFee;

    const upcKnown = seller.isDealer || random.chance(0.85);
    const upc = upcKnown ? upcFor(`${manufacturer} ${model} ${caliber ?? ''} ${product[4]}`) : null;
    const quantity = random.chance(0.04)
      ? random.chance(0.8)
        ? 0
        : -1
      : seller.isDealer
        ? family === 'Ammunition'
          ? random.int(10, 400)
          : random.int(1, 25)
        : 1;
    const deliveryDays = isLocal
      ? 0
      : seller.isDealer
        ? random.pick([1, 1, 2, 2, 2, 3, 3, 5] as const)
        : random.pick([2, 3, 3, 4, 5, 7] as const);
    const shippingCost =
      isLocal || random.chance(0.35) ? 0 : money(info.requiresFfl ? random.int(25, 49) : random.int(8, 24));
    const start = anchor - Math.floor(random.next() * 60 * DAY_MS);
    const expired = random.chance(0.01);
    const end = expired ? anchor - random.int(1, 5) * DAY_MS : start + 90 * DAY_MS;
    const id = random.uuid();
    const variant = random.int(0, 3);
    const image = familyImagePath(family, variant);
    const useCatalogPhoto = upc !== null && random.chance(0.03);
    const excluded =
      info.requiresFfl && firearmFamilies.has(family) && random.chance(0.15)
        ? ['CA', 'MA', 'NJ', 'NY'].filter(() => random.chance(0.7))
        : [];

    const listing = {
      id,
      legacy_id: FIRST_LEGACY_LISTING_ID + i,
      user_id: seller.id,
      title: titleOf(product, condition),
      description: descriptionOf(product, family, condition, info.requiresFfl, seller.isDealer),
      manufacturer,
      model,
      caliber,
      condition,
      quantity,
      price,
      upc,
      sku: seller.isDealer
        ? `${manufacturer
            .replace(/[^A-Za-z]/g, '')
            .slice(0, 3)
            .toUpperCase()}-${upc?.slice(-6) ?? random.int(100000, 999999)}`
        : null,
      seller_stock_number: seller.isDealer ? `STK${String(random.int(1, 99999)).padStart(5, '0')}` : null,
      family_id: CategoryFamilyId[family],
      listing_type: listingType,
      listing_options: options,
      return_policy: seller.isDealer
        ? random.pick([
            ReturnPolicy.ThirtyDay,
            ReturnPolicy.FourteenDay,
            ReturnPolicy.OnlyIfDefective,
          ] as const)
        : random.pick([ReturnPolicy.None, ReturnPolicy.SeeDescription, ReturnPolicy.ThreeDay] as const),
      accepted_payment_methods: seller.acceptedPaymentMethods,
      live_checkout_enabled: !isLocal && random.chance(seller.isDealer ? 0.85 : 0.25),
      shipping_cost: shippingCost,
      delivery_days: deliveryDays,
      is_active: random.chance(0.97),
      is_sold: random.chance(0.03),
      listing_start_date: new Date(start).toISOString(),
      listing_end_date: new Date(end).toISOString(),
      zip_code: seller.zip.zip,
      city: seller.zip.city,
      state: seller.zip.state,
      latitude: seller.zip.latitude,
      longitude: seller.zip.longitude,
      distributor_id: seller.isDealer && random.chance(0.35) ? random.pick(distributorIds) : null,
      excluded_ship_to_states: excluded,
      thumbnail_picture: useCatalogPhoto ? 'catalog' : image,
      created_at: new Date(start).toISOString(),
      updated_at: new Date(start).toISOString(),
    };
    const images = [{ id: random.uuid(), listing_id: id, src: image, width: 768, height: 576, position: 0 }];
    if (random.chance(0.25)) {
      images.push({
        id: random.uuid(),
        listing_id: id,
        src: familyImagePath(family, (variant + 1) % 4),
        width: 768,
        height: 576,
        position: 1,
      });
    }
    yield { listing, images };
  }
}
