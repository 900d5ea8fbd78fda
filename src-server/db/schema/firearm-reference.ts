import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FirearmIdentificationData, FirearmInfo } from '../../../shared/contract/identification.ts';
import { listings } from './catalog.ts';
import { orderItems } from './orders.ts';
import { users } from './users.ts';

// Owned by src-server/core/firearm-reference.ts (the reference and listing identities) and
// src-server/modules/identification/ (the requests). Migration 0039; completed sales 0040.

const aliases = () => text('aliases').array().notNull().default(sql`'{}'::text[]`);
/** Migration 0041: a deactivated row stays (with what names it) but the index leaves it out. */
const active = () => boolean('active').notNull().default(true);

/** Manufacturers of the firearms reference, with the names sellers write for them ("S&W"). */
export const firearmManufacturers = pgTable('firearm_manufacturers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  aliases: aliases(),
  active: active(),
});

/** Calibers and gauges, with their other names ("9x19" and "9mm Parabellum" for 9mm Luger). */
export const firearmCalibers = pgTable('firearm_calibers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  aliases: aliases(),
  active: active(),
});

/** Models of a manufacturer; the category family gives the FFL rule and the NFA flag (shared/domain). */
export const firearmModels = pgTable(
  'firearm_models',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => firearmManufacturers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aliases: aliases(),
    /** CategoryFamilyId 1..25. */
    familyId: smallint('family_id').notNull(),
    active: active(),
  },
  (t) => [unique('firearm_models_manufacturer_name_unique').on(t.manufacturerId, t.name)],
);

/** Variants and generations of a model ("Gen 5", "XL", "2.0"); a null name is the plain model. */
export const firearmVariants = pgTable(
  'firearm_variants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    modelId: uuid('model_id')
      .notNull()
      .references(() => firearmModels.id, { onDelete: 'cascade' }),
    name: text('name'),
    aliases: aliases(),
    /** Set when the variant is of another family than its model (a short-barrelled shotgun is NFA). */
    familyId: smallint('family_id'),
    barrelInches: real('barrel_inches'),
    active: active(),
  },
  (t) => [uniqueIndex('firearm_variants_model_name_idx').on(t.modelId, sql`coalesce(${t.name}, '')`)],
);

/** The calibers a variant is chambered in. */
export const firearmVariantCalibers = pgTable(
  'firearm_variant_calibers',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => firearmVariants.id, { onDelete: 'cascade' }),
    caliberId: uuid('caliber_id')
      .notNull()
      .references(() => firearmCalibers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'firearm_variant_calibers_pk', columns: [t.variantId, t.caliberId] })],
);

/**
 * The identity of a listing, read from its title and fields when it is saved (or by the backfill).
 * Beside the listing rather than on it, so writing it fires no listing trigger. No model: the
 * listing was read and names no firearm of the reference.
 */
export const listingIdentities = pgTable(
  'listing_identities',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id').references(() => firearmManufacturers.id, {
      onDelete: 'set null',
    }),
    modelId: uuid('model_id').references(() => firearmModels.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => firearmVariants.id, { onDelete: 'set null' }),
    caliberId: uuid('caliber_id').references(() => firearmCalibers.id, { onDelete: 'set null' }),
    confidence: real('confidence').notNull().default(0),
    identifiedAt: timestamp('identified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_identities_model_idx').on(t.modelId, t.variantId).where(sql`${t.modelId} is not null`),
  ],
);

/** An identification someone asked for: what they knew, their stored photos, and the answer. */
export const firearmIdentifications = pgTable(
  'firearm_identifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    info: jsonb('info').$type<FirearmInfo>().notNull(),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    variantId: uuid('variant_id').references(() => firearmVariants.id, { onDelete: 'set null' }),
    modelId: uuid('model_id').references(() => firearmModels.id, { onDelete: 'set null' }),
    result: jsonb('result').$type<FirearmIdentificationData>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firearm_identifications_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Completed sales (migration 0040): an order line whose payment was taken and was not cancelled or
 * refunded, with its unit price, when it was bought, its listing's condition and family, and the
 * identity its listing was read as. Kept by the database's triggers; valuations read it
 * (src-server/core/valuation.ts).
 */
export const completedSales = pgTable(
  'completed_sales',
  {
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    /** The line's unit price as a double (the quartiles sort doubles). */
    price: doublePrecision('price').notNull(),
    condition: text('condition').notNull(),
    familyId: smallint('family_id').notNull(),
    manufacturerId: uuid('manufacturer_id').references(() => firearmManufacturers.id, {
      onDelete: 'set null',
    }),
    modelId: uuid('model_id').references(() => firearmModels.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => firearmVariants.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('completed_sales_variant_idx').on(t.variantId, t.soldAt).where(sql`${t.variantId} is not null`),
    index('completed_sales_model_idx').on(t.modelId, t.soldAt).where(sql`${t.modelId} is not null`),
    index('completed_sales_maker_family_idx')
      .on(t.manufacturerId, t.familyId, t.soldAt)
      .where(sql`${t.manufacturerId} is not null`),
    index('completed_sales_listing_idx').on(t.listingId),
  ],
);
