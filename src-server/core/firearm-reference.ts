import { sql } from 'drizzle-orm';
import { familyById } from '../../shared/domain/category.ts';
import {
  type FirearmCandidate,
  type FirearmText,
  identifyFirearm,
  MIN_IDENTITY_CONFIDENCE,
} from '../../shared/domain/firearm-identity.ts';
import {
  buildFirearmIndex,
  type FirearmIndex,
  type FirearmReference,
} from '../../shared/domain/firearm-index.ts';
import { type DbExecutor, queryRows } from '../db/client.ts';
import {
  firearmCalibers,
  firearmManufacturers,
  firearmModels,
  firearmVariantCalibers,
  firearmVariants,
  listingIdentities,
} from '../db/schema.ts';

/**
 * The firearms reference (migration 0039) as the identification endpoint and every listing save
 * read it: loaded once into an index in memory and reloaded when its version counter has moved, so
 * reading a text costs no query beyond the one-row version check.
 */
const loaded = new WeakMap<DbExecutor, { version: string; index: FirearmIndex }>();

export async function firearmIndex(db: DbExecutor): Promise<FirearmIndex> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text as version from firearm_reference_version where id = 1`,
  );
  const version = row?.version ?? '0';
  const known = loaded.get(db);
  if (known?.version === version) return known.index;
  const index = buildFirearmIndex(await loadReference(db));
  loaded.set(db, { version, index });
  return index;
}

async function loadReference(db: DbExecutor): Promise<FirearmReference> {
  // One statement after another: a reload never takes more than one place in the database's queue.
  const manufacturers = await db.select().from(firearmManufacturers);
  const calibers = await db.select().from(firearmCalibers);
  const models = await db.select().from(firearmModels);
  const variants = await queryRows<{
    id: string;
    model_id: string;
    name: string | null;
    aliases: string[];
    family_id: number | null;
    barrel_inches: number | null;
    caliber_ids: string[];
  }>(
    db,
    sql`select v.id, v.model_id, v.name, v.aliases, v.family_id, v.barrel_inches,
            coalesce(array_agg(c.caliber_id) filter (where c.caliber_id is not null), '{}') as caliber_ids
          from firearm_variants v left join firearm_variant_calibers c on c.variant_id = v.id
          group by v.id`,
  );
  return {
    manufacturers,
    calibers,
    models,
    variants: variants.map((row) => ({
      id: row.id,
      modelId: row.model_id,
      name: row.name,
      aliases: row.aliases,
      familyId: row.family_id,
      barrelInches: row.barrel_inches,
      caliberIds: row.caliber_ids,
    })),
  };
}

const CHUNK = 1000;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK);
}

/** Adds a reference (its rows carry their ids); rows already there are kept as they are. */
export async function writeFirearmReference(db: DbExecutor, reference: FirearmReference): Promise<void> {
  const withAliases = <T extends { aliases: readonly string[] }>(row: T) => ({
    ...row,
    aliases: [...row.aliases],
  });
  for (const rows of chunks(reference.manufacturers)) {
    await db.insert(firearmManufacturers).values(rows.map(withAliases)).onConflictDoNothing();
  }
  for (const rows of chunks(reference.calibers)) {
    await db.insert(firearmCalibers).values(rows.map(withAliases)).onConflictDoNothing();
  }
  for (const rows of chunks(reference.models)) {
    await db.insert(firearmModels).values(rows.map(withAliases)).onConflictDoNothing();
  }
  for (const rows of chunks(reference.variants)) {
    await db
      .insert(firearmVariants)
      .values(rows.map(({ caliberIds: _calibers, ...variant }) => withAliases(variant)))
      .onConflictDoNothing();
  }
  const chambered = reference.variants.flatMap((variant) =>
    variant.caliberIds.map((caliberId) => ({ variantId: variant.id, caliberId })),
  );
  for (const rows of chunks(chambered))
    await db.insert(firearmVariantCalibers).values(rows).onConflictDoNothing();
}

/** The fields of a listing its identity is read from. */
export interface ListingFirearmFields {
  title: string;
  manufacturer: string | null;
  model: string | null;
  caliber: string | null;
  familyId: number;
}

/**
 * The identity of a listing: its title and its manufacturer, model and caliber fields read as one
 * description, its family as a hint. Null for goods that are not firearms and for a best candidate
 * below the identity confidence.
 */
export function listingIdentity(index: FirearmIndex, listing: ListingFirearmFields): FirearmCandidate | null {
  if (familyById(listing.familyId)?.group !== 'Firearm') return null;
  const texts: FirearmText[] = [
    { field: 'manufacturer', text: listing.manufacturer ?? '' },
    { field: 'model', text: listing.model ?? '' },
    { field: 'caliber', text: listing.caliber ?? '' },
    { field: 'title', text: listing.title },
  ];
  const [best] = identifyFirearm(index, texts, { familyId: listing.familyId }, 1);
  return best && best.confidence >= MIN_IDENTITY_CONFIDENCE ? best : null;
}

/** Records the identities of listings (null: read, and no firearm of the reference), replacing earlier ones. */
export async function writeListingIdentities(
  db: DbExecutor,
  rows: readonly { listingId: string; candidate: FirearmCandidate | null }[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db
      .insert(listingIdentities)
      .values(
        chunk.map(({ listingId, candidate }) => ({
          listingId,
          manufacturerId: candidate?.identity.manufacturerId ?? null,
          modelId: candidate?.identity.modelId ?? null,
          variantId: candidate?.identity.variantId ?? null,
          caliberId: candidate?.identity.caliberId ?? null,
          confidence: candidate?.confidence ?? 0,
        })),
      )
      .onConflictDoUpdate({
        target: listingIdentities.listingId,
        set: {
          manufacturerId: sql`excluded.manufacturer_id`,
          modelId: sql`excluded.model_id`,
          variantId: sql`excluded.variant_id`,
          caliberId: sql`excluded.caliber_id`,
          confidence: sql`excluded.confidence`,
          identifiedAt: sql`now()`,
        },
      });
  }
}

/**
 * Reads and records the identity of listings just written. Without a reference nothing is recorded,
 * so the backfill reads these listings once there is one.
 */
export async function identifyListings(
  db: DbExecutor,
  listings: readonly (ListingFirearmFields & { id: string })[],
  index?: FirearmIndex,
): Promise<void> {
  if (listings.length === 0) return;
  const reference = index ?? (await firearmIndex(db));
  if (reference.models.size === 0) return;
  await writeListingIdentities(
    db,
    listings.map((listing) => ({ listingId: listing.id, candidate: listingIdentity(reference, listing) })),
  );
}

/** Listings looked at per statement of the backfill: a bounded walk of the primary key. */
export const BACKFILL_CHUNK = 2000;

/**
 * The backfill: walks listings in id order from `after`, one bounded chunk, and identifies those
 * without an identity yet (listings from before the reference, or from a path that does not read
 * identities at save). Answers where the next chunk starts, or null at the end of the listings.
 */
export async function identifyListingsAfter(
  db: DbExecutor,
  after: string | null,
  chunk = BACKFILL_CHUNK,
): Promise<{ next: string | null; identified: number }> {
  if ((await firearmIndex(db)).models.size === 0) return { next: null, identified: 0 };
  const rows = await queryRows<{
    id: string;
    known: boolean;
    title: string | null;
    manufacturer: string | null;
    model: string | null;
    caliber: string | null;
    family_id: number;
  }>(
    db,
    sql`select l.id, i.listing_id is not null as known,
          case when i.listing_id is null then l.title end as title,
          l.manufacturer, l.model, l.caliber, l.family_id
        from (select id, title, manufacturer, model, caliber, family_id from listings
              where ${after === null ? sql`true` : sql`id > ${after}`} order by id limit ${chunk}) l
        left join listing_identities i on i.listing_id = l.id
        order by l.id`,
  );
  const unknown = rows.filter((row) => !row.known);
  await identifyListings(
    db,
    unknown.map((row) => ({
      id: row.id,
      title: row.title ?? '',
      manufacturer: row.manufacturer,
      model: row.model,
      caliber: row.caliber,
      familyId: row.family_id,
    })),
  );
  return { next: rows.length === chunk ? (rows.at(-1)?.id ?? null) : null, identified: unknown.length };
}
