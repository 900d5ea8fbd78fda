import { sql } from 'drizzle-orm';
import { CITY_SLUG_LIST, CITY_SLUGS } from '../../shared/routes/paths.ts';
import type { DbExecutor } from '../db/client.ts';
import { fflDealers } from '../db/schema.ts';
import { zipCentroid, zipsOfCity } from '../modules/location/index.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import type { Random } from './random.ts';
import { anyRow, type SeedPart } from './seed-part.ts';

/** ATF region of each demo state (the licence number's first digit). */
const REGION: Readonly<Record<string, string>> = {
  TX: '5',
  CA: '9',
  IL: '3',
  AZ: '9',
  PA: '8',
  NC: '1',
  WA: '9',
  CO: '8',
  DC: '8',
  TN: '4',
  MI: '3',
};

const FIRST = [
  'Red River',
  'Trinity',
  'Frontier',
  'Liberty',
  'Cedar',
  'Iron Oak',
  'Summit',
  'Patriot',
  'Heritage',
];
const LAST = ['Arms', 'Firearms', 'Gun Shop', 'Outfitters', 'Armory', 'Shooting Sports', 'Pawn & Gun'];
const STREETS = ['Main St', 'Commerce St', 'Elm St', 'Industrial Blvd', 'Market St', 'Oak Ave', 'Highway 80'];

/** The demo dealer's own licence: the number the dealer account shows, linked with a fee and notes. */
export const DEMO_DEALER_LICENSE = '5-75-113-01-9K-01234';
export const DEMO_DEALER_TRANSFER_FEE = 25;

interface SeedDealer {
  licenseNumber: string;
  licenseType: string;
  licenseName: string;
  businessName: string | null;
  premiseStreet: string;
  premiseCity: string;
  premiseState: string;
  premiseZip: string;
  phone: string;
}

/** Fixed dealers around the Shop Local default ZIP 75207 (Dallas), so the finder has neighbours to show. */
const DALLAS_DEALERS: readonly SeedDealer[] = [
  {
    licenseNumber: '5-75-113-01-8C-10201',
    licenseType: '01',
    licenseName: 'DESIGN DISTRICT ARMS LLC',
    businessName: 'Design District Arms',
    premiseStreet: '1500 Dragon St',
    premiseCity: 'Dallas',
    premiseState: 'TX',
    premiseZip: '75207',
    phone: '(214) 555-0201',
  },
  {
    licenseNumber: '5-75-113-02-8F-10202',
    licenseType: '02',
    licenseName: 'OAK LAWN PAWN INC',
    businessName: 'Oak Lawn Pawn & Gun',
    premiseStreet: '3300 Oak Lawn Ave',
    premiseCity: 'Dallas',
    premiseState: 'TX',
    premiseZip: '75219',
    phone: '(214) 555-0202',
  },
  {
    licenseNumber: '5-75-113-01-9B-10203',
    licenseType: '01',
    licenseName: 'GARCIA, MARIA L',
    businessName: null,
    premiseStreet: '2800 Irving Blvd',
    premiseCity: 'Dallas',
    premiseState: 'TX',
    premiseZip: '75247',
    phone: '(214) 555-0203',
  },
  {
    licenseNumber: '5-75-113-01-7H-10204',
    licenseType: '01',
    licenseName: 'IRVING SHOOTING SPORTS LLC',
    businessName: 'Irving Shooting Sports',
    premiseStreet: '400 W Irving Blvd',
    premiseCity: 'Irving',
    premiseState: 'TX',
    premiseZip: '75060',
    phone: '(972) 555-0204',
  },
];

const DEMO_DEALER: SeedDealer = {
  licenseNumber: DEMO_DEALER_LICENSE,
  licenseType: '01',
  licenseName: 'LONE STAR FIREARMS LLC',
  businessName: 'Lone Star Firearms',
  premiseStreet: '1400 Commerce St',
  premiseCity: 'Dallas',
  premiseState: 'TX',
  premiseZip: '75201',
  phone: '(214) 555-0100',
};

const EXPIRY = ['8C', '8F', '9A', '9K', '7L'];
const expiresOn = (code: string) => {
  const year = 2020 + Number(code[0]);
  const month = (code.charCodeAt(1) - 64) as number;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${last}`;
};

/** Three dealers near each demo city (deterministic), the fixed Dallas ones and the demo dealer's licence. */
function demoDealers(random: Random): SeedDealer[] {
  const dealers: SeedDealer[] = [DEMO_DEALER, ...DALLAS_DEALERS];
  let sequence = 30_000;
  for (const slug of CITY_SLUG_LIST) {
    const { name, state } = CITY_SLUGS[slug];
    const zips = zipsOfCity(name, state);
    for (let n = 0; n < 3 && zips.length > 0; n += 1) {
      sequence += 1;
      const zip = random.pick(zips);
      const business = `${random.pick(FIRST)} ${random.pick(LAST)}`;
      const type = random.chance(0.2) ? '02' : '01';
      const expiry = random.pick(EXPIRY);
      dealers.push({
        licenseNumber: `${REGION[state] ?? '4'}-${String(random.int(10, 99))}-${String(random.int(1, 199)).padStart(3, '0')}-${type}-${expiry}-${sequence}`,
        licenseType: type,
        licenseName: `${business.toUpperCase()} LLC`,
        businessName: business,
        premiseStreet: `${random.int(100, 9800)} ${random.pick(STREETS)}`,
        premiseCity: zip.city,
        premiseState: zip.state,
        premiseZip: zip.zip,
        phone: `(${random.int(201, 989)}) 555-${String(random.int(0, 9999)).padStart(4, '0')}`,
      });
    }
  }
  return dealers;
}

export const fflSeedPart: SeedPart = {
  name: 'ffl dealers',
  seeded: (db) =>
    anyRow(
      db,
      sql`select 1 from ffl_dealers where license_number = ${DEMO_DEALER_LICENSE} and user_id = ${DEMO_ACCOUNTS.dealer.id}::uuid`,
    ),
  async run(db: DbExecutor, random: Random) {
    const rows = demoDealers(random).map((dealer) => {
      const centroid = zipCentroid(dealer.premiseZip);
      const expiry = dealer.licenseNumber.split('-')[4] ?? '9K';
      const own = dealer.licenseNumber === DEMO_DEALER_LICENSE;
      return {
        ...dealer,
        latitude: centroid?.latitude ?? null,
        longitude: centroid?.longitude ?? null,
        licenseExpiresOn: expiresOn(expiry),
        userId: own ? DEMO_ACCOUNTS.dealer.id : null,
        transferFee: own ? DEMO_DEALER_TRANSFER_FEE : null,
        notes: own
          ? 'Transfers Tuesday–Saturday, 10am–6pm. Bring a government photo ID; we call when your item arrives.'
          : null,
      };
    });
    await db.insert(fflDealers).values(rows).onConflictDoNothing();
  },
};
