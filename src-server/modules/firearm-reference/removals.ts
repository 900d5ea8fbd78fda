import { eq, type SQL, sql } from 'drizzle-orm';
import type { ReferencePartName } from '../../../shared/contract/firearm-reference.ts';
import type { AdminActor } from '../../core/audit-log.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { firearmModels, firearmVariants } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { auditChange, caliberIdsOf, deleteRecord, edit, lock, REFERENCE_MESSAGES } from './service.ts';

/**
 * What still names a record: listings identified as it (listing_identities) and completed sales
 * counted for it (completed_sales, the valuations' history). Either makes a removal unsafe: the
 * foreign keys would set them to null and the history of the record would be lost. Refuses the
 * removal (409) while anything, variants chambered in a caliber too, names the record.
 */
async function assertUnused(
  tx: DbExecutor,
  part: ReferencePartName,
  listingsWhere: SQL,
  salesWhere: SQL | null,
  variants = 0,
): Promise<void> {
  const [row] = await queryRows<{ listings: number; sales: number }>(
    tx,
    sql`select (select count(*)::int from listing_identities i where ${listingsWhere}) as listings,
      ${salesWhere === null ? sql`0` : sql`(select count(*)::int from completed_sales s where ${salesWhere})`} as sales`,
  );
  const listings = row?.listings ?? 0;
  const sales = row?.sales ?? 0;
  if (listings + sales + variants > 0)
    throw conflict(REFERENCE_MESSAGES.inUse(part, listings, sales, variants));
}

/** Deletes the record (what it owns goes with it: the foreign keys cascade) and audits what it was. */
async function removeAudited(
  tx: DbExecutor,
  actor: AdminActor,
  part: ReferencePartName,
  id: string,
  before: object,
): Promise<{ success: true }> {
  await deleteRecord(tx, part, id);
  await auditChange(tx, actor, part, before, null);
  return { success: true };
}

export async function removeManufacturer(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'manufacturer', async (tx) => {
    const before = await lock(tx, 'manufacturer', id);
    await assertUnused(
      tx,
      'manufacturer',
      sql`i.model_id in (select m.id from firearm_models m where m.manufacturer_id = ${id})`,
      sql`s.manufacturer_id = ${id}`,
    );
    const models = await tx
      .select({ id: firearmModels.id, name: firearmModels.name })
      .from(firearmModels)
      .where(eq(firearmModels.manufacturerId, id));
    // Its models, their variants and calibers go with it.
    return removeAudited(tx, actor, 'manufacturer', id, {
      ...before,
      models: models.map((model) => model.name),
    });
  });
}

export async function removeModel(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'model', async (tx) => {
    const before = await lock(tx, 'model', id);
    await assertUnused(tx, 'model', sql`i.model_id = ${id}`, sql`s.model_id = ${id}`);
    const variants = await tx
      .select({ name: firearmVariants.name })
      .from(firearmVariants)
      .where(eq(firearmVariants.modelId, id));
    return removeAudited(tx, actor, 'model', id, {
      ...before,
      variants: variants.map((variant) => variant.name),
    });
  });
}

export async function removeVariant(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'variant', async (tx) => {
    const before = await lock(tx, 'variant', id);
    // The model's row is locked too, so two removals cannot leave it without a variant.
    await lock(tx, 'model', before.modelId);
    await assertUnused(
      tx,
      'variant',
      sql`i.model_id = ${before.modelId} and i.variant_id = ${id}`,
      sql`s.variant_id = ${id}`,
    );
    const [siblings] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from firearm_variants where model_id = ${before.modelId} and id <> ${id}`,
    );
    if ((siblings?.n ?? 0) === 0) throw conflict(REFERENCE_MESSAGES.lastVariant);
    const caliberIds = await caliberIdsOf(tx, id);
    return removeAudited(tx, actor, 'variant', id, { ...before, caliberIds });
  });
}

export async function removeCaliber(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'caliber', async (tx) => {
    const before = await lock(tx, 'caliber', id);
    const [chambered] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from firearm_variant_calibers where caliber_id = ${id}`,
    );
    // Listing identities have no index by caliber: this reads them all, once, for a rare staff action.
    await assertUnused(tx, 'caliber', sql`i.caliber_id = ${id}`, null, chambered?.n ?? 0);
    return removeAudited(tx, actor, 'caliber', id, before);
  });
}
