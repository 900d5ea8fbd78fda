import { PaymentMethod } from '../../shared/domain/payment.ts';
import { Role } from '../../shared/domain/user.ts';
import { CITY_SLUG_LIST, CITY_SLUGS } from '../../shared/routes/paths.ts';
import { type ZipCentroid, zipsOfCity } from '../modules/location/index.ts';
import { type Random, weightedPick } from './random.ts';
import type { ColumnTypes } from './seed-part.ts';

/* The catalogue's sellers: private sellers and dealers, spread over the cities of the city pages. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded ids stay clear of ids the accounts part or real imports hand out. */
const FIRST_LEGACY_LISTER_ID = 200_001;

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

export interface Seller {
  id: string;
  isDealer: boolean;
  zip: ZipCentroid;
  acceptedPaymentMethods: number;
}

export const USER_COLUMNS: ColumnTypes = [
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

export const catalogSellerEmail = (index: number) =>
  `catalog.seller${String(index + 1).padStart(4, '0')}@example.com`;

export function sellerCountFor(listings: number): number {
  return Math.min(1500, Math.max(40, Math.round(listings / 60)));
}

export function buildSellers(random: Random, count: number, now: Date) {
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
