import { z } from 'zod';
import { CategoryFamilyId } from '../domain/category.ts';
import { Condition, ListingOption } from '../domain/listing.ts';
import { EMPTY_GUID } from '../domain/uuid.ts';
import { SearchSort } from './search-sort.ts';
import { SEARCH_LISTING_TYPES, type SearchRouteParams } from './search-url.ts';

/** What a search form says when a field cannot become part of a search address. */
export const SearchFormMessage = {
  Price: 'Enter prices as whole dollars or dollars and cents.',
  PriceOrder: 'The maximum price must not be below the minimum price.',
  ZipCode: 'Enter a 5-digit zip code.',
} as const;

/** Blank text means "no filter". */
const optionalText = z.string().transform((raw) => raw.trim() || undefined);
const price = z
  .string()
  .trim()
  .refine((text) => text === '' || Number(text) >= 0, { error: SearchFormMessage.Price })
  .transform((text) => (text === '' ? undefined : Number(text)));
const zipCode = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d{5}$/.test(text), { error: SearchFormMessage.ZipCode })
  .transform((text) => text || undefined);
/** A select of numbers whose empty option means "any". */
const numberChoice = z.string().transform((text) => (text === '' ? undefined : Number(text)));
/** A select whose empty option means "any". */
const choice = <T extends string>(values: z.ZodType<T, T>) =>
  z.union([z.literal(''), values]).transform((value) => (value === '' ? undefined : (value as T)));

const inOrder = (prices: { minPrice?: number; maxPrice?: number }) =>
  prices.minPrice === undefined || prices.maxPrice === undefined || prices.minPrice <= prices.maxPrice;
/** Compared once both prices read as prices; the order message then shows under the maximum. */
const priceOrder = {
  error: SearchFormMessage.PriceOrder,
  path: ['maxPrice'],
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'minPrice' || issue.path?.[0] === 'maxPrice'),
};

/** The search panel's text filters (keyword, price, place), applied together; a distance only with a ZIP code. */
export const textFiltersFormSchema = z
  .object({ keyword: optionalText, minPrice: price, maxPrice: price, zipCode, distance: numberChoice })
  .refine(inOrder, priceOrder)
  .transform(
    (form): SearchRouteParams => ({
      keyword: form.keyword,
      minPrice: form.minPrice,
      maxPrice: form.maxPrice,
      zipCode: form.zipCode,
      distance: form.zipCode ? form.distance : undefined,
    }),
  );
export type TextFiltersFormValues = z.input<typeof textFiltersFormSchema>;

/** The advanced search form: every search parameter, turned into the search it asks for. */
export const advancedSearchFormSchema = z
  .object({
    keyword: optionalText,
    familyIDs: z.array(z.enum(CategoryFamilyId)),
    listingType: choice(z.enum(SEARCH_LISTING_TYPES)),
    condition: choice(z.enum(Condition)),
    minPrice: price,
    maxPrice: price,
    zipCode,
    distance: numberChoice,
    listingStartDate: numberChoice,
    featured: z.boolean(),
    ownListings: z.boolean(),
    sort: choice(z.enum(SearchSort)),
  })
  .refine(inOrder, priceOrder)
  .transform(
    (form): SearchRouteParams => ({
      keyword: form.keyword,
      familyIDs: form.familyIDs.length > 0 ? form.familyIDs : undefined,
      listingType: form.listingType,
      condition: form.condition,
      minPrice: form.minPrice,
      maxPrice: form.maxPrice,
      zipCode: form.zipCode,
      distance: form.zipCode ? form.distance : undefined,
      listingStartDate: form.listingStartDate,
      upsells: form.featured ? ListingOption.Featured : undefined,
      distributorId: form.ownListings ? EMPTY_GUID : undefined,
      sort: form.sort,
    }),
  );
export type AdvancedSearchFormValues = z.input<typeof advancedSearchFormSchema>;

/** The advanced search form before anything is entered. */
export const EMPTY_ADVANCED_SEARCH_FORM: AdvancedSearchFormValues = {
  keyword: '',
  familyIDs: [],
  listingType: '',
  condition: '',
  minPrice: '',
  maxPrice: '',
  zipCode: '',
  distance: '50',
  listingStartDate: '',
  featured: false,
  ownListings: false,
  sort: '',
};
