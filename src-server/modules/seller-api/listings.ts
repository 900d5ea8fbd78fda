import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { ListingLifecycleMessage } from '../../../shared/contract/listings.ts';
import {
  type SellerApiListing,
  SellerApiListingStatus,
  type SellerApiListingsResponse,
} from '../../../shared/contract/seller-api.ts';
import type { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import {
  isListingFrozen,
  isListingListed,
  ListingOption,
  listingSaleState,
  STAFF_LISTING_OPTIONS,
} from '../../../shared/domain/listing.ts';
import type { Database } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { listings } from '../../db/schema.ts';
import type { SellerApiClient } from '../../http/auth-context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assertAuctionMayEnd, refreshSuggestionTermsOf } from '../listings/index.ts';

/** Another seller's listing is answered as an unknown one: the API never shows it exists. */
const NO_LISTING = 'No listing of yours with that id.';

const columns = {
  id: listings.id,
  sellerStockNumber: listings.sellerStockNumber,
  title: listings.title,
  description: listings.description,
  familyId: listings.familyId,
  condition: listings.condition,
  price: listings.price,
  quantity: listings.quantity,
  upc: listings.upc,
  manufacturer: listings.manufacturer,
  model: listings.model,
  caliber: listings.caliber,
  shippingCost: listings.shippingCost,
  deliveryDays: listings.deliveryDays,
  excludedShipToStates: listings.excludedShipToStates,
  isActive: listings.isActive,
  isSold: listings.isSold,
  listingOptions: listings.listingOptions,
  listingStartDate: listings.listingStartDate,
  listingEndDate: listings.listingEndDate,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
};

type Row = Pick<typeof listings.$inferSelect, keyof typeof columns>;

function toApiListing(row: Row, now: Date): SellerApiListing {
  const frozen = isListingFrozen(row.listingOptions);
  return {
    id: row.id,
    stockNumber: row.sellerStockNumber,
    title: row.title,
    description: row.description,
    familyId: row.familyId as CategoryFamilyId,
    condition: row.condition,
    price: row.price,
    quantity: row.quantity,
    upc: row.upc,
    manufacturer: row.manufacturer,
    model: row.model,
    caliber: row.caliber,
    shippingCost: row.shippingCost,
    deliveryDays: row.deliveryDays,
    excludedShipToStates: row.excludedShipToStates,
    // Offered (in stock or not), by the sale rule every selling path uses.
    isActive: isListingListed(listingSaleState(row, now)),
    isSold: row.isSold,
    isFrozen: frozen,
    isManualEntry: hasFlag(row.listingOptions, ListingOption.ManualEntry),
    listingStartDate: row.listingStartDate.toISOString(),
    listingEndDate: row.listingEndDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The listings of one status (`active`: offered now, as `isActive` reads; `closed`: closed, ended or
 * frozen by staff, unsold).
 */
function statusCondition(status: SellerApiListingStatus): SQL | undefined {
  const offered = sql`${listings.isActive} and (${listings.listingOptions} & ${STAFF_LISTING_OPTIONS}) = 0
    and (${listings.listingEndDate} is null or ${listings.listingEndDate} > now())`;
  switch (status) {
    case SellerApiListingStatus.Active:
      return sql`(${offered} and not ${listings.isSold})`;
    case SellerApiListingStatus.Closed:
      return sql`(not (${offered}) and not ${listings.isSold})`;
    case SellerApiListingStatus.Sold:
      return eq(listings.isSold, true);
    default:
      return undefined;
  }
}

/**
 * GET /seller/v1/listings: the seller's own listings, newest first, optionally those of one stock
 * number (compared without regard to case).
 */
export async function listOwnListings(
  db: Database,
  client: SellerApiClient,
  query: { stockNumber?: string | undefined; status: SellerApiListingStatus; page: number; pageSize: number },
): Promise<SellerApiListingsResponse> {
  const where = and(
    eq(listings.userId, client.sellerId),
    // Stock numbers match without regard to case, as inventory writes match them.
    query.stockNumber === undefined
      ? undefined
      : sql`lower(${listings.sellerStockNumber}) = lower(${query.stockNumber})`,
    statusCondition(query.status),
  );
  const found = await pagedRead(query, {
    count: () => db.select({ total: sql<number>`count(*)::int` }).from(listings).where(where),
    rows: ({ limit, offset }) =>
      db
        .select(columns)
        .from(listings)
        .where(where)
        .orderBy(desc(listings.listingStartDate), desc(listings.id))
        .limit(limit)
        .offset(offset),
  });
  const now = new Date();
  return { ...found, results: found.results.map((row) => toApiListing(row, now)) };
}

/** GET /seller/v1/listings/{id}: one of the seller's own listings; another seller's answers 404. */
export async function ownListing(
  db: Database,
  client: SellerApiClient,
  id: string,
): Promise<SellerApiListing> {
  const [row] = await db
    .select(columns)
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, client.sellerId)))
    .limit(1);
  if (!row) throw notFound(NO_LISTING);
  return toApiListing(row, new Date());
}

/**
 * POST /seller/v1/listings/{id}/close: ends one of the seller's own listings now, as closing it on
 * the site does (a frozen listing may be closed; a sold one may not).
 */
export async function closeOwnListing(db: Database, client: SellerApiClient, id: string) {
  await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        isSold: listings.isSold,
        manufacturer: listings.manufacturer,
        model: listings.model,
        caliber: listings.caliber,
      })
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.userId, client.sellerId)))
      .for('update')
      .limit(1);
    if (!listing) throw notFound(NO_LISTING);
    if (listing.isSold) throw conflict(ListingLifecycleMessage.SoldClose);
    // The site's rule: an auction with bids is not ended early by its seller.
    await assertAuctionMayEnd(tx, id, false);
    await tx.update(listings).set({ isActive: false, updatedAt: new Date() }).where(eq(listings.id, id));
    await refreshSuggestionTermsOf(tx, [listing]);
  });
  return { success: true as const };
}
