import { sql } from 'drizzle-orm';
import { loadInBulk } from '../db/bulk-load.ts';
import type { DbExecutor } from '../db/client.ts';
import {
  rebuildSuggestionTerms,
  refreshKeywordPostings,
  rewriteKeywordCopy,
} from '../modules/listings/index.ts';
import { seedRunningAuctions } from './auctions.ts';
import { BRAND_COLUMNS, brandRows } from './catalog-brands.ts';
import { generateListings, IMAGE_COLUMNS, LISTING_COLUMNS } from './catalog-listings.ts';
import { buildSellers, catalogSellerEmail, sellerCountFor, USER_COLUMNS } from './catalog-sellers.ts';
import type { Random } from './random.ts';
import { anyRow, insertBatches, type SeedOptions, type SeedPart, startOfUtcDay } from './seed-part.ts';

export interface CatalogSeedSettings {
  /** The instant the catalogue is seeded "at"; start dates fall in the 60 days before it. */
  now?: () => Date;
}

const DISTRIBUTORS = [
  { name: 'Lipsey’s', city: 'Baton Rouge', state: 'LA' },
  { name: 'Sports South', city: 'Shreveport', state: 'LA' },
  { name: 'Davidson’s', city: 'Prescott', state: 'AZ' },
  { name: 'RSR Group', city: 'Winter Park', state: 'FL' },
  { name: 'Zanders Sporting Goods', city: 'Sparta', state: 'IL' },
  { name: 'Chattahoochee Shooting Supplies', city: 'Chattanooga', state: 'TN' },
] as const;

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

  const imageRows: Record<string, unknown>[] = [];
  const listingRows = function* () {
    const distributorIds = distributorRows.map((row) => row.id);
    for (const { listing, images } of generateListings(
      random,
      sellers,
      options.listings,
      now,
      distributorIds,
    )) {
      imageRows.push(...images);
      yield listing;
    }
  };
  // A bulk load writes the keyword copy in one pass after the listings, in catalogue order and with
  // its full-text index built once, instead of statement by statement through the sync triggers. The
  // listings' own secondary indexes are built once too, and their references checked once, after the
  // rows. The listings of type Auction run as auctions before then, so that their new standing
  // (price, dates) is written while only the listings' rows are there to write.
  await db.execute(
    sql`alter table listings disable trigger listings_search_sync_insert, disable trigger listings_search_sync_update`,
  );
  await loadInBulk(db, 'listings', async () => {
    await insertBatches(db, 'listings', LISTING_COLUMNS, listingRows());
    await seedRunningAuctions(db, random, now);
  });
  await db.execute(
    sql`alter table listings enable trigger listings_search_sync_insert, enable trigger listings_search_sync_update`,
  );
  // Statistics first: the copy's rewrite works out each distinct title and description's search
  // vector once when the planner knows how few there are.
  await db.execute(sql`analyze listings`);
  await rewriteKeywordCopy(db);
  await refreshKeywordPostings(db);
  await loadInBulk(db, 'listing_images', () => insertBatches(db, 'listing_images', IMAGE_COLUMNS, imageRows));

  await insertBatches(db, 'brands', BRAND_COLUMNS, brandRows(now, random));
  await rebuildSuggestionTerms(db);
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
