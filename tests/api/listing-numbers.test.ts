import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { listings } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { listingInput, saveListingOnSite } from './support/seller-api.ts';

let t: AccountsTestApp;
let sellerToken: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  sellerToken = await tokenOf(t.app, 'seller');
});
afterAll(() => t.close());

const detailsByNumbers = async (numbers: number[]): Promise<ListingDetail[]> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/listings/get',
    payload: { filters: { legacyIds: numbers } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
};

const legacyListing = (legacyId: number) => ({
  userId: DEMO_ACCOUNTS.seller.id,
  legacyId,
  title: `Listing of the previous site ${legacyId}`,
  condition: 'Used' as const,
  price: 250,
  familyId: CategoryFamilyId.Optics,
  zipCode: '75201',
});

describe('listing numbers', () => {
  it('gives each new listing the next short number, shown on its page and opening it at /listing?p=', async () => {
    const first = await saveListingOnSite(t.app, sellerToken, listingInput());
    const second = await saveListingOnSite(t.app, sellerToken, listingInput());
    expect(Number.isSafeInteger(first.listingNumber)).toBe(true);
    expect(first.listingNumber).toBeGreaterThan(0);
    expect(String(first.listingNumber)).toMatch(/^\d{1,9}$/);
    expect(second.listingNumber).toBeGreaterThan(first.listingNumber);

    const [found] = await detailsByNumbers([second.listingNumber]);
    expect(found?.id).toBe(second.id);
    // The number stays when the seller edits the listing.
    const edited = await saveListingOnSite(t.app, sellerToken, {
      ...listingInput({ title: 'Ruger SP101 renamed' }),
      id: first.id,
    });
    expect(edited.listingNumber).toBe(first.listingNumber);
  });

  it("keeps a listing of the previous site's number, and numbers later listings above it", async () => {
    const legacyId = 7_000_123;
    const [row] = await t.database.db
      .insert(listings)
      .values(legacyListing(legacyId))
      .returning({ id: listings.id, listingNumber: listings.listingNumber });
    expect(row!.listingNumber).toBe(legacyId);
    const [found] = await detailsByNumbers([legacyId]);
    expect(found).toMatchObject({ id: row!.id, legacyId, listingNumber: legacyId });

    const next = await saveListingOnSite(t.app, sellerToken, listingInput());
    expect(next.listingNumber).toBeGreaterThan(legacyId);
  });

  it('finds a listing by its number in My listings', async () => {
    const saved = await saveListingOnSite(t.app, sellerToken, listingInput());
    for (const keyword of [String(saved.listingNumber), `#${saved.listingNumber}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/listings/getall',
        headers: authed(sellerToken),
        payload: { filters: { status: 'all', keyword } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.map((r: { id: string }) => r.id)).toEqual([saved.id]);
      expect(res.json().results[0].listingNumber).toBe(saved.listingNumber);
    }
  });

  it('numbers the listings that were there before: legacy ones by their legacy id, the rest in the order they were created', async () => {
    const migration = await readFile(
      path.join(import.meta.dirname, '../../src-server/db/migrations/0032_listing_numbers.sql'),
      'utf8',
    );
    const db = t.database.db;
    const base = new Date('2025-01-01T00:00:00Z').getTime();
    const rows = await db
      .insert(listings)
      .values(
        [3, 1, 2].map((order) => ({
          userId: DEMO_ACCOUNTS.seller.id,
          title: `Older listing ${order}`,
          condition: 'Used' as const,
          price: 100,
          familyId: CategoryFamilyId.Optics,
          zipCode: '75201',
          createdAt: new Date(base + order * 60_000),
        })),
      )
      .returning({ id: listings.id, title: listings.title });
    // The table as it was before the migration: no numbers, no sequence, no trigger.
    await db.execute(sql`drop trigger listings_number_legacy on listings`);
    await db.execute(sql`alter table listings drop column listing_number`);
    await db.execute(sql`drop sequence listing_numbers`);
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const numbered = await queryRows<{ id: string; legacy_id: number | null; listing_number: number }>(
      db,
      sql`select id, legacy_id::float8 as legacy_id, listing_number::float8 as listing_number from listings`,
    );
    expect(numbered.every((row) => Number(row.listing_number) > 0)).toBe(true);
    expect(new Set(numbered.map((row) => Number(row.listing_number))).size).toBe(numbered.length);
    const legacy = numbered.filter((row) => row.legacy_id !== null);
    expect(legacy.length).toBeGreaterThan(0);
    for (const row of legacy) expect(Number(row.listing_number)).toBe(Number(row.legacy_id));
    const maxLegacy = Math.max(...legacy.map((row) => Number(row.legacy_id)));
    const numberOf = (title: string) =>
      Number(numbered.find((row) => row.id === rows.find((r) => r.title === title)!.id)!.listing_number);
    expect(numberOf('Older listing 1')).toBeGreaterThan(maxLegacy);
    expect(numberOf('Older listing 2')).toBe(numberOf('Older listing 1') + 1);
    expect(numberOf('Older listing 3')).toBe(numberOf('Older listing 2') + 1);

    // New listings go on from there, and a legacy listing still keeps its own number.
    const after = await saveListingOnSite(t.app, sellerToken, listingInput());
    expect(after.listingNumber).toBeGreaterThan(
      Math.max(...numbered.map((row) => Number(row.listing_number))),
    );
    const [legacyRow] = await db
      .insert(listings)
      .values(legacyListing(7_500_000))
      .returning({ listingNumber: listings.listingNumber });
    expect(legacyRow!.listingNumber).toBe(7_500_000);
    const [check] = await db.select().from(listings).where(eq(listings.legacyId, 7_500_000));
    expect(check!.listingNumber).toBe(7_500_000);
  });
});
