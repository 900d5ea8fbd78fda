import { and, eq, sql } from 'drizzle-orm';
import {
  LISTING_TITLE_MAX,
  MAX_LISTING_IMAGES,
  type ParsedListingInput,
} from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { ListingLifecycleMessage } from '../../../shared/contract/listings.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../../shared/contract/users.ts';
import {
  isListingFrozen,
  ListingOption,
  ListingType,
  PAID_LISTING_OPTIONS,
  SELLER_LISTING_OPTIONS,
  STAFF_LISTING_OPTIONS,
  sellerListingOptions,
} from '../../../shared/domain/listing.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import { findUserById, type UserRow } from '../../core/accounts/users-repository.ts';
import { firearmIndex, identifyListings } from '../../core/firearm-reference.ts';
import { assertUnderListingLimit } from '../../core/plan-limits.ts';
import { type Database, queryRows, type Transaction } from '../../db/client.ts';
import { listingImages, listings } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { StoredImageFormat } from '../../files/images.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { chargeListingOptions, liveCheckoutOf } from '../billing/index.ts';
import { findZipCentroid } from '../location/index.ts';
import {
  applyAuctionEdit,
  assertAuctionMayEnd,
  auctionWindow,
  createAuctions,
  restartAuction,
} from './auction-terms.ts';
import { hasReadableText, sanitizeDescription } from './description.ts';
import { removePhotos, storePhotos } from './images.ts';
import { refreshSuggestionTermsOf, type SuggestionFields } from './search-indexes/suggestion-terms.ts';
import { listingById } from './service.ts';

/** What the listing write paths need. */
export interface ListingWriteDeps {
  db: Database;
  blobs: BlobStore;
  /** The server's clock (tests move it on); left out, the system clock. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A listing that came from a distributor feed or the seller API and is edited on the site is marked
 * ManualEntry: feeds and the API no longer change it (`modules/inventory/upsert.ts`).
 */
const MANUAL_ENTRY_OF_INVENTORY = sql`(case when ${listings.inventorySource} in ('feed', 'api') then ${ListingOption.ManualEntry} else 0 end)`;
const NO_LISTING = 'No listing with that id.';
const NOT_YOURS = 'You can only change your own listings.';

/** The columns the write rules read of an existing listing. */
interface OwnedListing extends SuggestionFields {
  id: string;
  userId: string;
  listingOptions: number;
  listingType: number;
  isSold: boolean;
  zipCode: string;
}

/**
 * A listing the caller may change: their own, or any for an Admin (the contract's `owner: 'listing'`).
 * Listings are public, so another seller's answers 403 rather than pretending it does not exist.
 */
async function ownedListing(
  db: Database | Transaction,
  auth: AuthContext,
  id: string,
): Promise<OwnedListing> {
  const [row] = await db
    .select({
      id: listings.id,
      userId: listings.userId,
      listingOptions: listings.listingOptions,
      listingType: listings.listingType,
      isSold: listings.isSold,
      zipCode: listings.zipCode,
      manufacturer: listings.manufacturer,
      model: listings.model,
      caliber: listings.caliber,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) throw notFound(NO_LISTING);
  if (row.userId !== auth.userId && !auth.isAdmin) throw forbidden(NOT_YOURS);
  return row;
}

/** 409 when a seller changes a listing staff froze; an Admin may, and closing stays open to the seller. */
function assertNotFrozenFor(auth: AuthContext, listingOptions: number): void {
  if (!auth.isAdmin && isListingFrozen(listingOptions)) throw conflict(ListingLifecycleMessage.FrozenChange);
}

/** 403 with the reason (NotSeller, NoPaymentSetup, AccountFrozen) when the account may not list now. */
function assertMayList(user: UserRow): void {
  const { reason } = listingEligibilityOf(user);
  if (reason)
    throw new AppError(403, 'forbidden', LISTING_INELIGIBILITY_MESSAGES[reason], { extra: { reason } });
}

async function requireAccount(db: Database, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('No such account.');
  return user;
}

/**
 * The account a write acts for: the listing's seller. A seller changing their own listing must be
 * allowed to list now; an Admin changing another seller's listing acts for them regardless.
 */
async function sellerFor(db: Database, auth: AuthContext, listing: OwnedListing | null): Promise<UserRow> {
  const seller = await requireAccount(db, listing?.userId ?? auth.userId);
  if (!listing || listing.userId === auth.userId || !auth.isAdmin) assertMayList(seller);
  return seller;
}

/**
 * POST /listings/add: creates a listing of the caller, or with `id` updates one of theirs (an
 * Admin: anyone's), adding the uploaded photos after its others. The description is sanitized, the
 * accepted payment methods default to the seller's, and the row, its photos and the suggestion terms
 * it touches are written in one transaction; the keyword copy, its postings and the catalogue version
 * follow by their triggers in the same transaction, so the listing is searchable at commit.
 */
export async function saveListing(
  deps: ListingWriteDeps,
  auth: AuthContext,
  input: ParsedListingInput,
  files: readonly UploadedFile[],
): Promise<ListingDetail> {
  const { db } = deps;
  const existing = input.id ? await ownedListing(db, auth, input.id) : null;
  if (existing) assertNotFrozenFor(auth, existing.listingOptions);
  const seller = await sellerFor(db, auth, existing);

  const description = sanitizeDescription(input.description);
  if (!hasReadableText(description)) {
    throw badRequest('The request is not valid.', { description: 'Describe the item in words.' });
  }
  const order = input.imageOrder ?? [];
  // Checked before the photos are decoded, and again under the listing's lock.
  if (existing) checkPhotos(await photoIdsOf(db, existing.id), files.length, order);
  else checkPhotos([], files.length, order);

  const zipCode = input.zipCode ?? existing?.zipCode ?? seller.zip;
  if (!zipCode) {
    throw badRequest('The request is not valid.', { zipCode: 'Enter the zip code where the item is.' });
  }
  const place = await findZipCentroid(db, zipCode);
  const liveCheckout = await liveCheckoutOf(db, seller.id);

  // Read outside the transaction: the reference is kept in memory per database.
  const reference = await firearmIndex(db);
  // Photos are decoded and stored before the transaction, which then only records them.
  const photos = await storePhotos(deps.blobs, files);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      let currentImages: string[] = [];
      let optionsBefore = 0;
      // A new listing must fit the seller's plan (the seller row is locked for the count).
      if (!existing) await assertUnderListingLimit(tx, seller.id, seller.roles);
      if (existing) {
        // Two saves of one listing take turns, so together they cannot pass the photo limit. The
        // photos are read by a statement after the lock: one statement sees the data of its start.
        const [locked] = await queryRows<{ listing_options: number }>(
          tx,
          sql`select listing_options from listings where id = ${existing.id} for update`,
        );
        if (!locked) throw notFound(NO_LISTING);
        assertNotFrozenFor(auth, locked.listing_options);
        optionsBefore = locked.listing_options;
        currentImages = await photoIdsOf(tx, existing.id);
        checkPhotos(currentImages, photos.length, order);
      }
      const now = deps.now?.() ?? new Date();
      // An auction's prices are fixed from its first bid; the row then keeps the current bid.
      const price = existing
        ? await applyAuctionEdit(tx, existing.id, existing.listingType, input, now)
        : input.price;
      const auctionTimes =
        !existing && input.listingType === ListingType.Auction ? auctionWindow(input, now) : null;
      const values = {
        title: input.title.slice(0, LISTING_TITLE_MAX),
        description,
        manufacturer: input.manufacturer || null,
        model: input.model || null,
        caliber: input.caliber || null,
        condition: input.condition,
        quantity: input.quantity,
        price,
        upc: input.upc ?? null,
        sku: input.sku || null,
        sellerStockNumber: input.sellerStockNumber || null,
        familyId: input.familyId,
        listingType: input.listingType,
        // An Admin sets any flag; a seller only the seller-settable ones, the rest (paid upsells,
        // fees, the freeze) kept as the row has them now, read under the lock.
        listingOptions: auth.isAdmin
          ? existing
            ? sql`${input.listingOptions} | ${MANUAL_ENTRY_OF_INVENTORY}`
            : input.listingOptions
          : existing
            ? sql`(${listings.listingOptions} & ${~SELLER_LISTING_OPTIONS}) | ${input.listingOptions & SELLER_LISTING_OPTIONS} | ${MANUAL_ENTRY_OF_INVENTORY}`
            : sellerListingOptions(input.listingOptions, 0),
        // The next inventory row for this stock number is applied in full, not taken as unchanged.
        inventoryHash: null,
        returnPolicy: input.returnPolicy,
        acceptedPaymentMethods: input.acceptedPaymentMethods ?? seller.acceptedPaymentMethods,
        liveCheckoutEnabled: liveCheckout,
        acceptsOffers: input.acceptsOffers,
        shippingCost: input.shippingCost,
        deliveryDays: input.deliveryDays,
        excludedShipToStates: [...new Set(input.excludedShipToStates)],
        magazineCapacity: input.magazineCapacity ?? null,
        zipCode: place?.zip ?? zipCode.slice(0, 5),
        city: place?.city ?? null,
        state: place?.state ?? null,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        updatedAt: now,
      };
      let listingId: string;
      if (existing) {
        await tx.update(listings).set(values).where(eq(listings.id, existing.id));
        listingId = existing.id;
      } else {
        const [created] = await tx
          .insert(listings)
          .values({
            ...values,
            userId: seller.id,
            isActive: true,
            isSold: false,
            listingStartDate: auctionTimes?.startsAt ?? now,
            listingEndDate: auctionTimes?.endsAt ?? new Date(now.getTime() + input.durationDays * DAY_MS),
            createdAt: now,
          })
          .returning({ id: listings.id });
        if (!created) throw new Error('The listing was not created');
        listingId = created.id;
        if (auctionTimes) await createAuctions(tx, [{ listingId, input, window: auctionTimes }], now);
      }
      if (photos.length > 0) {
        await tx.insert(listingImages).values(
          photos.map((photo, index) => ({
            id: photo.id,
            listingId,
            src: photo.src,
            width: photo.width,
            height: photo.height,
            position: currentImages.length + index,
            storedFormat: photo.format,
          })),
        );
      }
      const ordered = [
        ...order.map((imageId) => imageId.toLowerCase()),
        ...currentImages.filter((imageId) => !order.some((o) => o.toLowerCase() === imageId)),
        ...photos.map((photo) => photo.id),
      ];
      await placeImages(tx, listingId, ordered);
      // Paid options bought now: kept on the listing and charged to the seller in this transaction.
      const bought = input.paidOptions & PAID_LISTING_OPTIONS & ~optionsBefore;
      if (bought !== 0) {
        await tx
          .update(listings)
          .set({ listingOptions: sql`${listings.listingOptions} | ${bought}` })
          .where(eq(listings.id, listingId));
        await chargeListingOptions(tx, seller, listingId, input.title, bought, input.price, now);
      }
      await refreshSuggestionTermsOf(tx, existing ? [existing, values] : [values]);
      await identifyListings(tx, [{ id: listingId, ...values }], reference);
      return listingId;
    });
  } catch (error) {
    // Only a save that did not commit gives its photos up: a committed one's rows point at them.
    await removePhotos(deps.blobs, photos);
    throw error;
  }
  const saved = await listingById(db, id);
  if (!saved) throw new Error('The saved listing cannot be read');
  return saved;
}

/** The ids of a listing's photos, in their order. */
async function photoIdsOf(db: Database | Transaction, listingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: listingImages.id })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(listingImages.position, listingImages.id);
  return rows.map((row) => row.id);
}

/** 400 when the new photos would pass the limit or the asked order names a photo the listing lacks. */
function checkPhotos(current: readonly string[], added: number, order: readonly string[]): void {
  if (current.length + added > MAX_LISTING_IMAGES) throw badRequest(ListingLifecycleMessage.TooManyImages);
  const known = new Set(current);
  if (order.some((id) => !known.has(id.toLowerCase())) || new Set(order).size !== order.length) {
    throw badRequest('The request is not valid.', { imageOrder: ListingLifecycleMessage.UnknownImageOrder });
  }
}

/** Numbers the listing's photos in this order and makes the first one the card's picture. */
async function placeImages(tx: Transaction, listingId: string, ordered: readonly string[]): Promise<void> {
  if (ordered.length > 0) {
    await tx.execute(sql`update listing_images i set position = v.position
      from json_to_recordset(${JSON.stringify(ordered.map((id, position) => ({ id, position })))}::json)
        as v(id uuid, position smallint)
      where i.id = v.id and i.listing_id = ${listingId}`);
  }
  await tx.execute(sql`update listings l set thumbnail_picture = coalesce(
      (select i.src from listing_images i where i.listing_id = l.id order by i.position, i.id limit 1),
      case when l.upc is not null then 'catalog' end),
      updated_at = now()
    where l.id = ${listingId}`);
}

/** POST /listings/close/{id}: ends the listing now; it leaves search at once and can be relisted. */
export async function closeListing(deps: ListingWriteDeps, auth: AuthContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const listing = await ownedListing(tx, auth, id);
    if (listing.isSold) throw conflict(ListingLifecycleMessage.SoldClose);
    await assertAuctionMayEnd(tx, id, auth.isAdmin);
    await tx.update(listings).set({ isActive: false, updatedAt: new Date() }).where(eq(listings.id, id));
    await refreshSuggestionTermsOf(tx, [listing]);
  });
  return { success: true as const };
}

/**
 * POST /listings/relist/{id}: offers a closed or ended listing again for the default duration from
 * now. A listing frozen for fraud or non-payment stays down unless an Admin relists it (which lifts
 * the freeze); a sold one is listed anew instead. The seller must be allowed to list now.
 */
export async function relistListing(
  deps: ListingWriteDeps,
  auth: AuthContext,
  id: string,
  durationDays: number,
) {
  const { db } = deps;
  const listing = await ownedListing(db, auth, id);
  const byStaff = auth.isAdmin && listing.userId !== auth.userId;
  if (isListingFrozen(listing.listingOptions) && !auth.isAdmin) {
    throw conflict(ListingLifecycleMessage.FrozenRelist);
  }
  if (listing.isSold) throw conflict(ListingLifecycleMessage.SoldRelist);
  if (!byStaff) assertMayList(await requireAccount(db, listing.userId));
  await db.transaction(async (tx) => {
    const now = deps.now?.() ?? new Date();
    // An auction runs again from its starting bid, for as long as it ran.
    const auction = await restartAuction(tx, id, now);
    const relisted = await tx
      .update(listings)
      .set({
        isActive: true,
        listingStartDate: now,
        listingEndDate: auction?.endsAt ?? new Date(now.getTime() + durationDays * DAY_MS),
        ...(auction ? { price: auction.price } : {}),
        listingOptions: sql`${listings.listingOptions} & ${~STAFF_LISTING_OPTIONS}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(listings.id, id),
          eq(listings.isSold, false),
          // A freeze set since the check above holds: only an Admin's relist lifts it.
          auth.isAdmin ? undefined : sql`(${listings.listingOptions} & ${STAFF_LISTING_OPTIONS}) = 0`,
        ),
      )
      .returning({ id: listings.id });
    if (relisted.length === 0) {
      const current = await ownedListing(tx, auth, id);
      throw conflict(
        current.isSold ? ListingLifecycleMessage.SoldRelist : ListingLifecycleMessage.FrozenRelist,
      );
    }
    await refreshSuggestionTermsOf(tx, [listing]);
  });
  return { success: true as const, errorMessage: null };
}

/** DELETE /listings/delete/{id}: removes the listing, its photos and its search rows. */
export async function deleteListing(deps: ListingWriteDeps, auth: AuthContext, id: string) {
  const photos = await deps.db.transaction(async (tx) => {
    const listing = await ownedListing(tx, auth, id);
    assertNotFrozenFor(auth, listing.listingOptions);
    // A sold listing stays for its order's history; only an Admin removes one.
    if (listing.isSold && !auth.isAdmin) throw conflict(ListingLifecycleMessage.SoldDelete);
    await assertAuctionMayEnd(tx, id, auth.isAdmin);
    const images = await tx
      .select({ id: listingImages.id, format: listingImages.storedFormat })
      .from(listingImages)
      .where(eq(listingImages.listingId, id));
    await tx.delete(listings).where(eq(listings.id, id));
    await refreshSuggestionTermsOf(tx, [listing]);
    return images;
  });
  // After the commit: a failed transaction leaves every photo in place.
  await removePhotos(deps.blobs, photos);
  return { success: true as const };
}

/** DELETE /listings/delete-image/{id}: removes one photo of a listing; the next one becomes the main photo. */
export async function deleteListingImage(deps: ListingWriteDeps, auth: AuthContext, imageId: string) {
  const photo = await deps.db.transaction(async (tx) => {
    const [image] = await queryRows<{
      id: string;
      listing_id: string;
      stored_format: StoredImageFormat | null;
    }>(tx, sql`select id, listing_id, stored_format from listing_images where id = ${imageId}`);
    if (!image) throw notFound('No photo with that id.');
    const listing = await ownedListing(tx, auth, image.listing_id);
    assertNotFrozenFor(auth, listing.listingOptions);
    await tx.delete(listingImages).where(eq(listingImages.id, imageId));
    const rest = await tx
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(eq(listingImages.listingId, image.listing_id))
      .orderBy(listingImages.position, listingImages.id);
    await placeImages(
      tx,
      image.listing_id,
      rest.map((row) => row.id),
    );
    return { id: image.id, format: image.stored_format };
  });
  await removePhotos(deps.blobs, [photo]);
  return { success: true as const };
}
