import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { CARD_JSON, OFFERED } from '../../src-server/modules/listings/cards.ts';
import { boundingBoxSql, distanceSql, type Origin } from '../../src-server/modules/listings/search/plan.ts';
import { homeListStatements } from '../../src-server/modules/listings/service.ts';
import { createCatalogSeedPart } from '../../src-server/seed/catalog.ts';
import { seedDemoData } from '../../src-server/seed/seed.ts';
import { openTestDatabase } from './support/test-database.ts';

/** Enough listings that a scan of the table would cost the planner more than the indexes. */
const LISTINGS = 4000;

let database: DatabaseHandle;
let origins: Origin[];
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { seed: 11, listings: LISTINGS }, [
    createCatalogSeedPart({ now: () => new Date() }),
  ]);
  await database.db.execute(sql`vacuum analyze`);
  // Where local sellers are, busiest first, and one place far from every seller.
  const places = await rows<{ latitude: number; longitude: number }>(
    sql`select latitude, longitude from listings where listing_type = ${ListingType.Local}
        group by latitude, longitude order by count(*) desc, latitude, longitude limit 4`,
  );
  origins = [...places, { latitude: 64.8, longitude: -147.7 }];
}, 120_000);
afterAll(() => database.close());

const rows = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(database.db, query);

const plan = async (statement: SQL) =>
  (await rows<{ 'QUERY PLAN': string }>(sql`explain ${statement}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

describe('home list plans', () => {
  it.each([
    ['featured', homeListStatements.featured(12), 'listings_home_featured_idx'],
    ['new this week', homeListStatements.newThisWeek(12), 'listings_home_new_idx'],
    ['local anywhere', homeListStatements.localAnywhere(12), 'listings_home_local_start_idx'],
  ])('%s reads its index in its order, without a scan or a sort', async (_name, statement, index) => {
    const text = await plan(statement);
    expect(text).toContain(`using ${index} on listings`);
    expect(text).not.toMatch(/Seq Scan on listings|Sort/);
  });

  it('local near a ZIP code groups the locations in the box and reads each one from its covering index', async () => {
    const text = await plan(homeListStatements.localNear(origins[0]!, 50, 12));
    // Once for the locations within the box, once for each location's newest listings.
    expect(text.match(/Index Only Scan using listings_home_local_location_idx/g)).toHaveLength(2);
    expect(text).not.toContain('Seq Scan on listings');
  });
});

// The statements as they were before the home-list indexes: the answers must not change.
const offered = sql`${OFFERED} and l.quantity > 0`;
const before = (where: SQL, order: SQL, limit: number, select: SQL = sql``) =>
  sql`select ${CARD_JSON} as card ${select} from listings l join users u on u.id = l.user_id
      where ${where} order by ${order} limit ${limit}`;
const local = sql`${offered} and l.listing_type = ${ListingType.Local}`;
const previous = {
  featured: (limit: number) =>
    before(
      sql`${offered} and l.listing_type = ${ListingType.National}
        and (l.listing_options & ${ListingOption.Featured | ListingOption.Homepage}) <> 0`,
      sql`(l.listing_options & ${ListingOption.Homepage}) <> 0 desc, l.listing_start_date desc, l.id`,
      limit,
    ),
  newThisWeek: (limit: number) =>
    before(
      sql`${offered} and l.distributor_id is null and l.listing_start_date >= now() - interval '7 days'`,
      sql`l.listing_start_date desc, l.id`,
      limit,
    ),
  localNear: (origin: Origin, miles: number, limit: number) => {
    const distance = distanceSql(origin);
    return before(
      sql`${local} and ${boundingBoxSql(origin, miles)} and ${distance} <= ${miles}::float8`,
      sql`distance asc, l.listing_start_date desc, l.id`,
      limit,
      sql`, ${distance} as distance`,
    );
  },
  localAnywhere: (limit: number) => before(local, sql`l.listing_start_date desc, l.id`, limit),
};

describe('home list answers', () => {
  const same = async (now: SQL, then: SQL) => {
    const [answer, expected] = [await rows(now), await rows(then)];
    expect(expected.length).toBeGreaterThan(0);
    expect(answer).toEqual(expected);
  };

  it.each([1, 12, 50, 400])(
    'featured, new this week and local anywhere are unchanged (limit %i)',
    async (limit) => {
      await same(homeListStatements.featured(limit), previous.featured(limit));
      await same(homeListStatements.newThisWeek(limit), previous.newThisWeek(limit));
      await same(homeListStatements.localAnywhere(limit), previous.localAnywhere(limit));
    },
  );

  it('local near a ZIP code is unchanged, nearest first, for every distance and limit', async () => {
    let near = 0;
    for (const origin of origins) {
      for (const miles of [5, 50, 250]) {
        for (const limit of [1, 12, 100]) {
          const [answer, expected] = [
            await rows(homeListStatements.localNear(origin, miles, limit)),
            await rows(previous.localNear(origin, miles, limit)),
          ];
          expect(answer).toEqual(expected);
          near += answer.length;
        }
      }
    }
    expect(near).toBeGreaterThan(0);
  });
});
