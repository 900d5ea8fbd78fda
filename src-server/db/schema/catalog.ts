import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BrandFocusBlock } from '../../../shared/contract/brands.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/** Distributors whose catalogues dealers list from (search filter distributorId). */
export const distributors = pgTable('distributors', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  city: text('city'),
  state: text('state'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Listings: every field a listing page or card reads. Location is copied from the ZIP centroid at write time so a
 * distance search filters on the listing row itself (bounding box on latitude/longitude, then
 * haversine). Full-text search runs on `listing_search`.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Numeric id of the previous site (`/listing?p=`). */
    legacyId: bigint('legacy_id', { mode: 'number' }).unique(),
    /**
     * The short number people see and quote ("Listing number", `/listing?p=`): the next of the
     * `listing_numbers` sequence, or the legacy id for a listing of the previous site (trigger
     * `listings_number_legacy`, which also keeps the sequence above every legacy id).
     */
    listingNumber: bigint('listing_number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('listing_numbers')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    manufacturer: text('manufacturer'),
    model: text('model'),
    caliber: text('caliber'),
    condition: text('condition', { enum: ['NewInBox', 'Used', 'NeverFired'] }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    upc: text('upc'),
    sku: text('sku'),
    sellerStockNumber: text('seller_stock_number'),
    /** CategoryFamilyId 1..25. */
    familyId: smallint('family_id').notNull(),
    /** ListingType: National 0, Auction 1, Local 2. */
    listingType: smallint('listing_type').notNull().default(0),
    /** ListingOption flags. */
    listingOptions: integer('listing_options').notNull().default(0),
    returnPolicy: smallint('return_policy').notNull().default(0),
    /** PaymentMethod flags. */
    acceptedPaymentMethods: integer('accepted_payment_methods').notNull().default(0),
    liveCheckoutEnabled: boolean('live_checkout_enabled').notNull().default(false),
    /** The seller takes offers below the asking price. */
    acceptsOffers: boolean('accepts_offers').notNull().default(false),
    shippingCost: numeric('shipping_cost', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryDays: smallint('delivery_days').notNull().default(3),
    isActive: boolean('is_active').notNull().default(true),
    isSold: boolean('is_sold').notNull().default(false),
    listingStartDate: timestamp('listing_start_date', { withTimezone: true }).notNull().defaultNow(),
    listingEndDate: timestamp('listing_end_date', { withTimezone: true }),
    zipCode: text('zip_code').notNull(),
    city: text('city'),
    state: text('state'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distributorId: uuid('distributor_id').references(() => distributors.id, { onDelete: 'set null' }),
    /** Rounds a magazine (or the magazine sold with a firearm) holds; read by the state magazine limits. */
    magazineCapacity: smallint('magazine_capacity'),
    excludedShipToStates: text('excluded_ship_to_states').array().notNull().default(sql`'{}'::text[]`),
    /** The card image; null, 'catalog' or an all-zero id means "use the UPC stock image". */
    thumbnailPicture: text('thumbnail_picture'),
    /**
     * How the listing came in when not through the listing form: 'bulk' (an inventory file), 'feed'
     * (a distributor feed) or 'api' (the seller API); null for the form.
     */
    inventorySource: text('inventory_source', { enum: ['bulk', 'feed', 'api'] }),
    /** The upload, feed or client credential that last wrote the listing from inventory. */
    inventorySourceId: uuid('inventory_source_id'),
    /**
     * Hash of the inventory fields last written (`modules/inventory/upsert.ts`): the same row again
     * writes nothing. Cleared by an edit on the site, so the next inventory row is applied in full.
     */
    inventoryHash: text('inventory_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Family, condition and listing type as one small number (SQL function `listing_facet_key`): a
     * search counts its facets by grouping its matches on this one column.
     */
    facetKey: integer('facet_key')
      .notNull()
      .generatedAlwaysAs(sql`listing_facet_key(family_id, condition, listing_type)`),
  },
  (t) => [
    index('listings_user_start_idx').on(t.userId, t.listingStartDate.desc()),
    index('listings_start_idx').on(t.listingStartDate.desc()),
    index('listings_family_start_idx').on(t.familyId, t.listingStartDate.desc()),
    index('listings_upc_idx').on(t.upc),
    index('listings_sku_idx').on(sql`lower(${t.sku})`),
    // Inventory rows find their listing by the seller's stock number, case-insensitively.
    index('listings_user_stock_number_idx')
      .on(t.userId, sql`lower(${t.sellerStockNumber})`)
      .where(sql`${t.sellerStockNumber} is not null`),
    index('listings_inventory_source_idx')
      .on(t.inventorySourceId)
      .where(sql`${t.inventorySourceId} is not null`),
    index('listings_distributor_idx').on(t.distributorId),
    index('listings_lat_lng_idx').on(t.latitude, t.longitude),
    index('listings_price_idx').on(t.price),
  ],
);

/**
 * A narrow copy of each listing for keyword search: the stored tsvector (title, manufacturer and
 * model weighted A, caliber B, description unweighted and without positions, built by the SQL
 * function `listing_search_vector`) plus every column a search filters, sorts or counts facets on.
 * A broad keyword matches thousands of listings; reading these rows instead of the wide listing
 * rows more than halves the pages visited. Rows are built by the SQL function `listing_search_row`
 * and kept in step with `listings` by the `listings_search_sync_*` statement triggers. The table is kept in
 * catalogue order (family, brand, caliber, model) so a keyword's matches share pages: see
 * `modules/listings/search-indexes/keyword-copy.ts`.
 *
 * Column order is deliberate: the fixed-width columns every match reads (facet key, dates) come
 * first, so PostgreSQL finds them at fixed offsets; the search vector, read only for ranking, is
 * last. `offered_until` folds active, unsold and end date into one comparison: the end date (or
 * infinity) while the listing is offered, minus infinity once it is not.
 */
export const listingSearch = pgTable(
  'listing_search',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    facetKey: integer('facet_key').notNull(),
    familyId: smallint('family_id').notNull(),
    listingType: smallint('listing_type').notNull(),
    listingOptions: integer('listing_options').notNull(),
    listingStartDate: timestamp('listing_start_date', { withTimezone: true }).notNull(),
    offeredUntil: timestamp('offered_until', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    condition: text('condition').notNull(),
    distributorId: uuid('distributor_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    upc: text('upc'),
    sku: text('sku'),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [index('listing_search_vector_idx').using('gin', t.searchVector)],
);

/**
 * The lexemes whose matches are kept as postings: the frequent ones, whose keyword searches would
 * otherwise rank, sort and count tens of thousands of rows (see
 * `modules/listings/search-indexes/keyword-postings.ts`).
 * `query` is the one-lexeme tsquery a keyword search builds for it, the key a search looks it up by.
 */
export const keywordPostingLexemes = pgTable('keyword_posting_lexemes', {
  lexeme: text('lexeme').primaryKey(),
  query: tsquery('query').notNull(),
  /** The query's canonical form (`canonicalQuery`), the key a search for its words in any order looks it up by. */
  canonical: tsquery('canonical').notNull(),
  /**
   * A word in more than the policy's share of the listings: only its title matches are kept (rank
   * at least `keyword_title_rank()`), the rows a page by relevance reads before the description's.
   */
  titlesOnly: boolean('titles_only').notNull().default(false),
});

/**
 * One row per (frequent lexeme, listing whose keyword row contains it), with the listing's rank for
 * that lexeme computed when the row is written, and every column such a search orders, filters or
 * counts facets on. Kept in step with `listing_search` by the `keyword_postings_sync` trigger; its
 * covering index (lexeme, rank, start date, id, including facet key, offer end, price and place)
 * answers a page, its price, date and radius filters and the facet counts from the index alone.
 */
export const keywordPostings = pgTable(
  'keyword_postings',
  {
    lexeme: text('lexeme').notNull(),
    listingId: uuid('listing_id').notNull(),
    rank: real('rank').notNull(),
    listingStartDate: timestamp('listing_start_date', { withTimezone: true }).notNull(),
    offeredUntil: timestamp('offered_until', { withTimezone: true }).notNull(),
    facetKey: integer('facet_key').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [index('keyword_postings_listing_idx').on(t.listingId)],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: smallint('position').notNull().default(0),
    /**
     * The format an uploaded photo is kept in ('jpeg', 'png', 'webp'): its original and variants are
     * in the blob store under `listings/{id}/…` (`modules/listings/images.ts`). Null for an image
     * that is only a path (seeded artwork).
     */
    storedFormat: text('stored_format', { enum: ['jpeg', 'png', 'webp'] }),
  },
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.position)],
);

/** Brand pages (/brand/{slug}) with their brand-focus block. */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Lower-case search keywords that lead to this brand (POST /brands/kw). */
  keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
  logoUrl: text('logo_url'),
  shopUrl: text('shop_url'),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  focus: jsonb('focus').$type<BrandFocusBlock>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** US ZIP centroids (filled at boot from the `zipcodes` package when empty). */
export const zipCentroids = pgTable(
  'zip_centroids',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('zip_centroids_city_state_idx').on(sql`lower(${t.city})`, t.state)],
);

/**
 * The small table behind search suggestions: manufacturers, manufacturer + model and calibers with
 * how many active listings carry them and their most common family. Trigram matching runs here,
 * not over all listings (`pg_trgm` is created by `migrations/0000_extensions.sql`; the lookup is
 * `suggestionCandidates` in `modules/listings/suggestions.ts`).
 */
export const suggestionTerms = pgTable(
  'suggestion_terms',
  {
    term: text('term').notNull(),
    kind: text('kind', { enum: ['manufacturer', 'model', 'caliber'] }).notNull(),
    listingCount: integer('listing_count').notNull(),
    topFamilyId: smallint('top_family_id').notNull(),
    /** Share of the term's listings in its top family, 0..1. */
    topFamilyShare: real('top_family_share').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.kind] }),
    index('suggestion_terms_trgm_idx').using('gin', sql`lower(${t.term}) gin_trgm_ops`),
  ],
);
