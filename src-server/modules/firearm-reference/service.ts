import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import type {
  caliberChangeSchema,
  manufacturerChangeSchema,
  modelChangeSchema,
  newCaliberSchema,
  newManufacturerSchema,
  newModelSchema,
  newVariantSchema,
  ReferenceCaliberRow,
  ReferenceManufacturerRow,
  ReferenceModelRow,
  ReferencePartName,
  ReferenceVariantRow,
  variantChangeSchema,
} from '../../../shared/contract/firearm-reference.ts';
import { firearmKey } from '../../../shared/domain/firearm-text.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import {
  firearmCalibers,
  firearmManufacturers,
  firearmModels,
  firearmVariantCalibers,
  firearmVariants,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { caliberRows, listingCounts, manufacturerRows, modelRows, variantRows } from './read.ts';

/*
 * Staff edits of the firearms reference (migration 0039, `active` 0041). Every write runs in one
 * transaction with its audit entry; the reference tables' statement triggers move the reference
 * version in that transaction, so once it commits every server (each reads the version before it
 * reads a text, src-server/core/firearm-reference.ts) rebuilds its index. Nothing here keeps state
 * in the process.
 */

export const REFERENCE_MESSAGES = {
  notFound: {
    manufacturer: 'No manufacturer of the reference has that id.',
    model: 'No model of the reference has that id.',
    variant: 'No variant of the reference has that id.',
    caliber: 'No caliber of the reference has that id.',
  },
  taken: {
    manufacturer: 'A manufacturer of that name is already in the reference.',
    model: 'This manufacturer already has a model of that name.',
    variant: 'This model already has a variant of that name.',
    caliber: 'A caliber of that name is already in the reference.',
  },
  unknownCaliber: 'No caliber of the reference has that id.',
  inUse: (part: ReferencePartName, listings: number, sales: number, variants = 0) => {
    const what = [
      listings > 0 ? `${listings} listing${listings === 1 ? ' was' : 's were'} identified as it` : '',
      sales > 0 ? `${sales} completed sale${sales === 1 ? ' is' : 's are'} counted for it` : '',
      variants > 0 ? `${variants} variant${variants === 1 ? ' is' : 's are'} chambered in it` : '',
    ].filter(Boolean);
    return `This ${part} cannot be removed: ${what.join(', and ')}. Deactivate it instead: identification then leaves it out, and what names it is kept.`;
  },
  lastVariant:
    'A model keeps at least one variant: its texts are read through them. Remove or deactivate the model instead.',
} as const;

/** The aliases as kept: without one the reader keys like the record's own name. */
function keptAliases(name: string | null, aliases: readonly string[]): string[] {
  const own = name === null ? '' : firearmKey(name);
  return aliases.filter((alias) => firearmKey(alias) !== own);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/**
 * Runs one edit and its audit entry in a transaction; a name another record of the part already has
 * answers 409 with the part's message.
 */
export async function edit<T>(
  db: Database,
  part: ReferencePartName,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REFERENCE_MESSAGES.taken[part]);
    throw error;
  }
}

/** The record as the audit log keeps it: which part, and its fields. */
export const audited = (part: ReferencePartName, row: object): Record<string, unknown> => ({ part, ...row });

/** Refuses caliber ids the reference does not have (400, naming the field). */
async function assertCalibers(tx: DbExecutor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: firearmCalibers.id })
    .from(firearmCalibers)
    .where(inArray(firearmCalibers.id, [...ids]));
  if (found.length !== ids.length) {
    throw badRequest(REFERENCE_MESSAGES.unknownCaliber, { caliberIds: REFERENCE_MESSAGES.unknownCaliber });
  }
}

async function chamber(tx: DbExecutor, variantId: string, caliberIds: readonly string[]): Promise<void> {
  await assertCalibers(tx, caliberIds);
  await tx.delete(firearmVariantCalibers).where(eq(firearmVariantCalibers.variantId, variantId));
  if (caliberIds.length > 0) {
    await tx.insert(firearmVariantCalibers).values(caliberIds.map((caliberId) => ({ variantId, caliberId })));
  }
}

async function lockedRow<T>(rows: Promise<T[]>, part: ReferencePartName): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound(REFERENCE_MESSAGES.notFound[part]);
  return row;
}

export const lockManufacturer = (tx: DbExecutor, id: string) =>
  lockedRow(
    tx.select().from(firearmManufacturers).where(eq(firearmManufacturers.id, id)).for('update'),
    'manufacturer',
  );
export const lockModel = (tx: DbExecutor, id: string) =>
  lockedRow(tx.select().from(firearmModels).where(eq(firearmModels.id, id)).for('update'), 'model');
export const lockVariant = (tx: DbExecutor, id: string) =>
  lockedRow(tx.select().from(firearmVariants).where(eq(firearmVariants.id, id)).for('update'), 'variant');
export const lockCaliber = (tx: DbExecutor, id: string) =>
  lockedRow(tx.select().from(firearmCalibers).where(eq(firearmCalibers.id, id)).for('update'), 'caliber');

export const caliberIdsOf = async (tx: DbExecutor, variantId: string) =>
  (
    await tx
      .select({ id: firearmVariantCalibers.caliberId })
      .from(firearmVariantCalibers)
      .where(eq(firearmVariantCalibers.variantId, variantId))
  )
    .map((row) => row.id)
    .sort();

// Manufacturers --------------------------------------------------------------------------------

export async function addManufacturer(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newManufacturerSchema>,
): Promise<ReferenceManufacturerRow> {
  return edit(db, 'manufacturer', async (tx) => {
    const [row] = await tx
      .insert(firearmManufacturers)
      .values({ name: body.name, aliases: keptAliases(body.name, body.aliases) })
      .returning();
    if (!row) throw new Error('The manufacturer was not written');
    await audit(tx, actor, AdminAuditAction.AddFirearmReference, null, null, audited('manufacturer', row));
    return { ...row, listingCount: 0, models: [] };
  });
}

export async function editManufacturer(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof manufacturerChangeSchema>,
): Promise<ReferenceManufacturerRow> {
  return edit(db, 'manufacturer', async (tx) => {
    const before = await lockManufacturer(tx, id);
    const name = change.name ?? before.name;
    const [after] = await tx
      .update(firearmManufacturers)
      .set({
        name,
        aliases: keptAliases(name, change.aliases ?? before.aliases),
        active: change.active ?? before.active,
      })
      .where(eq(firearmManufacturers.id, id))
      .returning();
    if (!after) throw notFound(REFERENCE_MESSAGES.notFound.manufacturer);
    await audit(
      tx,
      actor,
      AdminAuditAction.EditFirearmReference,
      null,
      audited('manufacturer', before),
      audited('manufacturer', after),
    );
    const [row] = await manufacturerRows(tx, [id]);
    if (!row) throw notFound(REFERENCE_MESSAGES.notFound.manufacturer);
    return row;
  });
}

// Models ---------------------------------------------------------------------------------------

export async function addModel(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newModelSchema>,
): Promise<ReferenceModelRow> {
  return edit(db, 'model', async (tx) => {
    await lockManufacturer(tx, body.manufacturerId);
    const [model] = await tx
      .insert(firearmModels)
      .values({
        manufacturerId: body.manufacturerId,
        name: body.name,
        aliases: keptAliases(body.name, body.aliases),
        familyId: body.familyId,
      })
      .returning();
    if (!model) throw new Error('The model was not written');
    // A model is read through its variants: a new one starts with its plain variant.
    const [variant] = await tx
      .insert(firearmVariants)
      .values({ modelId: model.id, name: null, aliases: [] })
      .returning();
    if (!variant) throw new Error('The variant was not written');
    await chamber(tx, variant.id, body.caliberIds);
    await audit(
      tx,
      actor,
      AdminAuditAction.AddFirearmReference,
      null,
      null,
      audited('model', { ...model, caliberIds: body.caliberIds }),
    );
    const [row] = await modelRows(tx, { ids: [model.id] });
    if (!row) throw new Error('The model was not written');
    return row;
  });
}

export async function editModel(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof modelChangeSchema>,
): Promise<ReferenceModelRow> {
  return edit(db, 'model', async (tx) => {
    const before = await lockModel(tx, id);
    const name = change.name ?? before.name;
    const [after] = await tx
      .update(firearmModels)
      .set({
        name,
        aliases: keptAliases(name, change.aliases ?? before.aliases),
        familyId: change.familyId ?? before.familyId,
        active: change.active ?? before.active,
      })
      .where(eq(firearmModels.id, id))
      .returning();
    if (!after) throw notFound(REFERENCE_MESSAGES.notFound.model);
    await audit(
      tx,
      actor,
      AdminAuditAction.EditFirearmReference,
      null,
      audited('model', before),
      audited('model', after),
    );
    const [row] = await modelRows(tx, { ids: [id] });
    if (!row) throw notFound(REFERENCE_MESSAGES.notFound.model);
    return row;
  });
}

// Variants -------------------------------------------------------------------------------------

export async function addVariant(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newVariantSchema>,
): Promise<ReferenceVariantRow> {
  return edit(db, 'variant', async (tx) => {
    await lockModel(tx, body.modelId);
    const [variant] = await tx
      .insert(firearmVariants)
      .values({
        modelId: body.modelId,
        name: body.name,
        aliases: keptAliases(body.name, body.aliases),
        familyId: body.familyId,
        barrelInches: body.barrelInches,
      })
      .returning();
    if (!variant) throw new Error('The variant was not written');
    await chamber(tx, variant.id, body.caliberIds);
    await audit(
      tx,
      actor,
      AdminAuditAction.AddFirearmReference,
      null,
      null,
      audited('variant', { ...variant, caliberIds: body.caliberIds }),
    );
    const [row] = await variantRows(tx, { ids: [variant.id] }, new Map());
    if (!row) throw new Error('The variant was not written');
    return row;
  });
}

export async function editVariant(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof variantChangeSchema>,
): Promise<ReferenceVariantRow> {
  return edit(db, 'variant', async (tx) => {
    const before = await lockVariant(tx, id);
    const caliberIdsBefore = await caliberIdsOf(tx, id);
    const name = change.name === undefined ? before.name : change.name;
    const [after] = await tx
      .update(firearmVariants)
      .set({
        name,
        aliases: keptAliases(name, change.aliases ?? before.aliases),
        familyId: change.familyId === undefined ? before.familyId : change.familyId,
        barrelInches: change.barrelInches === undefined ? before.barrelInches : change.barrelInches,
        active: change.active ?? before.active,
      })
      .where(eq(firearmVariants.id, id))
      .returning();
    if (!after) throw notFound(REFERENCE_MESSAGES.notFound.variant);
    if (change.caliberIds) await chamber(tx, id, change.caliberIds);
    await audit(
      tx,
      actor,
      AdminAuditAction.EditFirearmReference,
      null,
      audited('variant', { ...before, caliberIds: caliberIdsBefore }),
      audited('variant', { ...after, caliberIds: change.caliberIds ?? caliberIdsBefore }),
    );
    const counts = await listingCounts(tx, [after.modelId]);
    const [row] = await variantRows(tx, { ids: [id] }, counts.byVariant);
    if (!row) throw notFound(REFERENCE_MESSAGES.notFound.variant);
    return row;
  });
}

// Calibers -------------------------------------------------------------------------------------

export async function addCaliber(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newCaliberSchema>,
): Promise<ReferenceCaliberRow> {
  return edit(db, 'caliber', async (tx) => {
    const [row] = await tx
      .insert(firearmCalibers)
      .values({ name: body.name, aliases: keptAliases(body.name, body.aliases) })
      .returning();
    if (!row) throw new Error('The caliber was not written');
    await audit(tx, actor, AdminAuditAction.AddFirearmReference, null, null, audited('caliber', row));
    return { ...row, variantCount: 0 };
  });
}

export async function editCaliber(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof caliberChangeSchema>,
): Promise<ReferenceCaliberRow> {
  return edit(db, 'caliber', async (tx) => {
    const before = await lockCaliber(tx, id);
    const name = change.name ?? before.name;
    const [after] = await tx
      .update(firearmCalibers)
      .set({
        name,
        aliases: keptAliases(name, change.aliases ?? before.aliases),
        active: change.active ?? before.active,
      })
      .where(eq(firearmCalibers.id, id))
      .returning();
    if (!after) throw notFound(REFERENCE_MESSAGES.notFound.caliber);
    await audit(
      tx,
      actor,
      AdminAuditAction.EditFirearmReference,
      null,
      audited('caliber', before),
      audited('caliber', after),
    );
    const [row] = await caliberRows(tx, eq(firearmCalibers.id, id));
    if (!row) throw notFound(REFERENCE_MESSAGES.notFound.caliber);
    return row;
  });
}
