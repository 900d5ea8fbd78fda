import {
  type InventoryBatchResponse,
  type InventoryCounts,
  type InventoryOutcome,
  inventoryItemSchema,
  type ParsedInventoryItem,
} from '../../../shared/contract/seller-api.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../../shared/contract/users.ts';
import type { InventoryItem } from '../../../shared/domain/inventory.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import { findUserById } from '../../core/accounts/users-repository.ts';
import { firearmIndex } from '../../core/firearm-reference.ts';
import type { Database } from '../../db/client.ts';
import type { SellerApiClient } from '../../http/auth-context.ts';
import { AppError, fieldsFromZod, notFound } from '../../http/errors.ts';
import { upsertInventory } from '../inventory/index.ts';

/** The engine's item from the API's: optional texts left out when absent, an auction with its terms. */
function toInventoryItem(parsed: ParsedInventoryItem): InventoryItem {
  const item: InventoryItem = {
    stockNumber: parsed.stockNumber,
    title: parsed.title,
    familyId: parsed.familyId,
    condition: parsed.condition,
    price: parsed.price,
    quantity: parsed.quantity,
    description: parsed.description,
    imageUrls: [...new Set(parsed.imageUrls)],
    shippingCost: parsed.shippingCost,
    deliveryDays: parsed.deliveryDays,
    excludedShipToStates: [...new Set(parsed.excludedShipToStates)],
  };
  if (parsed.upc !== undefined) item.upc = parsed.upc;
  if (parsed.manufacturer) item.manufacturer = parsed.manufacturer;
  if (parsed.model) item.model = parsed.model;
  if (parsed.caliber) item.caliber = parsed.caliber;
  if (parsed.mapPrice !== undefined) item.mapPrice = parsed.mapPrice;
  if (parsed.listingType === ListingType.Auction) {
    const { reservePrice, buyNowPrice, startsAt } = parsed.auction ?? {};
    item.auction = {
      durationDays: parsed.durationDays ?? 0,
      ...(reservePrice === undefined ? {} : { reservePrice }),
      ...(buyNowPrice === undefined ? {} : { buyNowPrice }),
      ...(startsAt === undefined ? {} : { startsAt }),
    };
  }
  return item;
}

/**
 * The seller must be allowed to list now (a seller role, payment set up, not frozen), as for the
 * listing form: 403 with the reason otherwise.
 */
async function assertSellerMayList(db: Database, sellerId: string): Promise<void> {
  const seller = await findUserById(db, sellerId);
  if (!seller) throw notFound('No such account.');
  const { reason } = listingEligibilityOf(seller);
  if (reason) {
    throw new AppError(403, 'forbidden', LISTING_INELIGIBILITY_MESSAGES[reason], { extra: { reason } });
  }
}

/** Writes the valid items in one transaction, answering each item's outcome in request order. */
async function upsertItems(
  db: Database,
  client: SellerApiClient,
  checked: readonly ({ item: InventoryItem } | { failed: InventoryOutcome })[],
): Promise<InventoryOutcome[]> {
  await assertSellerMayList(db, client.sellerId);
  const valid = checked.flatMap((entry, index) => ('item' in entry ? [{ index, item: entry.item }] : []));
  // The reference the written listings' identities are read with, read outside the transaction.
  const reference = await firearmIndex(db);
  const written = await db.transaction((tx) =>
    upsertInventory(
      tx,
      client.sellerId,
      valid.map((entry) => entry.item),
      { kind: 'api', credentialId: client.credentialId },
      { reference },
    ),
  );
  const outcomes: InventoryOutcome[] = checked.map((entry, index) =>
    'failed' in entry
      ? entry.failed
      : { index, stockNumber: entry.item.stockNumber, result: 'skipped', listingId: null },
  );
  written.forEach((outcome, position) => {
    const at = valid[position]?.index;
    if (at === undefined) return;
    outcomes[at] = {
      index: at,
      stockNumber: outcome.stockNumber,
      result: outcome.result,
      listingId: outcome.listingId,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    };
  });
  return outcomes;
}

/** PUT /seller/v1/inventory/{stockNumber}: creates or updates the listing of one stock number. */
export async function upsertOne(
  db: Database,
  client: SellerApiClient,
  stockNumber: string,
  body: Omit<ParsedInventoryItem, 'stockNumber'>,
): Promise<InventoryOutcome> {
  const [outcome] = await upsertItems(db, client, [{ item: toInventoryItem({ ...body, stockNumber }) }]);
  if (!outcome) throw new Error('The inventory write answered no outcome');
  return outcome;
}

const stockNumberOf = (raw: Record<string, unknown>): string | null =>
  typeof raw.stockNumber === 'string' ? raw.stockNumber.trim().slice(0, 200) || null : null;

/**
 * POST /seller/v1/inventory: each item checked on its own with the item rules; the valid ones are
 * written together in one transaction, the others answered `failed` with their field messages.
 */
export async function upsertBatch(
  db: Database,
  client: SellerApiClient,
  items: readonly Record<string, unknown>[],
): Promise<InventoryBatchResponse> {
  const checked = items.map((raw, index) => {
    const parsed = inventoryItemSchema.safeParse(raw);
    if (parsed.success) return { item: toInventoryItem(parsed.data) };
    const failed: InventoryOutcome = {
      index,
      stockNumber: stockNumberOf(raw),
      result: 'failed',
      listingId: null,
      reason: 'The item is not valid.',
      fields: fieldsFromZod(parsed.error),
    };
    return { failed };
  });
  const results = await upsertItems(db, client, checked);
  const counts: InventoryCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const outcome of results) counts[outcome.result] += 1;
  return { results, counts };
}
