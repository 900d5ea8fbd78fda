import { type SQL, sql } from 'drizzle-orm';
import type { ListingCard, ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import type { SellerListing } from '../../../shared/contract/seller-listings.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { htmlToText } from '../../../shared/domain/html-text.ts';
import {
  type Condition,
  ListingType,
  type ReturnPolicy,
  STAFF_LISTING_OPTIONS,
} from '../../../shared/domain/listing.ts';
import { shortenText } from '../../../shared/domain/metadata.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { heldUnitsOf } from '../../core/reservations.ts';
import { sanitizeDescription } from './description.ts';

/**
 * A listing is offered (listed in the catalogue) while it is active, unsold, not frozen by staff
 * and not past its end date: `listingSaleState` of shared/domain/listing.ts in SQL, less the
 * stock (`ON_SALE` adds it). The freeze mask is written as a constant so the planner can match the
 * partial indexes that carry the same predicate.
 */
export const OFFERED = sql`l.is_active and not l.is_sold
  and (l.listing_options & ${sql.raw(String(STAFF_LISTING_OPTIONS))}) = 0
  and (l.listing_end_date is null or l.listing_end_date > now())`;

/**
 * OFFERED as the keyword copy (`listing_search`) and its postings read it: `offered_until` folds
 * active, unsold, unfrozen and the end date (SQL function `listing_search_row`). `now` is a
 * parameter, not a call per row.
 */
export function offeredInCopy(alias: 'l' | 'k' | 'x', now: SQL): SQL {
  return sql`${sql.raw(alias)}.offered_until > ${now}`;
}

/** A listing can be bought now: offered, with units left. */
export const ON_SALE = sql`${OFFERED} and l.quantity > 0`;

/** Card fields `toCard` computes rather than reads. */
export const CARD_COMPUTED_FIELDS = [
  'displayPrice',
  'family',
  'listingURL',
  'fav',
  'distanceMiles',
] as const satisfies readonly (keyof ListingCard)[];
export type CardComputedField = (typeof CARD_COMPUTED_FIELDS)[number];

/**
 * The card's auction, read only for a listing of type Auction (by the auction's key): when it ends,
 * or ended if closed before its end (staff, a sale), its bids and whether it sold.
 */
export const CARD_AUCTION_JSON: SQL = sql`case when l.listing_type = ${sql.raw(String(ListingType.Auction))} then (
    select json_build_object('endsAt', least(a.ends_at, coalesce(a.ended_at, a.ends_at)),
      'bidCount', a.bid_count, 'sold', a.outcome is not distinct from 'sold')
    from auctions a where a.listing_id = l.id) end`;

/**
 * Card fields as one JSON object, from `listings l join users u`. With CARD_COMPUTED_FIELDS its
 * keys are the contract's seller listing (a card plus its lifecycle fields): `cards.test.ts`.
 */
export const CARD_JSON: SQL = sql`json_build_object(
  'id', l.id, 'userId', l.user_id, 'title', l.title, 'price', l.price,
  'thumbnailPicture', l.thumbnail_picture, 'upc', l.upc, 'sku', l.sku,
  'sellerStockNumber', l.seller_stock_number,
  'displayName', coalesce(u.seller_display_name, u.first_name || ' ' || u.last_name),
  'totalCompletedSales', u.total_completed_sales, 'deliveryDays', l.delivery_days,
  'liveCheckoutEnabled', l.live_checkout_enabled, 'familyId', l.family_id,
  'listingType', l.listing_type, 'listingOptions', l.listing_options, 'condition', l.condition,
  'rating', u.rating, 'description', left(l.description, 400),
  'legacyId', l.legacy_id, 'listingNumber', l.listing_number,
  'quantity', l.quantity, 'isActive', l.is_active, 'isSold', l.is_sold,
  'listingStartDate', l.listing_start_date, 'listingEndDate', l.listing_end_date,
  'auction', ${CARD_AUCTION_JSON})`;

/** The JSON object CARD_JSON builds. */
export interface CardJson {
  id: string;
  userId: string;
  title: string;
  price: number | string;
  thumbnailPicture: string | null;
  upc: string | null;
  sku: string | null;
  sellerStockNumber: string | null;
  displayName: string;
  totalCompletedSales: number;
  deliveryDays: number;
  liveCheckoutEnabled: boolean;
  familyId: number;
  listingType: number;
  listingOptions: number;
  condition: Condition;
  rating: number | null;
  description: string;
  legacyId: number | null;
  listingNumber: number | string;
  quantity: number;
  isActive: boolean;
  isSold: boolean;
  listingStartDate: string;
  listingEndDate: string | null;
  auction: { endsAt: string; bidCount: number; sold: boolean } | null;
}

const toMoney = (value: number | string) => Math.round(Number(value) * 100) / 100;
/** Timestamps in JSON come as PostgreSQL text ('2026-11-21T08:59:12.123+00:00'); answer ISO 8601 UTC. */
export const toIso = (value: string | Date) => new Date(value).toISOString();
const clampRating = (value: number | null) =>
  value === null ? null : Math.min(5, Math.max(0, Math.round(Number(value) * 10) / 10));

export function toCard(row: CardJson, distanceMiles?: number | null): ListingCard {
  const family = familyById(row.familyId);
  if (!family) throw new Error(`Listing ${row.id} has an unknown family ${row.familyId}`);
  const price = toMoney(row.price);
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    displayPrice: price,
    price,
    thumbnailPicture: row.thumbnailPicture,
    upc: row.upc,
    sku: row.sku,
    sellerStockNumber: row.sellerStockNumber,
    displayName: row.displayName,
    totalCompletedSales: Math.max(0, row.totalCompletedSales),
    deliveryDays: Math.max(0, row.deliveryDays),
    liveCheckoutEnabled: row.liveCheckoutEnabled,
    family: family.key,
    familyId: family.id,
    listingURL: listingPath(row.id, row.title),
    listingType: row.listingType as ListingType,
    listingOptions: row.listingOptions,
    condition: row.condition,
    rating: clampRating(row.rating),
    // Favorites arrive with their own module; until then no card is a favorite.
    fav: false,
    description: shortenText(htmlToText(row.description), 200),
    quantity: Math.max(0, row.quantity),
    auction: row.auction && { ...row.auction, endsAt: toIso(row.auction.endsAt) },
    ...(distanceMiles === undefined || distanceMiles === null
      ? {}
      : { distanceMiles: Math.round(distanceMiles * 10) / 10 }),
  };
}

export function toSellerListing(row: CardJson): SellerListing {
  return {
    ...toCard(row),
    legacyId: row.legacyId,
    listingNumber: Number(row.listingNumber),
    isActive: row.isActive,
    isSold: row.isSold,
    listingStartDate: toIso(row.listingStartDate),
    listingEndDate: row.listingEndDate ? toIso(row.listingEndDate) : null,
  };
}

/** A detail row: every listing column, the seller and the images. */
export interface DetailRow {
  id: string;
  legacy_id: number | string | null;
  listing_number: number | string;
  user_id: string;
  title: string;
  description: string;
  manufacturer: string | null;
  model: string | null;
  caliber: string | null;
  condition: Condition;
  quantity: number;
  /** Units others may buy: the quantity less what accepted offers hold. */
  available: number;
  price: number | string;
  upc: string | null;
  sku: string | null;
  seller_stock_number: string | null;
  family_id: number;
  listing_type: number;
  listing_options: number;
  return_policy: number;
  accepted_payment_methods: number;
  live_checkout_enabled: boolean;
  accepts_offers: boolean;
  shipping_cost: number | string;
  delivery_days: number;
  is_active: boolean;
  is_sold: boolean;
  listing_start_date: string | Date;
  listing_end_date: string | Date | null;
  zip_code: string;
  city: string | null;
  state: string | null;
  excluded_ship_to_states: string[];
  magazine_capacity: number | null;
  thumbnail_picture: string | null;
  seller_name: string;
  seller_is_dealer: boolean;
  seller_city: string | null;
  seller_state: string | null;
  seller_sales: number;
  seller_rating: number | null;
  images: { id: string; src: string; width: number | null; height: number | null }[] | null;
  [key: string]: unknown;
}

export const DETAIL_SELECT: SQL = sql`
  select l.id, l.legacy_id, l.listing_number, l.user_id, l.title, l.description, l.manufacturer,
    l.model, l.caliber,
    l.condition, l.quantity, greatest(l.quantity - ${heldUnitsOf(sql`l.id`)}, 0) as available,
    l.price::float8 as price, l.upc, l.sku, l.seller_stock_number, l.family_id,
    l.listing_type, l.listing_options, l.return_policy, l.accepted_payment_methods,
    l.live_checkout_enabled, l.accepts_offers, l.shipping_cost::float8 as shipping_cost, l.delivery_days, l.is_active,
    l.is_sold, l.listing_start_date, l.listing_end_date, l.zip_code, l.city, l.state,
    l.excluded_ship_to_states, l.magazine_capacity, l.thumbnail_picture,
    coalesce(u.seller_display_name, u.first_name || ' ' || u.last_name) as seller_name,
    u.is_dealer as seller_is_dealer, u.city as seller_city, u.state as seller_state,
    u.total_completed_sales as seller_sales, u.rating as seller_rating,
    (select json_agg(json_build_object('id', i.id, 'src', i.src, 'width', i.width, 'height', i.height)
       order by i.position, i.id)
       from listing_images i where i.listing_id = l.id) as images
  from listings l join users u on u.id = l.user_id`;

/** Sanitized descriptions by their stored text: a listing is read far more often than written. */
const sanitizedByStored = new Map<string, string>();
const SANITIZED_KEPT = 1000;

function sanitizedDescription(stored: string): string {
  let clean = sanitizedByStored.get(stored);
  if (clean === undefined) {
    clean = sanitizeDescription(stored);
    if (sanitizedByStored.size >= SANITIZED_KEPT) sanitizedByStored.clear();
    sanitizedByStored.set(stored, clean);
  }
  return clean;
}

const stateOrNull = (value: string | null) => (value && /^[A-Z]{2}$/.test(value) ? value : null);

export function toDetail(row: DetailRow): ListingDetail {
  const family = familyById(row.family_id);
  if (!family) throw new Error(`Listing ${row.id} has an unknown family ${row.family_id}`);
  const price = toMoney(row.price);
  const images = (row.images ?? []).map((image) => ({
    id: image.id,
    src: image.src,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
  }));
  return {
    id: row.id,
    legacyId: row.legacy_id === null ? null : Number(row.legacy_id),
    listingNumber: Number(row.listing_number),
    userId: row.user_id,
    title: row.title,
    // Whatever wrote the row (an older save, the seed, an import), the page gets only the safe tags.
    description: sanitizedDescription(row.description),
    manufacturer: row.manufacturer,
    model: row.model,
    caliber: row.caliber,
    condition: row.condition,
    quantity: Math.max(0, row.quantity),
    // Already floored at 0 by the statement, and never above the quantity.
    available: row.available,
    price,
    displayPrice: price,
    upc: row.upc,
    sku: row.sku,
    sellerStockNumber: row.seller_stock_number,
    listingUrl: listingPath(row.id, row.title),
    images,
    thumbnailPicture: row.thumbnail_picture,
    isActive: row.is_active,
    isSold: row.is_sold,
    listingStartDate: toIso(row.listing_start_date),
    listingEndDate: row.listing_end_date ? toIso(row.listing_end_date) : null,
    shippingCost: toMoney(row.shipping_cost),
    deliveryDays: Math.max(0, row.delivery_days),
    family: family.key,
    familyId: family.id,
    listingType: (row.listing_type as ListingType) ?? ListingType.National,
    listingOptions: row.listing_options,
    returnPolicy: row.return_policy as ReturnPolicy,
    acceptedPaymentMethods: row.accepted_payment_methods,
    liveCheckoutEnabled: row.live_checkout_enabled,
    acceptsOffers: row.accepts_offers,
    excludedShipToStates: row.excluded_ship_to_states.filter((code) => /^[A-Z]{2}$/.test(code)),
    magazineCapacity: row.magazine_capacity ?? null,
    location: { zipCode: row.zip_code, city: row.city, state: stateOrNull(row.state) },
    seller: {
      id: row.user_id,
      displayName: row.seller_name,
      isDealer: row.seller_is_dealer,
      city: row.seller_city,
      state: stateOrNull(row.seller_state),
      totalCompletedSales: Math.max(0, row.seller_sales),
      rating: clampRating(row.seller_rating),
    },
    fav: false,
  };
}
