/**
 * A generated mix of searches as shoppers send them from the search page, for measuring uncached
 * search work (`bench:search --only mix`, `bench:load --only mix`). From a fixed seed and the seeded
 * catalogue (its products, sellers, places and UPCs) it makes distinct requests, each labelled with
 * its scenario: keywords of one and two words (brands, models, calibers, words of titles), UPCs,
 * keyword + family, keyword + filters, filters alone, a ZIP code and distance under every sort, a
 * seller's listings and new this week; most ask for the first page, some for pages 2 to 5. Beside
 * them, prefixes typed into the search box for suggestions, misspellings included.
 */
import { sql } from 'drizzle-orm';
import { EMPTY_GUID } from '../shared/contract/common.ts';
import { type SearchRequest, searchRequestSchema } from '../shared/contract/listing-search.ts';
import { CATEGORY_FAMILIES, CategoryFamilyId, FIREARMS_SECTIONS } from '../shared/domain/category.ts';
import { SUGGESTIONS_MIN_LENGTH, shouldRequestSuggestions } from '../shared/domain/constants.ts';
import { Condition, ListingType } from '../shared/domain/listing.ts';
import { SearchSort } from '../shared/search/search-sort.ts';
import { type Database, queryRows } from '../src-server/db/client.ts';
import { ensureZipCentroids } from '../src-server/modules/location/index.ts';
import { createRandom, type Random, weightedPick } from '../src-server/seed/random.ts';

/** One product of the catalogue as listed: its brand, model, caliber, family and a title. */
export interface MixProduct {
  manufacturer: string;
  model: string | null;
  caliber: string | null;
  familyId: number;
  title: string;
}

/** What the mix is drawn from; `mixCatalogue` reads it from a seeded database. */
export interface MixCatalogue {
  products: readonly MixProduct[];
  /** Sellers who have listings. */
  sellerIds: readonly string[];
  /** ZIP codes at or near the places of listings. */
  zipCodes: readonly string[];
  /** UPCs some listing carries. */
  upcs: readonly string[];
}

export interface MixRequest {
  /** What kind of search this is: timings are reported per scenario. */
  scenario: string;
  body: SearchRequest;
}

export const MIX_SEED = 4242;
export const MIX_SIZE = 1200;
export const SUGGESTION_PREFIX_COUNT = 240;

/** The catalogue a seeded database offers to the mix, read in a fixed order. */
export async function mixCatalogue(db: Database): Promise<MixCatalogue> {
  const products = await queryRows<MixProduct & Record<string, unknown>>(
    db,
    sql`select manufacturer, model, caliber, family_id as "familyId", min(title) as title from listings
        where manufacturer is not null group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  const sellers = await queryRows<{ id: string }>(
    db,
    sql`select user_id as id from listings group by user_id order by user_id limit 400`,
  );
  // ZIP codes within about 15 miles of a place where listings are (the table is filled as a server's first start fills it).
  await ensureZipCentroids(db);
  const zips = await queryRows<{ zip: string }>(
    db,
    sql`with places as materialized (
          select distinct latitude, longitude from listings where latitude is not null)
        select distinct z.zip from zip_centroids z join places p
          on abs(p.latitude - z.latitude) < 0.2 and abs(p.longitude - z.longitude) < 0.25
        order by z.zip`,
  );
  const upcs = await queryRows<{ upc: string }>(
    db,
    sql`select upc from listings where upc is not null group by upc order by upc limit 400`,
  );
  return {
    products,
    sellerIds: sellers.map((row) => row.id),
    zipCodes: zips.map((row) => row.zip),
    upcs: upcs.map((row) => row.upc),
  };
}

/** Words a shopper might type from a title: lower case, no stray punctuation, no sizes like `4.02"`. */
function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^a-z0-9.]+|[^a-z0-9]+$/g, ''))
    .filter((word) => word.length >= 3 && /^[a-z0-9.&/-]+$/.test(word) && /[a-z]/.test(word));
}

/** Keywords of one and of two words, in a fixed order. */
function keywordsOf(products: readonly MixProduct[]) {
  const one = new Set<string>();
  const two = new Set<string>();
  for (const product of products) {
    const brand = product.manufacturer.toLowerCase();
    const brandWord = brand.split(' ')[0]!;
    if (!brand.includes(' ')) one.add(brand);
    else two.add(brand);
    if (product.caliber) one.add(product.caliber.toLowerCase().replace(/^\./, ''));
    const modelWords = product.model ? titleWords(product.model) : [];
    if (modelWords[0]) {
      one.add(modelWords[0]);
      two.add(`${brandWord} ${modelWords[0]}`);
    }
    if (product.caliber) two.add(`${brandWord} ${product.caliber.toLowerCase()}`);
    const words = titleWords(product.title);
    for (const word of words) one.add(word);
    for (let i = 0; i + 1 < words.length; i++) two.add(`${words[i]} ${words[i + 1]}`);
  }
  return { one: [...one], two: [...two] };
}

/** Misspellings shoppers type, and ones made from catalogue words (a dropped or swapped letter). */
const TYPOS = [
  'glcok',
  'smith wesen',
  'remingtn',
  'springfeild',
  'mosberg',
  'berreta',
  'sig saur',
  'henery',
  'winchestr',
  'savge',
  'hornday',
  'vortx',
  'ruger 1022',
  'tauras',
  'kimbr',
];

function misspell(random: Random, word: string): string {
  const at = random.int(1, Math.max(1, word.length - 2));
  return random.chance(0.5)
    ? word.slice(0, at) + word.slice(at + 1)
    : word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

const DISTANCES = [10, 25, 50, 75, 100, 150, 200, 250];
const PRICE_RANGES: readonly (readonly [number | undefined, number | undefined])[] = [
  [undefined, 100],
  [100, 250],
  [250, 500],
  [300, 600],
  [500, 1000],
  [1000, 2500],
  [200, undefined],
  [1500, undefined],
  [undefined, 750],
];
const CONDITION_SETS: readonly Condition[][] = [
  [Condition.NewInBox],
  [Condition.Used],
  [Condition.NeverFired],
  [Condition.NewInBox, Condition.NeverFired],
  [Condition.Used, Condition.NeverFired],
];
const LISTING_TYPES = [ListingType.National, ListingType.Local, ListingType.Auction];
const OTHER_SORTS = [SearchSort.PriceAsc, SearchSort.PriceDesc, SearchSort.Newest, SearchSort.EndingSoonest];
const SECTIONS = Object.values(FIREARMS_SECTIONS).map((families) =>
  families.map((family) => CategoryFamilyId[family]),
);

/**
 * Distinct search requests from the catalogue and a seed: the same inputs give the same mix, in the
 * same order. Every request passes the search contract.
 */
export function searchMix(
  catalogue: MixCatalogue,
  { seed = MIX_SEED, size = MIX_SIZE }: { seed?: number; size?: number } = {},
): MixRequest[] {
  const random = createRandom(seed);
  const { one, two } = keywordsOf(catalogue.products);
  if (!one.length || !catalogue.sellerIds.length || !catalogue.zipCodes.length)
    throw new Error('the mix needs products, sellers and ZIP codes');

  const page = () => (random.chance(0.85) ? {} : { page: random.int(2, 5) });
  const cased = (keyword: string) =>
    random.chance(0.2) ? keyword.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()) : keyword;
  const families = () =>
    random.chance(0.3) ? random.pick(SECTIONS) : [random.pick(CATEGORY_FAMILIES).id as CategoryFamilyId];
  const priceRange = () => {
    const [minPrice, maxPrice] = random.pick(PRICE_RANGES);
    return {
      ...(minPrice !== undefined ? { minPrice } : {}),
      ...(maxPrice !== undefined ? { maxPrice } : {}),
    };
  };
  /** One to three of the side filters: conditions, a price range, a listing type. */
  const filters = () => {
    const chosen: Partial<SearchRequest> = {};
    while (Object.keys(chosen).length === 0) {
      if (random.chance(0.5)) chosen.conditions = random.pick(CONDITION_SETS);
      if (random.chance(0.5)) Object.assign(chosen, priceRange());
      if (random.chance(0.35)) chosen.listingType = random.pick(LISTING_TYPES);
    }
    return chosen;
  };
  const place = () => ({ zipCode: random.pick(catalogue.zipCodes), distance: random.pick(DISTANCES) });

  const scenarios: (readonly [() => MixRequest, number])[] = [
    [() => ({ scenario: 'keyword', body: { keyword: cased(random.pick(one)), ...page() } }), 14],
    [() => ({ scenario: 'keyword, 2 words', body: { keyword: cased(random.pick(two)), ...page() } }), 8],
    [
      () => ({
        scenario: 'keyword/sorted',
        body: {
          keyword: random.pick(random.chance(0.6) ? one : two),
          sort: random.pick(OTHER_SORTS),
          ...page(),
        },
      }),
      6,
    ],
    [
      () => {
        const product = random.pick(catalogue.products);
        const keyword = random.chance(0.5)
          ? product.manufacturer.toLowerCase()
          : random.pick(titleWords(product.title).concat(product.manufacturer.toLowerCase()));
        return {
          scenario: 'keyword+family',
          body: { keyword, familyIds: [product.familyId as CategoryFamilyId], ...page() },
        };
      },
      8,
    ],
    [
      () => ({
        scenario: 'keyword+filters',
        body: { keyword: random.pick(random.chance(0.7) ? one : two), ...filters(), ...page() },
      }),
      8,
    ],
    [() => ({ scenario: 'code (UPC)', body: { keyword: random.pick(catalogue.upcs) } }), 3],
    [
      () => {
        const typo = random.chance(0.4) ? random.pick(TYPOS) : misspell(random, random.pick(one));
        return { scenario: 'keyword misspelt', body: { keyword: typo } };
      },
      3,
    ],
    [
      () => {
        const body: SearchRequest = { familyIds: families(), ...page() };
        if (random.chance(0.7)) Object.assign(body, filters());
        if (random.chance(0.4)) body.sort = random.pick(OTHER_SORTS);
        return { scenario: 'facets/filters only', body };
      },
      12,
    ],
    ...[SearchSort.Relevance, SearchSort.Distance, ...OTHER_SORTS].map(
      (sort) =>
        [
          () => ({
            scenario: `zip+distance/${sort}`,
            body: { ...place(), ...(sort === SearchSort.Relevance ? {} : { sort }), ...page() },
          }),
          4,
        ] as const,
    ),
    [
      () => ({
        scenario: 'zip+distance+keyword',
        body: {
          keyword: random.pick(one),
          ...place(),
          ...(random.chance(0.5) ? { sort: SearchSort.Distance } : {}),
          ...page(),
        },
      }),
      5,
    ],
    [
      () => {
        const body: SearchRequest = { uid: random.pick(catalogue.sellerIds) };
        if (random.chance(0.3)) body.sort = random.pick(OTHER_SORTS);
        if (random.chance(0.2)) body.familyIds = families();
        return {
          scenario: 'seller',
          body: { ...body, ...(random.chance(0.7) ? {} : { page: random.int(2, 5) }) },
        };
      },
      6,
    ],
    [
      () => {
        // The home page's "new this week" link: the last 7 days, listings of no distributor's catalogue.
        const body: SearchRequest = { listingStartDate: 7, distributorId: EMPTY_GUID };
        if (random.chance(0.4)) body.familyIds = families();
        if (random.chance(0.4)) body.sort = random.pick([SearchSort.Newest, ...OTHER_SORTS]);
        return { scenario: 'new-this-week', body: { ...body, ...page() } };
      },
      5,
    ],
  ];

  const mix: MixRequest[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; mix.length < size; attempt++) {
    if (attempt > size * 50) throw new Error(`only ${mix.length} distinct searches from this catalogue`);
    const request = weightedPick(random, scenarios)();
    const key = requestKey(request.body);
    if (seen.has(key)) continue;
    seen.add(key);
    searchRequestSchema.parse(request.body);
    mix.push(request);
  }
  return mix;
}

/** The search a request asks for, whatever its key order or the keyword's letter case. */
export function requestKey(body: SearchRequest): string {
  const parsed = searchRequestSchema.parse(body);
  const entries = Object.entries({ ...parsed, keyword: parsed.keyword?.toLowerCase() })
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * Distinct texts typed into the search box for suggestions: prefixes of brands, brand and model,
 * and calibers as they are typed letter by letter, and misspellings.
 */
export function suggestionPrefixes(
  catalogue: MixCatalogue,
  { seed = MIX_SEED, size = SUGGESTION_PREFIX_COUNT }: { seed?: number; size?: number } = {},
): string[] {
  const random = createRandom(seed + 1);
  const terms = [
    ...new Set(
      catalogue.products.flatMap((product) => [
        product.manufacturer.toLowerCase(),
        `${product.manufacturer} ${product.model ?? ''}`.trim().toLowerCase(),
        ...(product.caliber ? [product.caliber.toLowerCase()] : []),
      ]),
    ),
  ];
  const prefixes = new Set<string>(TYPOS);
  for (let attempt = 0; prefixes.size < size; attempt++) {
    if (attempt > size * 50) throw new Error(`only ${prefixes.size} distinct suggestion texts`);
    const term = random.pick(terms);
    const typed =
      random.chance(0.15) && term.length > 4
        ? misspell(random, term)
        : term
            .slice(0, random.int(SUGGESTIONS_MIN_LENGTH, Math.max(SUGGESTIONS_MIN_LENGTH, term.length)))
            .trim();
    // The search box asks for suggestions from the third letter on.
    if (shouldRequestSuggestions(typed)) prefixes.add(typed);
  }
  return [...prefixes];
}
