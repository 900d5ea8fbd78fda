import { describe, expect, it } from 'vitest';
import { searchRequestSchema } from '../shared/contract/listing-search.ts';
import { CategoryFamilyId } from '../shared/domain/category.ts';
import { SEARCH_SORTS } from '../shared/search/search-sort.ts';
import { upcFor } from '../src-server/seed/catalog-listings.ts';
import { FAMILY_CATALOG } from '../src-server/seed/catalog-products.ts';
import { createRandom } from '../src-server/seed/random.ts';
import { type MixCatalogue, requestKey, searchMix, suggestionPrefixes } from './search-mix.ts';

/** The demo catalogue's products as the seeder lists them, with made-up sellers and places. */
function catalogue(): MixCatalogue {
  const random = createRandom(7);
  const products = Object.entries(FAMILY_CATALOG).flatMap(([family, { products }]) =>
    products.map(([manufacturer, model, caliber, , detail]) => ({
      manufacturer,
      model,
      caliber,
      familyId: CategoryFamilyId[family as keyof typeof CategoryFamilyId],
      title: [manufacturer, model, caliber, detail].filter(Boolean).join(' '),
      upc: upcFor(`${manufacturer} ${model} ${caliber ?? ''} ${detail}`),
    })),
  );
  return {
    products,
    sellerIds: Array.from({ length: 300 }, () => random.uuid()),
    zipCodes: Array.from({ length: 200 }, (_, i) => String(75000 + i * 7).padStart(5, '0')),
    upcs: products.map((product) => product.upc),
  };
}

describe('search mix', () => {
  const mix = searchMix(catalogue());

  it('holds at least 1,000 distinct searches, each passing the search contract', () => {
    expect(mix.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(mix.map((request) => requestKey(request.body))).size).toBe(mix.length);
    for (const request of mix) expect(searchRequestSchema.safeParse(request.body).success).toBe(true);
  });

  it('is the same mix from the same seed, and another from another seed', () => {
    expect(searchMix(catalogue())).toEqual(mix);
    expect(searchMix(catalogue(), { seed: 1 })).not.toEqual(mix);
  });

  it('covers every scenario, every sort and the filters of the search page, mostly on page 1', () => {
    const scenarios = new Set(mix.map((request) => request.scenario));
    for (const scenario of [
      'keyword',
      'keyword, 2 words',
      'keyword+family',
      'keyword+filters',
      'code (UPC)',
      'facets/filters only',
      'seller',
      'new-this-week',
      ...SEARCH_SORTS.map((sort) => `zip+distance/${sort}`),
    ])
      expect(scenarios).toContain(scenario);
    const bodies = mix.map((request) => searchRequestSchema.parse(request.body));
    expect(new Set(bodies.map((body) => body.sort))).toEqual(new Set(SEARCH_SORTS));
    for (const field of ['familyIds', 'conditions', 'minPrice', 'maxPrice', 'uid', 'listingType'] as const)
      expect(bodies.some((body) => body[field] !== undefined)).toBe(true);
    const distances = bodies.flatMap((body) => (body.distance === undefined ? [] : [body.distance]));
    expect(Math.min(...distances)).toBe(10);
    expect(Math.max(...distances)).toBe(250);
    expect(bodies.filter((body) => body.keyword?.includes(' ')).length).toBeGreaterThan(50);
    expect(
      bodies.filter(
        (body) =>
          body.listingStartDate === 7 && body.distributorId === '00000000-0000-0000-0000-000000000000',
      ).length,
    ).toBeGreaterThan(20);
    const firstPages = bodies.filter((body) => body.page === 1).length;
    expect(firstPages / bodies.length).toBeGreaterThan(0.75);
    expect(Math.max(...bodies.map((body) => body.page))).toBe(5);
  });

  it('gives at least 200 distinct suggestion texts, misspellings among them', () => {
    const prefixes = suggestionPrefixes(catalogue());
    expect(prefixes.length).toBeGreaterThanOrEqual(200);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes).toEqual(expect.arrayContaining(['glcok', 'smith wesen']));
    expect(prefixes.every((text) => text.trim() === text && text.length >= 3 && text.length <= 100)).toBe(
      true,
    );
  });
});
