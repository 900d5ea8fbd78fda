import { eq, type SQL, sql } from 'drizzle-orm';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { firearmCalibers, firearmManufacturers, firearmModels, firearmVariants } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import {
  audited,
  caliberIdsOf,
  edit,
  lockCaliber,
  lockManufacturer,
  lockModel,
  lockVariant,
  REFERENCE_MESSAGES,
} from './service.ts';

/**
 * What still names a record: listings identified as it (listing_identities) and completed sales
 * counted for it (completed_sales, the valuations' history). Either makes a removal unsafe: the
 * foreign keys would set them to null and the history of the record would be lost.
 */
async function usesOf(
  tx: DbExecutor,
  listings: SQL,
  sales: SQL | null,
): Promise<{ listings: number; sales: number }> {
  const [row] = await queryRows<{ listings: number; sales: number }>(
    tx,
    sql`select (select count(*)::int from listing_identities i where ${listings}) as listings,
      ${sales === null ? sql`0` : sql`(select count(*)::int from completed_sales s where ${sales})`} as sales`,
  );
  return { listings: row?.listings ?? 0, sales: row?.sales ?? 0 };
}

const removed = { success: true as const };

export async function removeManufacturer(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'manufacturer', async (tx) => {
    const before = await lockManufacturer(tx, id);
    const uses = await usesOf(
      tx,
      sql`i.model_id in (select m.id from firearm_models m where m.manufacturer_id = ${id})`,
      sql`s.manufacturer_id = ${id}`,
    );
    if (uses.listings + uses.sales > 0)
      throw conflict(REFERENCE_MESSAGES.inUse('manufacturer', uses.listings, uses.sales));
    const models = await tx
      .select({ id: firearmModels.id, name: firearmModels.name })
      .from(firearmModels)
      .where(eq(firearmModels.manufacturerId, id));
    // Its models, their variants and calibers go with it (the foreign keys cascade).
    await tx.delete(firearmManufacturers).where(eq(firearmManufacturers.id, id));
    await audit(
      tx,
      actor,
      AdminAuditAction.RemoveFirearmReference,
      null,
      audited('manufacturer', { ...before, models: models.map((model) => model.name) }),
      null,
    );
    return removed;
  });
}

export async function removeModel(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'model', async (tx) => {
    const before = await lockModel(tx, id);
    const uses = await usesOf(tx, sql`i.model_id = ${id}`, sql`s.model_id = ${id}`);
    if (uses.listings + uses.sales > 0)
      throw conflict(REFERENCE_MESSAGES.inUse('model', uses.listings, uses.sales));
    const variants = await tx
      .select({ name: firearmVariants.name })
      .from(firearmVariants)
      .where(eq(firearmVariants.modelId, id));
    await tx.delete(firearmModels).where(eq(firearmModels.id, id));
    await audit(
      tx,
      actor,
      AdminAuditAction.RemoveFirearmReference,
      null,
      audited('model', { ...before, variants: variants.map((variant) => variant.name) }),
      null,
    );
    return removed;
  });
}

export async function removeVariant(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'variant', async (tx) => {
    const before = await lockVariant(tx, id);
    // The model's row is locked too, so two removals cannot leave it without a variant.
    await lockModel(tx, before.modelId);
    const uses = await usesOf(
      tx,
      sql`i.model_id = ${before.modelId} and i.variant_id = ${id}`,
      sql`s.variant_id = ${id}`,
    );
    if (uses.listings + uses.sales > 0)
      throw conflict(REFERENCE_MESSAGES.inUse('variant', uses.listings, uses.sales));
    const [siblings] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from firearm_variants where model_id = ${before.modelId} and id <> ${id}`,
    );
    if ((siblings?.n ?? 0) === 0) throw conflict(REFERENCE_MESSAGES.lastVariant);
    const caliberIds = await caliberIdsOf(tx, id);
    await tx.delete(firearmVariants).where(eq(firearmVariants.id, id));
    await audit(
      tx,
      actor,
      AdminAuditAction.RemoveFirearmReference,
      null,
      audited('variant', { ...before, caliberIds }),
      null,
    );
    return removed;
  });
}

export async function removeCaliber(db: Database, actor: AdminActor, id: string) {
  return edit(db, 'caliber', async (tx) => {
    const before = await lockCaliber(tx, id);
    // Listing identities have no index by caliber: this reads them all, once, for a rare staff action.
    const uses = await usesOf(tx, sql`i.caliber_id = ${id}`, null);
    const [chambered] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from firearm_variant_calibers where caliber_id = ${id}`,
    );
    const variants = chambered?.n ?? 0;
    if (uses.listings + variants > 0)
      throw conflict(REFERENCE_MESSAGES.inUse('caliber', uses.listings, 0, variants));
    await tx.delete(firearmCalibers).where(eq(firearmCalibers.id, id));
    await audit(tx, actor, AdminAuditAction.RemoveFirearmReference, null, audited('caliber', before), null);
    return removed;
  });
}
