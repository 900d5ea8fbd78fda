import { eq, sql } from 'drizzle-orm';
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

/**
 * The reference as the index reads it: active rows only (staff deactivate rows in the console,
 * migration 0041), so a model of a deactivated manufacturer, a variant of a deactivated model and a
 * deactivated caliber of a variant are left out too.
 */
async function loadReference(db: DbExecutor): Promise<FirearmReference> {
  // One statement after another: a reload never takes more than one place in the database's queue.
  const manufacturers = await db
    .select()
    .from(firearmManufacturers)
    .where(eq(firearmManufacturers.active, true));
  const calibers = await db.select().from(firearmCalibers).where(eq(firearmCalibers.active, true));
  const makers = new Set(manufacturers.map((row) => row.id));
  const models = (await db.select().from(firearmModels).where(eq(firearmModels.active, true))).filter((row) =>
    makers.has(row.manufacturerId),
  );
  const modelIds = new Set(models.map((row) => row.id));
  const caliberIds = new Set(calibers.map((row) => row.id));
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
          where v.active
          group by v.id`,
  );
  return {
    manufacturers,
    calibers,
    models,
    variants: variants
      .filter((row) => modelIds.has(row.model_id))
      .map((row) => ({
        id: row.id,
        modelId: row.model_id,
        name: row.name,
        aliases: row.aliases,
        familyId: row.family_id,
        barrelInches: row.barrel_inches,
        caliberIds: row.caliber_ids.filter((id) => caliberIds.has(id)),
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

/**
 * Records the identities of listings (null: read, and no firearm of the reference), replacing earlier
 * ones. One statement per chunk with the rows as one JSON parameter, as the inventory writes send
 * theirs: a bulk upload records a thousand identities per batch, and six bound parameters a row cost
 * two to three times as much to send and plan.
 */
export async function writeListingIdentities(
  db: DbExecutor,
  rows: readonly { listingId: string; candidate: FirearmCandidate | null }[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    const json = JSON.stringify(
      chunk.map(({ listingId, candidate }) => ({
        listing_id: listingId,
        manufacturer_id: candidate?.identity.manufacturerId ?? null,
        model_id: candidate?.identity.modelId ?? null,
        variant_id: candidate?.identity.variantId ?? null,
        caliber_id: candidate?.identity.caliberId ?? null,
        confidence: candidate?.confidence ?? 0,
      })),
    );
    await db.execute(sql`insert into listing_identities
        (listing_id, manufacturer_id, model_id, variant_id, caliber_id, confidence)
      select x.listing_id, x.manufacturer_id, x.model_id, x.variant_id, x.caliber_id, x.confidence
      from json_to_recordset(${json}::json) as x(listing_id uuid, manufacturer_id uuid, model_id uuid,
        variant_id uuid, caliber_id uuid, confidence real)
      on conflict (listing_id) do update set manufacturer_id = excluded.manufacturer_id,
        model_id = excluded.model_id, variant_id = excluded.variant_id, caliber_id = excluded.caliber_id,
        confidence = excluded.confidence, identified_at = now()`);
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
