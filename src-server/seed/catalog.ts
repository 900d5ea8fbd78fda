import { type SQL, sql } from 'drizzle-orm';
import type { BrandFocusBlock } from '../../shared/contract/brands.ts';
import {
  CATEGORY_FAMILIES,
  type CategoryFamily,
  CategoryFamilyId,
  FIREARMS_SECTIONS,
} from '../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType, ReturnPolicy } from '../../shared/domain/listing.ts';
import { PaymentMethod } from '../../shared/domain/payment.ts';
import { Role } from '../../shared/domain/user.ts';
import { CITY_SLUG_LIST, CITY_SLUGS } from '../../shared/routes/paths.ts';
import { toSearchQueryString } from '../../shared/search/search-url.ts';
import type { DbExecutor } from '../db/client.ts';
import {
  rebuildSuggestionTerms,
  refreshKeywordPostings,
  rewriteKeywordCopy,
} from '../modules/listings/index.ts';
import { type ZipCentroid, zipsOfCity } from '../modules/location/index.ts';
import { familyImagePath } from '../modules/stock-images/index.ts';
import { FAMILY_CATALOG, MANUFACTURER_BRANDS, type ProductRow } from './catalog-products.ts';
import type { Random } from './random.ts';
import { anyRow, type SeedOptions, type SeedPart } from './seed-part.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 1000;
/** Seeded ids stay clear of ids the accounts part or real imports hand out. */
const FIRST_LEGACY_LISTER_ID = 200_001;
const FIRST_LEGACY_LISTING_ID = 3_000_001;

export interface CatalogSeedSettings {
  /** The instant the catalogue is seeded "at"; start dates fall in the 60 days before it. */
  now?: () => Date;
}

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

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Steven',
  'Ashley',
  'Luis',
  'Maria',
  'Carlos',
  'Ana',
  'Wei',
  'Mei',
  'Andre',
  'Keisha',
  'Tyrone',
  'Grace',
] as const;
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
] as const;
const DEALER_PREFIXES = [
  'Lone Star',
  'Frontier',
  'Patriot',
  'Liberty',
  'Eagle',
  'Red River',
  'Blue Ridge',
  'Iron Creek',
  'Summit',
  'Heritage',
  'Trailhead',
  'Cedar',
  'Granite',
  'Pioneer',
  'Keystone',
  'Bluebonnet',
] as const;
const DEALER_SUFFIXES = [
  'Arms',
  'Firearms',
  'Gun Works',
  'Outfitters',
  'Sporting Goods',
  'Armory',
  'Shooting Supply',
  'Trading Post',
] as const;
const DISTRIBUTORS = [
  { name: 'Lipsey’s', city: 'Baton Rouge', state: 'LA' },
  { name: 'Sports South', city: 'Shreveport', state: 'LA' },
  { name: 'Davidson’s', city: 'Prescott', state: 'AZ' },
  { name: 'RSR Group', city: 'Winter Park', state: 'FL' },
  { name: 'Zanders Sporting Goods', city: 'Sparta', state: 'IL' },
  { name: 'Chattahoochee Shooting Supplies', city: 'Chattanooga', state: 'TN' },
] as const;

/** Families whose items arrive new from the maker nearly always. */
const CONSUMABLE_FAMILIES: readonly CategoryFamily[] = [
  'Ammunition',
  'Magazines',
  'Optics',
  'Accessories',
  'EverythingElse',
];

interface Seller {
  id: string;
  isDealer: boolean;
  zip: ZipCentroid;
  acceptedPaymentMethods: number;
}

function weightedPick<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

const money = (value: number) => Math.round(value * 100) / 100;
/** Street prices end in .99 above $20, in .49/.99 below. */
const streetPrice = (value: number) => (value >= 20 ? Math.max(1, Math.floor(value)) - 0.01 : money(value));

/** Column name and SQL type of each inserted column, for `json_to_recordset`. */
type ColumnTypes = readonly (readonly [string, string])[];

async function insertBatches(
  db: DbExecutor,
  table: string,
  columns: ColumnTypes,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const shape = sql.raw(columns.map(([name, type]) => `"${name}" ${type}`).join(', '));
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_SIZE));
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from json_to_recordset(${batch}::json) as r(${shape})`,
    );
  }
}

const USER_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['legacy_lister_id', 'bigint'],
  ['email', 'text'],
  ['password_hash', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['phone', 'text'],
  ['roles', 'text[]'],
  ['seller_display_name', 'text'],
  ['is_dealer', 'boolean'],
  ['ffl_license_number', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip', 'text'],
  ['accepted_payment_methods', 'integer'],
  ['payment_gateway_connected', 'boolean'],
  ['guntab_active', 'boolean'],
  ['rating', 'real'],
  ['total_completed_sales', 'integer'],
  ['user_options', 'integer'],
  ['created_at', 'timestamptz'],
];

const LISTING_COLUMNS: ColumnTypes = [
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

const IMAGE_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['listing_id', 'uuid'],
  ['src', 'text'],
  ['width', 'integer'],
  ['height', 'integer'],
  ['position', 'smallint'],
];

/** Up to eight distinct ZIPs per city of the 'Find Guns Near You' list. */
function cityZips(): ZipCentroid[][] {
  return CITY_SLUG_LIST.map((slug) => {
    const { name, state } = CITY_SLUGS[slug];
    const zips = zipsOfCity(name, state);
    if (zips.length === 0) throw new Error(`No ZIP centroids for ${name}, ${state}`);
    const step = Math.max(1, Math.floor(zips.length / 8));
    return zips.filter((_zip, index) => index % step === 0).slice(0, 8);
  });
}

/** Bigger cities carry more sellers. */
const CITY_WEIGHTS: Readonly<Record<string, number>> = {
  houston: 8,
  sanantonio: 5,
  austin: 5,
  dallas: 8,
  tyler: 2,
  elpaso: 3,
  plano: 3,
  losangeles: 6,
  chicago: 5,
  phoenix: 6,
  philadelphia: 4,
  sandiego: 4,
  sanjose: 3,
  fortworth: 5,
  charlotte: 4,
  seattle: 3,
  denver: 5,
  washington: 2,
  nashville: 5,
  detroit: 4,
};

const catalogSellerEmail = (index: number) =>
  `catalog.seller${String(index + 1).padStart(4, '0')}@example.com`;

function sellerCountFor(listings: number): number {
  return Math.min(1500, Math.max(40, Math.round(listings / 60)));
}

function buildSellers(random: Random, count: number, now: Date) {
  const zipsByCity = cityZips();
  const cities = CITY_SLUG_LIST.map((slug, index) => [index, CITY_WEIGHTS[slug] ?? 1] as const);
  const sellers: Seller[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const isDealer = i % 10 < 3;
    const zip = random.pick(zipsByCity[weightedPick(random, cities)]!);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const displayName = isDealer
      ? `${random.pick(DEALER_PREFIXES)} ${random.pick(DEALER_SUFFIXES)}`
      : `${firstName} ${lastName.charAt(0)}.`;
    const acceptedPaymentMethods = isDealer
      ? PaymentMethod.Visa |
        PaymentMethod.Mastercard |
        PaymentMethod.Discover |
        PaymentMethod.Amex |
        (random.chance(0.5) ? PaymentMethod.GunTab : 0)
      : PaymentMethod.MoneyOrder |
        (random.chance(0.6) ? PaymentMethod.GunTab : 0) |
        (random.chance(0.4) ? PaymentMethod.CashOnly : 0) |
        (random.chance(0.3) ? PaymentMethod.PayPal : 0);
    const id = random.uuid();
    sellers.push({ id, isDealer, zip, acceptedPaymentMethods });
    rows.push({
      id,
      legacy_lister_id: FIRST_LEGACY_LISTER_ID + i,
      email: catalogSellerEmail(i),
      password_hash: null,
      first_name: firstName,
      last_name: lastName,
      phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
      roles: [
        Role.Buyer,
        isDealer ? Role.PlatinumSeller : random.chance(0.3) ? Role.TrustedSeller : Role.BasicSeller,
      ],
      seller_display_name: displayName,
      is_dealer: isDealer,
      ffl_license_number: isDealer
        ? `${random.int(1, 9)}-${random.int(10, 99)}-${random.int(100, 999)}-01-${random.int(1, 9)}K-${String(random.int(0, 99999)).padStart(5, '0')}`
        : null,
      city: zip.city,
      state: zip.state,
      zip: zip.zip,
      accepted_payment_methods: acceptedPaymentMethods,
      payment_gateway_connected: isDealer,
      guntab_active: (acceptedPaymentMethods & PaymentMethod.GunTab) !== 0,
      rating: random.chance(0.15) ? null : Math.round((3.4 + random.next() * 1.6) * 10) / 10,
      total_completed_sales: isDealer ? random.int(40, 4800) : random.chance(0.3) ? 0 : random.int(1, 90),
      user_options: 4,
      created_at: new Date(now.getTime() - random.int(30, 3650) * DAY_MS).toISOString(),
    });
  }
  return { sellers, rows };
}

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

function buildListings(
  random: Random,
  sellers: readonly Seller[],
  count: number,
  now: Date,
  distributorIds: readonly string[],
) {
  const dealers = sellers.filter((seller) => seller.isDealer);
  const privates = sellers.filter((seller) => !seller.isDealer);
  const listingRows: Record<string, unknown>[] = [];
  const imageRows: Record<string, unknown>[] = [];
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

    listingRows.push({
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
    });
    imageRows.push({ id: random.uuid(), listing_id: id, src: image, width: 768, height: 576, position: 0 });
    if (random.chance(0.25)) {
      imageRows.push({
        id: random.uuid(),
        listing_id: id,
        src: familyImagePath(family, (variant + 1) % 4),
        width: 768,
        height: 576,
        position: 1,
      });
    }
  }
  return { listingRows, imageRows };
}

function focusProducts(products: readonly [CategoryFamily, ProductRow][]): BrandFocusBlock['products'] {
  return products.slice(0, 3).map(([family, product]) => {
    const name = `${product[0]} ${product[1]}`;
    return {
      name,
      imageUrl: familyImagePath(family, 0),
      imageAlt: `${name} ${FAMILY_CATALOG[family].noun}`,
      actionUrl: `/search?${toSearchQueryString({ keyword: name })}`,
    };
  });
}

function productsWhere(test: (family: CategoryFamily, product: ProductRow) => boolean) {
  const found: [CategoryFamily, ProductRow][] = [];
  for (const family of Object.keys(FAMILY_CATALOG) as CategoryFamily[]) {
    for (const product of FAMILY_CATALOG[family].products)
      if (test(family, product)) found.push([family, product]);
  }
  return found;
}

function brandRows(now: Date, random: Random): Record<string, unknown>[] {
  const firearmIds = (families: readonly CategoryFamily[]) =>
    families.map((family) => CategoryFamilyId[family]);
  const themed = [
    {
      slug: 'best-selling-guns',
      name: 'Best Selling Guns',
      keywords: ['best selling guns', 'best sellers', 'popular guns'],
      shopUrl: `/search?${toSearchQueryString({ familyIDs: firearmIds(['SemiAutoPistols', 'SemiAutoRifles', 'Revolvers', 'PumpActionShotguns']), sort: 'relevance' })}`,
      hero: 'The handguns, rifles and shotguns shoppers buy most, from dealers and private sellers nationwide.',
      products: productsWhere((_family, [m, model]) =>
        ['Glock 19 Gen5', 'Sig Sauer P365', 'Ruger 10/22 Carbine'].includes(`${m} ${model}`),
      ),
    },
    {
      slug: 'ar15',
      name: 'AR-15 Rifles',
      keywords: ['ar15', 'ar-15', 'ar 15', 'ar rifle', 'ar rifles'],
      shopUrl: `/search?${toSearchQueryString({ keyword: 'AR-15', familyIDs: firearmIds(['SemiAutoRifles']) })}`,
      hero: 'America’s most popular rifle platform: complete rifles from Colt, Daniel Defense, Ruger, Smith & Wesson and more.',
      products: productsWhere(
        (family, [, model]) => family === 'SemiAutoRifles' && model.includes('AR-15'),
      ).slice(1),
    },
    {
      slug: 'used-guns',
      name: 'Used Guns',
      keywords: ['used guns', 'used', 'pre-owned guns', 'second hand guns'],
      shopUrl: `/search?${toSearchQueryString({ condition: Condition.Used, familyIDs: firearmIds([...FIREARMS_SECTIONS.handguns, ...FIREARMS_SECTIONS.rifles, ...FIREARMS_SECTIONS.shotguns]) })}`,
      hero: 'Pre-owned firearms at fair prices, each shipped to your local FFL dealer for transfer.',
      products: productsWhere((_family, [m, model]) =>
        ['Smith & Wesson Model 686 Plus', 'Remington 870 Express', 'Remington 700 SPS'].includes(
          `${m} ${model}`,
        ),
      ),
    },
  ];
  const makers = MANUFACTURER_BRANDS.map((brand) => ({
    slug: brand.slug,
    name: brand.name,
    keywords: [...brand.keywords],
    shopUrl: `/search?${toSearchQueryString({ keyword: brand.name })}`,
    hero: `Shop new and used ${brand.name} firearms and gear from licensed dealers and private sellers.`,
    products: productsWhere((_family, [m]) => m === brand.name),
  }));
  return [...themed, ...makers].map((brand) => ({
    id: random.uuid(),
    slug: brand.slug,
    name: brand.name,
    keywords: brand.keywords,
    logo_url: null,
    shop_url: brand.shopUrl,
    meta_title: `${brand.name} for Sale`,
    meta_description: brand.hero.slice(0, 160),
    focus: { name: brand.name, heroSubtext: brand.hero, products: focusProducts(brand.products) },
    updated_at: now.toISOString(),
  }));
}

const BRAND_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['slug', 'text'],
  ['name', 'text'],
  ['keywords', 'text[]'],
  ['logo_url', 'text'],
  ['shop_url', 'text'],
  ['meta_title', 'text'],
  ['meta_description', 'text'],
  ['focus', 'jsonb'],
  ['updated_at', 'timestamptz'],
];

/** The start of the current UTC day: seeding twice on one day gives identical rows. */
const startOfUtcDay = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
};

async function run(db: DbExecutor, random: Random, options: SeedOptions, now: Date): Promise<void> {
  const distributorRows = DISTRIBUTORS.map((distributor) => ({
    id: random.uuid(),
    ...distributor,
    created_at: now.toISOString(),
  }));
  await insertBatches(
    db,
    'distributors',
    [
      ['id', 'uuid'],
      ['name', 'text'],
      ['city', 'text'],
      ['state', 'text'],
      ['created_at', 'timestamptz'],
    ],
    distributorRows,
  );

  const { sellers, rows: userRows } = buildSellers(random, sellerCountFor(options.listings), now);
  await insertBatches(db, 'users', USER_COLUMNS, userRows);

  const { listingRows, imageRows } = buildListings(
    random,
    sellers,
    options.listings,
    now,
    distributorRows.map((row) => row.id),
  );
  // A bulk load writes the keyword copy in one pass after the listings, in catalogue order and with
  // its full-text index built once, instead of statement by statement through the sync trigger.
  await db.execute(sql`alter table listings disable trigger listings_search_sync_insert`);
  await insertBatches(db, 'listings', LISTING_COLUMNS, listingRows);
  await db.execute(sql`alter table listings enable trigger listings_search_sync_insert`);
  await rewriteKeywordCopy(db);
  await refreshKeywordPostings(db);
  await insertBatches(db, 'listing_images', IMAGE_COLUMNS, imageRows);

  await insertBatches(db, 'brands', BRAND_COLUMNS, brandRows(now, random));
  await rebuildSuggestionTerms(db);
  await db.execute(sql`analyze listings` as SQL);
}

/** The catalogue part of the demo data; `now` is fixed in tests so two runs compare row for row. */
export function createCatalogSeedPart(settings: CatalogSeedSettings = {}): SeedPart {
  return {
    name: 'catalog',
    run: (db, random, options) => run(db, random, options, (settings.now ?? startOfUtcDay)()),
    seeded: (db) => anyRow(db, sql`select 1 from users where email = ${catalogSellerEmail(0)}`),
  };
}

/** Sellers, dealers, distributors, brands and listings with images across all 25 families. */
export const catalogSeedPart: SeedPart = createCatalogSeedPart();
