import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ReferenceCaliberRow,
  ReferenceCalibersResponse,
  ReferenceManufacturerRow,
  ReferenceModelRow,
  ReferenceSearchResponse,
  ReferenceVariantRow,
  referenceCalibersQuerySchema,
  referenceSearchQuerySchema,
} from '../../../shared/contract/firearm-reference.ts';
import type { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import {
  firearmCalibers,
  firearmManufacturers,
  firearmModels,
  firearmVariantCalibers,
  firearmVariants,
  listingIdentities,
} from '../../db/schema.ts';

/*
 * Reading the firearms reference for the console: every row, deactivated ones too (the servers'
 * index, src-server/core/firearm-reference.ts, reads only the active ones), with how many listings
 * were identified as each model and variant.
 */

const DEFAULT_REFERENCE_PAGE_SIZE = 20;

/** An ILIKE pattern that finds the text anywhere, its wildcards taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const familyOf = (id: number) => id as CategoryFamilyId;

export async function referenceVersion(db: DbExecutor): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text as version from firearm_reference_version where id = 1`,
  );
  return row?.version ?? '0';
}

/** Listings identified as each model and variant of these models. */
export async function listingCounts(db: DbExecutor, modelIds: readonly string[]) {
  const byModel = new Map<string, number>();
  const byVariant = new Map<string, number>();
  if (modelIds.length === 0) return { byModel, byVariant };
  const rows = await db
    .select({
      modelId: listingIdentities.modelId,
      variantId: listingIdentities.variantId,
      n: sql<number>`count(*)::int`,
    })
    .from(listingIdentities)
    .where(inArray(listingIdentities.modelId, [...modelIds]))
    .groupBy(listingIdentities.modelId, listingIdentities.variantId);
  for (const row of rows) {
    if (!row.modelId) continue;
    byModel.set(row.modelId, (byModel.get(row.modelId) ?? 0) + row.n);
    if (row.variantId) byVariant.set(row.variantId, (byVariant.get(row.variantId) ?? 0) + row.n);
  }
  return { byModel, byVariant };
}

/** Variants with their calibers, by id or by model, each with the listings identified as it. */
export async function variantRows(
  db: DbExecutor,
  where: { ids?: readonly string[]; modelIds?: readonly string[] },
  counts: Map<string, number>,
): Promise<ReferenceVariantRow[]> {
  if ((where.ids ?? where.modelIds ?? []).length === 0) return [];
  const condition = where.ids
    ? inArray(firearmVariants.id, [...where.ids])
    : inArray(firearmVariants.modelId, [...(where.modelIds ?? [])]);
  const variants = await db
    .select()
    .from(firearmVariants)
    .where(condition)
    .orderBy(
      sql`${firearmVariants.name} is not null`,
      sql`lower(${firearmVariants.name})`,
      firearmVariants.id,
    );
  if (variants.length === 0) return [];
  const chambered = await db
    .select({
      variantId: firearmVariantCalibers.variantId,
      id: firearmCalibers.id,
      name: firearmCalibers.name,
      active: firearmCalibers.active,
    })
    .from(firearmVariantCalibers)
    .innerJoin(firearmCalibers, eq(firearmCalibers.id, firearmVariantCalibers.caliberId))
    .where(
      inArray(
        firearmVariantCalibers.variantId,
        variants.map((variant) => variant.id),
      ),
    )
    .orderBy(sql`lower(${firearmCalibers.name})`);
  const calibersOf = new Map<string, { id: string; name: string; active: boolean }[]>();
  for (const { variantId, ...caliber } of chambered) {
    const own = calibersOf.get(variantId) ?? [];
    own.push(caliber);
    calibersOf.set(variantId, own);
  }
  return variants.map((variant) => ({
    id: variant.id,
    modelId: variant.modelId,
    name: variant.name,
    aliases: variant.aliases,
    active: variant.active,
    familyId: variant.familyId === null ? null : familyOf(variant.familyId),
    barrelInches: variant.barrelInches,
    calibers: calibersOf.get(variant.id) ?? [],
    listingCount: counts.get(variant.id) ?? 0,
  }));
}

/** Models by id or by manufacturer, each with its variants, in name order. */
export async function modelRows(
  db: DbExecutor,
  where: { ids?: readonly string[]; manufacturerIds?: readonly string[] },
): Promise<ReferenceModelRow[]> {
  const keys = where.ids ?? where.manufacturerIds ?? [];
  if (keys.length === 0) return [];
  const models = await db
    .select()
    .from(firearmModels)
    .where(
      where.ids ? inArray(firearmModels.id, [...keys]) : inArray(firearmModels.manufacturerId, [...keys]),
    )
    .orderBy(sql`lower(${firearmModels.name})`, firearmModels.id);
  const modelIds = models.map((model) => model.id);
  const counts = await listingCounts(db, modelIds);
  const variants = await variantRows(db, { modelIds }, counts.byVariant);
  return models.map((model) => ({
    id: model.id,
    manufacturerId: model.manufacturerId,
    name: model.name,
    aliases: model.aliases,
    active: model.active,
    familyId: familyOf(model.familyId),
    listingCount: counts.byModel.get(model.id) ?? 0,
    variants: variants.filter((variant) => variant.modelId === model.id),
  }));
}

/** Manufacturers in the order of `ids`, each with its models. */
export async function manufacturerRows(
  db: DbExecutor,
  ids: readonly string[],
): Promise<ReferenceManufacturerRow[]> {
  if (ids.length === 0) return [];
  const makers = await db
    .select()
    .from(firearmManufacturers)
    .where(inArray(firearmManufacturers.id, [...ids]));
  const models = await modelRows(db, { manufacturerIds: ids });
  const byId = new Map(makers.map((maker) => [maker.id, maker]));
  return ids.flatMap((id) => {
    const maker = byId.get(id);
    if (!maker) return [];
    const own = models.filter((model) => model.manufacturerId === id);
    return [
      {
        id: maker.id,
        name: maker.name,
        aliases: maker.aliases,
        active: maker.active,
        listingCount: own.reduce((sum, model) => sum + model.listingCount, 0),
        models: own,
      },
    ];
  });
}

/** A name or alias of the row holds the keyword. */
const namedLike = (name: SQL, aliases: SQL, like: string): SQL =>
  sql`(${name} ilike ${like} or exists (select 1 from unnest(${aliases}) as alias where alias ilike ${like}))`;

/**
 * GET /pprAdmin/firearm-reference: a page of manufacturers in name order, those whose name or alias,
 * or one of whose models' or variants' names or aliases, holds the keyword; each with all of its
 * models and variants, deactivated ones too.
 */
export async function searchReference(
  db: Database,
  query: z.output<typeof referenceSearchQuerySchema>,
): Promise<ReferenceSearchResponse> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_REFERENCE_PAGE_SIZE;
  let condition: SQL | undefined;
  if (query.keyword) {
    const like = containing(query.keyword);
    condition = sql`(${namedLike(sql`f.name`, sql`f.aliases`, like)}
      or exists (select 1 from firearm_models m where m.manufacturer_id = f.id and (
        ${namedLike(sql`m.name`, sql`m.aliases`, like)} or (f.name || ' ' || m.name) ilike ${like}
        or exists (select 1 from firearm_variants v where v.model_id = m.id
          and ${namedLike(sql`coalesce(v.name, '')`, sql`v.aliases`, like)}))))`;
  }
  const where = condition ? sql`where ${condition}` : sql``;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () =>
        queryRows<{ total: number }>(
          db,
          sql`select count(*)::int as total from firearm_manufacturers f ${where}`,
        ),
      rows: ({ limit, offset }) =>
        queryRows<{ id: string }>(
          db,
          sql`select f.id from firearm_manufacturers f ${where}
            order by lower(f.name), f.id limit ${limit} offset ${offset}`,
        ),
    },
  );
  return {
    ...found,
    results: await manufacturerRows(
      db,
      found.results.map((row) => row.id),
    ),
    version: await referenceVersion(db),
  };
}

export async function caliberRows(
  db: DbExecutor,
  condition: SQL | undefined,
): Promise<ReferenceCaliberRow[]> {
  const rows = await db
    .select({
      id: firearmCalibers.id,
      name: firearmCalibers.name,
      aliases: firearmCalibers.aliases,
      active: firearmCalibers.active,
      variantCount: sql<number>`(select count(*)::int from firearm_variant_calibers c where c.caliber_id = ${firearmCalibers.id})`,
    })
    .from(firearmCalibers)
    .where(condition)
    .orderBy(sql`lower(${firearmCalibers.name})`, asc(firearmCalibers.id));
  return rows;
}

/** GET /pprAdmin/firearm-reference/calibers: every caliber (a reference holds a few hundred at most). */
export async function listCalibers(
  db: Database,
  query: z.output<typeof referenceCalibersQuerySchema>,
): Promise<ReferenceCalibersResponse> {
  const condition = query.keyword
    ? namedLike(sql`${firearmCalibers.name}`, sql`${firearmCalibers.aliases}`, containing(query.keyword))
    : undefined;
  return { results: await caliberRows(db, condition) };
}
