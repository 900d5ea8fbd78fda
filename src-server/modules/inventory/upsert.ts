import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FirearmIndex } from '../../../shared/domain/firearm-index.ts';
import type { InventoryItem } from '../../../shared/domain/inventory.ts';
import { isListingFrozen, ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { firearmIndex, identifyListings } from '../../core/firearm-reference.ts';
import { listingRoom } from '../../core/plan-limits.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { liveCheckoutOf } from '../billing/index.ts';
import {
  auctionWindow,
  createAuctions,
  hasReadableText,
  type NewAuction,
  refreshSuggestionTermsOf,
  type SuggestionFields,
  sanitizeDescription,
} from '../listings/index.ts';
import { findZipCentroid } from '../location/index.ts';
import { listedPrice, reviseAuctions, saleFactsOf } from './inventory-auctions.ts';

export type InventorySource =
  | { kind: 'bulk'; uploadId: string }
  | { kind: 'feed'; feedId: string; distributorId: string | null }
  | { kind: 'api'; credentialId: string };

export interface UpsertOutcome {
  /** Position of the item in the call's list. */
  index: number;
  stockNumber: string;
  result: 'created' | 'updated' | 'unchanged' | 'skipped';
  listingId: string | null;
  /**
   * Why an item was skipped (a listing entered on the site, a frozen or sold listing, an auction
   * rule the edit breaks).
   */
  reason?: string;
}

export const InventorySkipReason = {
  ManualEntry: 'This listing was entered or edited on the site; feeds and the API leave it as it is.',
  Frozen: 'This listing is frozen and cannot be changed. Contact support about it.',
  Sold: 'This listing is sold; list the item again under another stock number.',
  Duplicate: 'This stock number is already in this batch.',
} as const;

export interface UpsertOptions {
  /**
   * When given, the suggestion-term fields the write touched are added here instead of being
   * recounted in this transaction; the caller recounts them (`refreshSuggestionTermsOf`) once for
   * many batches. A long import then avoids recounting the same terms over the growing catalogue
   * in every batch.
   */
  deferSuggestionTerms?: SuggestionFields[];
  /**
   * The firearms reference the written listings' identities are read with, as the caller read it
   * before its transaction (`firearmIndex(db)`: kept in memory per database, one version check).
   * Left out, it is read inside the transaction, which rebuilds it: a transaction is a database
   * handle of its own to the in-memory cache.
   */
  reference?: FirearmIndex;
}

/** Listing writes of one seller's inventory take turns, so two uploads or feeds never create one stock number twice. */
const INVENTORY_LOCK = 7_301_015;

type ExistingRow = {
  manufacturer: string | null;
  model: string | null;
  caliber: string | null;
  id: string;
  key: string;
  inventory_hash: string | null;
  listing_options: number;
  is_sold: boolean;
  listing_type: number;
  /** The listing is an auction (it has an auction's row). */
  auction: boolean;
  offered: boolean;
  /** On sale now: counted toward the seller's plan limit. */
  counted: boolean;
  inventory_source: string | null;
};

/** The hash of everything an inventory item writes: the same item again changes nothing. */
export function inventoryHash(item: InventoryItem): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        item.stockNumber,
        item.upc ?? null,
        item.title,
        item.familyId,
        item.manufacturer ?? null,
        item.model ?? null,
        item.caliber ?? null,
        item.condition,
        listedPrice(item),
        item.quantity,
        item.description,
        item.imageUrls,
        item.shippingCost,
        item.deliveryDays,
        item.excludedShipToStates,
        // A fixed-price item hashes as before auctions came to inventory.
        ...(item.auction ? [item.auction] : []),
      ]),
    )
    .digest('base64url');
}

const pgTextArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The stored description: sanitized like the listing form's, the title when nothing readable is left. */
function storedDescription(item: InventoryItem): string {
  const description = sanitizeDescription(item.description);
  // Text without markup or entities is readable as it is; only markup needs the second look.
  const readable = /[<&]/.test(description) ? hasReadableText(description) : description !== '';
  return readable ? description : sanitizeDescription(item.title);
}

/**
 * Upserts by (seller, seller stock number, case-insensitive) inside the caller's transaction; meant
 * for batches of up to about 1000 items: one lookup, one multi-row insert and one multi-row update
 * whatever the batch size. Unchanged items (same content hash, still offered) write nothing. The
 * keyword copy, its postings and the catalogue version follow by their triggers; the suggestion
 * terms of the fields before and after are recounted here, as the listing form does, and each listing
 * written gets its identity (listing_identities) from `options.reference`. An auction item
 * is listed as the listing form lists one (its auction's row beside it, its end its auction's); an
 * item of an existing auction is refused when the form would refuse the edit (an auction with bids
 * keeps its prices; a listing never changes to or from an auction), and never reopens it.
 */
export async function upsertInventory(
  tx: Transaction,
  sellerId: string,
  items: readonly InventoryItem[],
  source: InventorySource,
  options: UpsertOptions = {},
): Promise<UpsertOutcome[]> {
  if (items.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${INVENTORY_LOCK}, hashtext(${sellerId}))`);

  const keys = [...new Set(items.map((item) => item.stockNumber.toLowerCase()))];
  // One index probe per stock number (listings_user_stock_number_idx), the first listing made under
  // it. Written as a lateral lookup so the plan stays a probe per key while an import grows the
  // seller's listings faster than the table's statistics follow; a join of the keys against all of
  // the seller's listings costs more with every batch.
  const existingRows = await queryRows<ExistingRow>(
    tx,
    sql`select l.id, k.key, l.inventory_hash, l.listing_options, l.is_sold, l.inventory_source, l.listing_type,
        exists (select 1 from auctions a where a.listing_id = l.id) as auction,
        (l.is_active and (l.listing_end_date is null or l.listing_end_date > now())) as offered,
        (l.is_active and not l.is_sold and l.quantity > 0) as counted,
        l.manufacturer, l.model, l.caliber
      from json_array_elements_text(${JSON.stringify(keys)}::json) as k(key)
      cross join lateral (
        select * from listings l
        where l.user_id = ${sellerId} and l.seller_stock_number is not null
          and lower(l.seller_stock_number) = k.key
        order by l.created_at, l.id
        limit 1
      ) l`,
  );
  const existingByKey = new Map(existingRows.map((row) => [row.key, row]));

  const outcomes: UpsertOutcome[] = [];
  const toCreate: { index: number; item: InventoryItem; hash: string }[] = [];
  const toUpdate: { index: number; item: InventoryItem; hash: string; row: ExistingRow; price?: number }[] =
    [];
  const seen = new Set<string>();
  const automated = source.kind !== 'bulk';
  items.forEach((item, index) => {
    const key = item.stockNumber.toLowerCase();
    const outcome: UpsertOutcome = {
      index,
      stockNumber: item.stockNumber,
      result: 'skipped',
      listingId: null,
    };
    outcomes.push(outcome);
    if (seen.has(key)) {
      outcome.reason = InventorySkipReason.Duplicate;
      return;
    }
    seen.add(key);
    const row = existingByKey.get(key);
    const hash = inventoryHash(item);
    if (!row) {
      toCreate.push({ index, item, hash });
      return;
    }
    outcome.listingId = row.id;
    if (row.is_sold) outcome.reason = InventorySkipReason.Sold;
    else if (isListingFrozen(row.listing_options)) outcome.reason = InventorySkipReason.Frozen;
    else if (
      automated &&
      ((row.listing_options & ListingOption.ManualEntry) !== 0 || row.inventory_source === null)
    ) {
      outcome.reason = InventorySkipReason.ManualEntry;
    } else if (row.inventory_hash === hash && (row.offered || row.auction)) {
      // An auction that ended or was closed stays so: it runs again only when relisted on the site.
      outcome.result = 'unchanged';
    } else toUpdate.push({ index, item, hash, row });
  });

  await keepWithinListingLimit(tx, sellerId, outcomes, toCreate, toUpdate);
  // New auctions open and close by this clock, as the listing form's do by the server's.
  const now = new Date();
  for (const [index, reason] of await reviseAuctions(tx, toUpdate, now)) {
    const outcome = outcomes[index];
    if (outcome) outcome.reason = reason;
  }

  const sourceId =
    source.kind === 'bulk' ? source.uploadId : source.kind === 'feed' ? source.feedId : source.credentialId;
  const distributorId = source.kind === 'feed' ? source.distributorId : null;
  const fields = (item: InventoryItem, hash: string, price = listedPrice(item)) => ({
    title: item.title,
    description: storedDescription(item),
    manufacturer: item.manufacturer ?? null,
    model: item.model ?? null,
    caliber: item.caliber ?? null,
    condition: item.condition,
    quantity: item.quantity,
    price,
    upc: item.upc ?? null,
    stock: item.stockNumber,
    family_id: item.familyId,
    shipping_cost: item.shippingCost,
    delivery_days: item.deliveryDays,
    excluded: pgTextArray([...new Set(item.excludedShipToStates)]),
    hash,
    listing_type: item.auction ? ListingType.Auction : ListingType.National,
    auction: item.auction !== undefined,
  });
  const RECORD_COLUMNS = sql`title text, description text, manufacturer text, model text, caliber text,
    condition text, quantity int, price numeric, upc text, stock text, family_id smallint,
    shipping_cost numeric, delivery_days smallint, excluded text, hash text, listing_type smallint,
    auction boolean`;

  const imageWrites: { listingId: string; urls: readonly string[] }[] = [];
  if (toCreate.length > 0) {
    const seller = await sellerDefaults(tx, sellerId);
    const options = source.kind === 'bulk' ? ListingOption.BulkUploadItem : ListingOption.None;
    // A new auction's listing runs from its start to its end, as the listing form lists one.
    const windows = new Map(
      toCreate.flatMap(({ item }) =>
        item.auction
          ? [[item.stockNumber.toLowerCase(), auctionWindow(saleFactsOf(item), now)] as const]
          : [],
      ),
    );
    const created = await queryRows<{ id: string; key: string }>(
      tx,
      sql`insert into listings (user_id, title, description, manufacturer, model, caliber, condition, quantity,
          price, upc, seller_stock_number, family_id, listing_type, listing_options, accepted_payment_methods,
          live_checkout_enabled, shipping_cost, delivery_days, excluded_ship_to_states, zip_code, city, state,
          latitude, longitude, distributor_id, inventory_source, inventory_source_id, inventory_hash,
          thumbnail_picture, is_active, is_sold, listing_start_date, listing_end_date, created_at, updated_at)
        select ${sellerId}, x.title, x.description, x.manufacturer, x.model, x.caliber, x.condition, x.quantity,
          x.price, x.upc, x.stock, x.family_id, x.listing_type, ${options}, ${seller.paymentMethods},
          ${seller.liveCheckout}, x.shipping_cost, x.delivery_days, x.excluded::text[], ${seller.zip},
          ${seller.city}, ${seller.state}, ${seller.latitude}, ${seller.longitude}, ${distributorId}::uuid,
          ${source.kind}, ${sourceId}::uuid, x.hash, case when x.upc is not null then 'catalog' end,
          true, false, coalesce(x.starts_at, now()), x.ends_at, now(), now()
        from json_to_recordset(${JSON.stringify(
          toCreate.map(({ item, hash }) => {
            const window = windows.get(item.stockNumber.toLowerCase());
            return {
              ...fields(item, hash),
              starts_at: window?.startsAt ?? null,
              ends_at: window?.endsAt ?? null,
            };
          }),
        )}::json)
          as x(${RECORD_COLUMNS}, starts_at timestamptz, ends_at timestamptz)
        returning id, lower(seller_stock_number) as key`,
    );
    const idByKey = new Map(created.map((row) => [row.key, row.id]));
    const newAuctions: NewAuction[] = [];
    for (const { index, item } of toCreate) {
      const outcome = outcomes[index];
      const id = idByKey.get(item.stockNumber.toLowerCase());
      if (!outcome || !id) throw new Error('An inserted inventory listing was not returned');
      outcome.result = 'created';
      outcome.listingId = id;
      if (item.imageUrls.length > 0) imageWrites.push({ listingId: id, urls: item.imageUrls });
      const window = windows.get(item.stockNumber.toLowerCase());
      if (window) newAuctions.push({ listingId: id, input: saleFactsOf(item), window });
    }
    await createAuctions(tx, newAuctions, now);
  }

  if (toUpdate.length > 0) {
    const bulkFlag = source.kind === 'bulk' ? ListingOption.BulkUploadItem : ListingOption.None;
    await tx.execute(sql`update listings l set
        title = x.title, description = x.description, manufacturer = x.manufacturer, model = x.model,
        caliber = x.caliber, condition = x.condition, quantity = x.quantity, price = x.price, upc = x.upc,
        family_id = x.family_id, shipping_cost = x.shipping_cost, delivery_days = x.delivery_days,
        excluded_ship_to_states = x.excluded::text[], inventory_hash = x.hash, listing_type = x.listing_type,
        listing_options = l.listing_options | ${bulkFlag},
        inventory_source = ${source.kind}, inventory_source_id = ${sourceId}::uuid,
        distributor_id = ${source.kind === 'feed' ? sql`${distributorId}::uuid` : sql`l.distributor_id`},
        -- An auction keeps its times and state; a fixed-price listing is offered again.
        listing_start_date = case when x.auction
            or (l.is_active and (l.listing_end_date is null or l.listing_end_date > now()))
          then l.listing_start_date else now() end,
        is_active = case when x.auction then l.is_active else true end,
        listing_end_date = case when x.auction then l.listing_end_date end,
        thumbnail_picture = coalesce(
          (select i.src from listing_images i where i.listing_id = l.id order by i.position, i.id limit 1),
          case when x.upc is not null then 'catalog' end),
        updated_at = now()
      from json_to_recordset(${JSON.stringify(
        toUpdate.map(({ item, hash, row, price }) => ({ id: row.id, ...fields(item, hash, price) })),
      )}::json) as x(id uuid, ${RECORD_COLUMNS})
      where l.id = x.id`);
    for (const { index, item, row } of toUpdate) {
      const outcome = outcomes[index];
      if (outcome) outcome.result = 'updated';
      imageWrites.push({ listingId: row.id, urls: item.imageUrls });
    }
  }

  await writeImageSources(tx, imageWrites);
  // Each listing written gets its identity now, as a listing saved with the form does; an edit reads
  // it again. One read of the reference for the whole batch, then one multi-row upsert.
  const written = [
    ...toCreate.map(({ index, item }) => ({ id: outcomes[index]?.listingId ?? null, item })),
    ...toUpdate.map(({ item, row }) => ({ id: row.id, item })),
  ].flatMap(({ id, item }) =>
    id === null
      ? []
      : [
          {
            id,
            title: item.title,
            manufacturer: item.manufacturer ?? null,
            model: item.model ?? null,
            caliber: item.caliber ?? null,
            familyId: item.familyId,
          },
        ],
  );
  if (written.length > 0) {
    await identifyListings(tx, written, options.reference ?? (await firearmIndex(tx)));
  }
  const touched: SuggestionFields[] = [];
  for (const { item } of toCreate) touched.push(suggestionFieldsOf(item));
  for (const { item, row } of toUpdate) touched.push(row, suggestionFieldsOf(item));
  if (options.deferSuggestionTerms) options.deferSuggestionTerms.push(...touched);
  else await refreshSuggestionTermsOf(tx, touched);
  return outcomes;
}

/**
 * The seller's plan limit, as on the listing form: items that would put one more listing on sale
 * (a new one in stock, or a closed or sold-out one offered again) beyond the plan's room are skipped
 * with the plan's message, in the order given; the others are written.
 */
async function keepWithinListingLimit(
  tx: Transaction,
  sellerId: string,
  outcomes: UpsertOutcome[],
  toCreate: { index: number; item: InventoryItem }[],
  toUpdate: { index: number; item: InventoryItem; row: ExistingRow }[],
): Promise<void> {
  const opening = [
    ...toCreate.filter(({ item }) => item.quantity > 0),
    ...toUpdate.filter(({ item, row }) => item.quantity > 0 && !row.counted),
  ]
    .map(({ index }) => index)
    .sort((a, b) => a - b);
  if (opening.length === 0) return;
  const [seller] = await queryRows<{ roles: string[] }>(
    tx,
    sql`select roles from users where id = ${sellerId}`,
  );
  const { room, message } = await listingRoom(tx, sellerId, seller?.roles ?? []);
  if (room === null || opening.length <= room) return;
  const refused = new Set(opening.slice(room));
  for (const index of refused) {
    const outcome = outcomes[index];
    if (outcome) outcome.reason = message;
  }
  const dropRefused = <T extends { index: number }>(list: T[]) => {
    const left = list.filter(({ index }) => !refused.has(index));
    list.splice(0, list.length, ...left);
  };
  dropRefused(toCreate);
  dropRefused(toUpdate);
}

const suggestionFieldsOf = (item: InventoryItem): SuggestionFields => ({
  manufacturer: item.manufacturer ?? null,
  model: item.model ?? null,
  caliber: item.caliber ?? null,
});

interface SellerDefaults {
  zip: string;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  paymentMethods: number;
  liveCheckout: boolean;
}

/** Where new listings of the seller are and how they are paid: the seller's address and payment setup. */
async function sellerDefaults(tx: Transaction, sellerId: string): Promise<SellerDefaults> {
  const [user] = await queryRows<{ zip: string | null; accepted_payment_methods: number }>(
    tx,
    sql`select zip, accepted_payment_methods from users where id = ${sellerId}`,
  );
  if (!user) throw new Error('The seller of an inventory write does not exist');
  const zip = (user.zip ?? '').trim().slice(0, 5);
  const place = zip ? await findZipCentroid(tx, zip) : null;
  return {
    zip: place?.zip ?? zip,
    city: place?.city ?? null,
    state: place?.state ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    paymentMethods: user.accepted_payment_methods,
    liveCheckout: await liveCheckoutOf(tx, sellerId),
  };
}

/**
 * Records the photo links of written listings for the image job: a link at a position that changed
 * is fetched again, positions past the new list are dropped. An item without links keeps the
 * listing's photos and drops its pending links.
 */
async function writeImageSources(
  tx: Transaction,
  writes: readonly { listingId: string; urls: readonly string[] }[],
): Promise<void> {
  if (writes.length === 0) return;
  const rows = writes.flatMap(({ listingId, urls }) =>
    urls.map((url, position) => ({ listing_id: listingId, position, url })),
  );
  const counts = writes.map(({ listingId, urls }) => ({ listing_id: listingId, n: urls.length }));
  await tx.execute(sql`delete from listing_image_sources s
    using json_to_recordset(${JSON.stringify(counts)}::json) as c(listing_id uuid, n int)
    where s.listing_id = c.listing_id and s.position >= c.n`);
  if (rows.length === 0) return;
  await tx.execute(sql`insert into listing_image_sources (listing_id, position, url)
    select listing_id, position, url
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(listing_id uuid, position smallint, url text)
    on conflict (listing_id, position) do update set url = excluded.url, status = 'pending', attempts = 0,
      image_id = null, error = null, lease_until = null, updated_at = now()
    where listing_image_sources.url <> excluded.url`);
}

/**
 * Closes the seller's offered listings from this feed whose stock numbers are not in `present`
 * (compared case-insensitively); listings edited on the site (ManualEntry) stay. Returns how many.
 */
export async function closeMissingFeedListings(
  tx: Transaction,
  sellerId: string,
  feedId: string,
  present: ReadonlySet<string>,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVENTORY_LOCK}, hashtext(${sellerId}))`);
  const keys = JSON.stringify([...present].map((stock) => stock.toLowerCase()));
  const closed = await queryRows<{
    id: string;
    manufacturer: string | null;
    model: string | null;
    caliber: string | null;
  }>(
    tx,
    sql`update listings l set is_active = false, updated_at = now()
      where l.user_id = ${sellerId} and l.inventory_source = 'feed' and l.inventory_source_id = ${feedId}::uuid
        and l.is_active and not l.is_sold and (l.listing_options & ${ListingOption.ManualEntry}) = 0
        -- An auction with bids cannot be ended early, as on the site.
        and not exists (select 1 from auctions a where a.listing_id = l.id and a.bid_count > 0)
        and l.seller_stock_number is not null
        and lower(l.seller_stock_number) not in (select json_array_elements_text(${keys}::json))
      returning l.id, l.manufacturer, l.model, l.caliber`,
  );
  if (closed.length > 0) await refreshSuggestionTermsOf(tx, closed);
  return closed.length;
}
