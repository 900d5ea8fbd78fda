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

/** A new record's name and the aliases kept with it. */
const named = <Name extends string | null>(body: { name: Name; aliases: readonly string[] }) => ({
  name: body.name,
  aliases: keptAliases(body.name, body.aliases),
});

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

/** Each part's table; their statement triggers move the reference version with every write. */
const TABLES = {
  manufacturer: firearmManufacturers,
  model: firearmModels,
  variant: firearmVariants,
  caliber: firearmCalibers,
} as const;
type ReferenceTable = (typeof TABLES)[ReferencePartName];
type StoredRecord<P extends ReferencePartName> = (typeof TABLES)[P]['$inferSelect'];
type NewRecord<P extends ReferencePartName> = (typeof TABLES)[P]['$inferInsert'];

/**
 * Writes the audit entry of a staff change to one record: added when there is nothing before,
 * removed when there is nothing after, edited otherwise.
 */
export async function auditChange(
  tx: DbExecutor,
  actor: AdminActor,
  part: ReferencePartName,
  before: object | null,
  after: object | null,
): Promise<void> {
  const action =
    before === null
      ? AdminAuditAction.AddFirearmReference
      : after === null
        ? AdminAuditAction.RemoveFirearmReference
        : AdminAuditAction.EditFirearmReference;
  // The record as the audit log keeps it: which part, and its fields.
  const entry = (record: object | null) => (record === null ? null : { part, ...record });
  await audit(tx, actor, action, null, entry(before), entry(after));
}

/** The one record a statement answers; none is a 404 with the part's message. */
function theRecord<T>(rows: readonly T[], part: ReferencePartName): T {
  const [row] = rows;
  if (!row) throw notFound(REFERENCE_MESSAGES.notFound[part]);
  return row;
}

/** The record a statement has just written; none is a fault of the server, not of the request. */
function written<T>(rows: readonly T[], part: ReferencePartName): T {
  const [row] = rows;
  if (!row) throw new Error(`The ${part} was not written`);
  return row;
}

// The part names the table, and so the record's type: drizzle cannot follow that through the
// union of the four tables, hence the casts below.

/** Locks one record of the part for the rest of the transaction (404 when there is none). */
export async function lock<P extends ReferencePartName>(
  tx: DbExecutor,
  part: P,
  id: string,
): Promise<StoredRecord<P>> {
  const table: ReferenceTable = TABLES[part];
  const rows = await tx.select().from(table).where(eq(table.id, id)).for('update');
  return theRecord(rows as StoredRecord<P>[], part);
}

async function insertRecord<P extends ReferencePartName>(
  tx: DbExecutor,
  part: P,
  values: NewRecord<P>,
): Promise<StoredRecord<P>> {
  const table: ReferenceTable = TABLES[part];
  const rows = await tx
    .insert(table)
    .values(values as never)
    .returning();
  return written(rows as StoredRecord<P>[], part);
}

async function updateRecord<P extends ReferencePartName>(
  tx: DbExecutor,
  part: P,
  id: string,
  values: Partial<NewRecord<P>>,
): Promise<StoredRecord<P>> {
  const table: ReferenceTable = TABLES[part];
  const rows = await tx
    .update(table)
    .set(values as never)
    .where(eq(table.id, id))
    .returning();
  return theRecord(rows as StoredRecord<P>[], part);
}

/** Removes one record of the part; what it owns goes with it (the foreign keys cascade). */
export async function deleteRecord(tx: DbExecutor, part: ReferencePartName, id: string): Promise<void> {
  const table: ReferenceTable = TABLES[part];
  await tx.delete(table).where(eq(table.id, id));
}

/** The name, aliases and active flag a change leaves a record with. */
function namedFields<Name extends string | null>(
  before: { name: Name; aliases: string[]; active: boolean },
  change: { name?: Name; aliases?: string[] | undefined; active?: boolean | undefined },
) {
  const name = change.name === undefined ? before.name : change.name;
  return {
    name,
    aliases: keptAliases(name, change.aliases ?? before.aliases),
    active: change.active ?? before.active,
  };
}

/**
 * A staff edit of one record: locks it, writes what `change` makes of it and audits it before and
 * after, then answers it as the console reads it (`read`).
 */
function editRecord<P extends ReferencePartName, Row>(
  db: Database,
  actor: AdminActor,
  part: P,
  id: string,
  change: (before: StoredRecord<P>) => Partial<NewRecord<P>>,
  read: (tx: Transaction) => Promise<Row[]>,
): Promise<Row> {
  return edit(db, part, async (tx) => {
    const before = await lock(tx, part, id);
    const after = await updateRecord(tx, part, id, change(before));
    await auditChange(tx, actor, part, before, after);
    return theRecord(await read(tx), part);
  });
}

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

export const caliberIdsOf = async (tx: DbExecutor, variantId: string) =>
  (
    await tx
      .select({ id: firearmVariantCalibers.caliberId })
      .from(firearmVariantCalibers)
      .where(eq(firearmVariantCalibers.variantId, variantId))
  )
    .map((row) => row.id)
    .sort();

/** A manufacturer or a caliber: a name and its aliases. */
function addNamed<P extends 'manufacturer' | 'caliber'>(
  db: Database,
  actor: AdminActor,
  part: P,
  body: z.output<typeof newManufacturerSchema>,
): Promise<StoredRecord<P>> {
  return edit(db, part, async (tx) => {
    const row = await insertRecord(tx, part, named(body));
    await auditChange(tx, actor, part, null, row);
    return row;
  });
}

// Manufacturers --------------------------------------------------------------------------------

export async function addManufacturer(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newManufacturerSchema>,
): Promise<ReferenceManufacturerRow> {
  return { ...(await addNamed(db, actor, 'manufacturer', body)), listingCount: 0, models: [] };
}

export function editManufacturer(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof manufacturerChangeSchema>,
): Promise<ReferenceManufacturerRow> {
  return editRecord(
    db,
    actor,
    'manufacturer',
    id,
    (before) => namedFields(before, change),
    (tx) => manufacturerRows(tx, [id]),
  );
}

// Models ---------------------------------------------------------------------------------------

export async function addModel(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newModelSchema>,
): Promise<ReferenceModelRow> {
  return edit(db, 'model', async (tx) => {
    await lock(tx, 'manufacturer', body.manufacturerId);
    const model = await insertRecord(tx, 'model', {
      ...named(body),
      manufacturerId: body.manufacturerId,
      familyId: body.familyId,
    });
    // A model is read through its variants: a new one starts with its plain variant.
    const variant = await insertRecord(tx, 'variant', { modelId: model.id, name: null, aliases: [] });
    await chamber(tx, variant.id, body.caliberIds);
    await auditChange(tx, actor, 'model', null, { ...model, caliberIds: body.caliberIds });
    return written(await modelRows(tx, { ids: [model.id] }), 'model');
  });
}

export function editModel(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof modelChangeSchema>,
): Promise<ReferenceModelRow> {
  return editRecord(
    db,
    actor,
    'model',
    id,
    (before) => ({ ...namedFields(before, change), familyId: change.familyId ?? before.familyId }),
    (tx) => modelRows(tx, { ids: [id] }),
  );
}

// Variants -------------------------------------------------------------------------------------

export async function addVariant(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newVariantSchema>,
): Promise<ReferenceVariantRow> {
  return edit(db, 'variant', async (tx) => {
    await lock(tx, 'model', body.modelId);
    const variant = await insertRecord(tx, 'variant', {
      ...named(body),
      modelId: body.modelId,
      familyId: body.familyId,
      barrelInches: body.barrelInches,
    });
    await chamber(tx, variant.id, body.caliberIds);
    await auditChange(tx, actor, 'variant', null, { ...variant, caliberIds: body.caliberIds });
    return written(await variantRows(tx, { ids: [variant.id] }, new Map()), 'variant');
  });
}

export async function editVariant(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof variantChangeSchema>,
): Promise<ReferenceVariantRow> {
  return edit(db, 'variant', async (tx) => {
    const before = await lock(tx, 'variant', id);
    const caliberIdsBefore = await caliberIdsOf(tx, id);
    const after = await updateRecord(tx, 'variant', id, {
      ...namedFields(before, change),
      familyId: change.familyId === undefined ? before.familyId : change.familyId,
      barrelInches: change.barrelInches === undefined ? before.barrelInches : change.barrelInches,
    });
    if (change.caliberIds) await chamber(tx, id, change.caliberIds);
    await auditChange(
      tx,
      actor,
      'variant',
      { ...before, caliberIds: caliberIdsBefore },
      { ...after, caliberIds: change.caliberIds ?? caliberIdsBefore },
    );
    const counts = await listingCounts(tx, [after.modelId]);
    return theRecord(await variantRows(tx, { ids: [id] }, counts.byVariant), 'variant');
  });
}

// Calibers -------------------------------------------------------------------------------------

export async function addCaliber(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof newCaliberSchema>,
): Promise<ReferenceCaliberRow> {
  return { ...(await addNamed(db, actor, 'caliber', body)), variantCount: 0 };
}

export function editCaliber(
  db: Database,
  actor: AdminActor,
  id: string,
  change: z.output<typeof caliberChangeSchema>,
): Promise<ReferenceCaliberRow> {
  return editRecord(
    db,
    actor,
    'caliber',
    id,
    (before) => namedFields(before, change),
    (tx) => caliberRows(tx, eq(firearmCalibers.id, id)),
  );
}
