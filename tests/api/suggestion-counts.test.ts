import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionsResponse } from '../../shared/contract/listings.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ListingOption } from '../../shared/domain/listing.ts';
import { listings } from '../../src-server/db/schema.ts';
import { rebuildSuggestionTerms } from '../../src-server/modules/listings/search-indexes/suggestion-terms.ts';
import { seedCatalog, sellersByListings } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

async function suggestions(query: string): Promise<Record<string, number>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/listings/suggestions?query=${encodeURIComponent(query)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SuggestionsResponse).querySummary;
}

async function searchTotal(keyword: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: { keyword } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
}

async function expectEverySuggestionCountedAsItsSearch(query: string): Promise<number> {
  const summary = await suggestions(query);
  for (const [term, count] of Object.entries(summary)) {
    expect(count, `${query} → ${term}`).toBe(await searchTotal(term));
    expect(count).toBeGreaterThan(0);
  }
  return Object.keys(summary).length;
}

describe('search suggestions count as search does', () => {
  it.each(['glock', 'sig', 'rem', 'rug', '9mm', 'smith', '.223', 'win'])(
    'each suggestion for %s shows the total its search finds',
    async (query) => {
      expect(await expectEverySuggestionCountedAsItsSearch(query)).toBeGreaterThan(0);
    },
  );

  it('a manufacturer counts every listing its search finds: accessories naming it too, frozen ones not', async () => {
    const [seller] = await sellersByListings(t.database.db);
    const listing = (
      title: string,
      manufacturer: string,
      extra: Partial<typeof listings.$inferInsert> = {},
    ) => ({
      userId: seller!.id,
      title,
      manufacturer,
      model: 'Zx',
      condition: 'NewInBox' as const,
      price: 40,
      familyId: CategoryFamilyId.Accessories,
      zipCode: '75201',
      ...extra,
    });
    const before = (await suggestions('Quellbrook')).Quellbrook ?? 0;
    await t.database.db
      .insert(listings)
      .values([
        listing('Quellbrook QB9 pistol', 'Quellbrook', { familyId: CategoryFamilyId.SemiAutoPistols }),
        listing('Holster for the Quellbrook QB9', 'Ironhide'),
        listing('Magazine pouch fits Quellbrook', 'Ironhide'),
      ]);
    const [frozen] = await t.database.db
      .insert(listings)
      .values(listing('Quellbrook QB9 compact', 'Quellbrook'))
      .returning({ id: listings.id });
    await rebuildSuggestionTerms(t.database.db);
    const shown = (await suggestions('Quellbrook')).Quellbrook;
    expect(shown).toBe(before + 4);
    expect(shown).toBe(await searchTotal('Quellbrook'));

    await t.database.db
      .update(listings)
      .set({ listingOptions: ListingOption.FrozenDueToFraud })
      .where(eq(listings.id, frozen!.id));
    expect((await suggestions('Quellbrook')).Quellbrook).toBe(before + 3);
    expect(await searchTotal('Quellbrook')).toBe(before + 3);
  });
});
