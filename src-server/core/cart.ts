import { inArray, sql } from 'drizzle-orm';
import type {
  CheckoutItem,
  ItemBlock,
  OrderDealer,
  QuoteGroup,
  QuoteItem,
  SellerShipping,
} from '../../shared/contract/orders.ts';
import { AUCTION_MESSAGES, AUCTION_PAYMENT_DAYS } from '../../shared/domain/auctions.ts';
import { type CategoryFamily, familyById } from '../../shared/domain/category.ts';
import {
  type ComplianceDestination,
  type ComplianceItem,
  checkItem,
  checkItemAnywhere,
  itemFacts,
} from '../../shared/domain/compliance.ts';
import { LISTING_SALE_MESSAGES, ListingSaleState, listingSaleState } from '../../shared/domain/listing.ts';
import type { ShipToRegionCode } from '../../shared/domain/us-states.ts';
import type { DbExecutor } from '../db/client.ts';
import { auctions, listings, users } from '../db/schema.ts';
import { listingEligibilityOf } from './accounts/account-state.ts';

/** A dealer that can receive a transfer, as an order keeps it, plus where to mail it. */
export interface ReceivingDealer extends OrderDealer {
  /** The email of the dealer's site account; null when no account manages the licence. */
  readonly email: string | null;
}

/** The checkout's needs of the dealer directory. */
export interface DealerDirectory {
  /** An active licensed dealer that receives transfers, or null. */
  findActiveDealer(db: DbExecutor, dealerId: string): Promise<ReceivingDealer | null>;
  /** Called in the order transaction: the seller may then read the dealer's licence copy to print. */
  allowSellerToReadLicenseCopy(db: DbExecutor, dealerId: string, sellerId: string): Promise<void>;
  /** Called when the last order of the seller to the dealer is undone: the access ends with it. */
  revokeSellerLicenseCopyAccess(db: DbExecutor, dealerId: string, sellerId: string): Promise<void>;
}

/** A listing as checkout reads it, with its seller. */
export interface CartListing {
  id: string;
  userId: string;
  title: string;
  familyId: number;
  caliber: string | null;
  magazineCapacity: number | null;
  quantity: number;
  price: number;
  shippingCost: number;
  isActive: boolean;
  isSold: boolean;
  listingOptions: number;
  listingEndDate: Date | null;
  liveCheckoutEnabled: boolean;
  acceptedPaymentMethods: number;
  excludedShipToStates: string[];
  thumbnailPicture: string | null;
  /**
   * Sold by auction: bought by bidding, never through the cart, except by its buyer once it sold
   * (the winner, or the next bidder offered a second chance): then at the listing's price, before
   * the deadline, once. Null: not an auction.
   */
  auction: CartAuction | null;
  seller: {
    id: string;
    displayName: string;
    firstName: string;
    email: string;
    roles: string[];
    status: string;
    accountOptions: number;
    paymentGatewayConnected: boolean;
    gunTabActive: boolean;
  };
}

/**
 * The listings of a cart with their sellers. `lock`: inside the checkout transaction the rows are
 * locked in id order, so concurrent checkouts of the same listing take turns and never deadlock.
 */
export async function loadCartListings(
  db: DbExecutor,
  ids: readonly string[],
  lock = false,
): Promise<Map<string, CartListing>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select({
      id: listings.id,
      userId: listings.userId,
      title: listings.title,
      familyId: listings.familyId,
      caliber: listings.caliber,
      magazineCapacity: listings.magazineCapacity,
      quantity: listings.quantity,
      price: listings.price,
      shippingCost: listings.shippingCost,
      isActive: listings.isActive,
      isSold: listings.isSold,
      listingOptions: listings.listingOptions,
      listingEndDate: listings.listingEndDate,
      liveCheckoutEnabled: listings.liveCheckoutEnabled,
      acceptedPaymentMethods: listings.acceptedPaymentMethods,
      excludedShipToStates: listings.excludedShipToStates,
      thumbnailPicture: listings.thumbnailPicture,
      auctionListingId: auctions.listingId,
      auctionOutcome: auctions.outcome,
      auctionWinnerId: auctions.highBidderId,
      auctionOrderId: auctions.orderId,
      auctionEndsAt: auctions.endsAt,
      auctionSecondChanceBidderId: auctions.secondChanceBidderId,
      auctionSecondChanceOfferedAt: auctions.secondChanceOfferedAt,
      seller: {
        id: users.id,
        displayName: sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName} || ' ' || ${users.lastName})`,
        firstName: users.firstName,
        email: users.email,
        roles: users.roles,
        status: users.status,
        accountOptions: users.accountOptions,
        paymentGatewayConnected: users.paymentGatewayConnected,
        gunTabActive: users.gunTabActive,
      },
    })
    .from(listings)
    .innerJoin(users, sql`${users.id} = ${listings.userId}`)
    .leftJoin(auctions, sql`${auctions.listingId} = ${listings.id}`)
    .where(inArray(listings.id, [...ids]))
    .orderBy(listings.id);
  const rows = lock ? await query.for('update', { of: listings }) : await query;
  return new Map(
    rows.map(
      ({
        auctionListingId,
        auctionOutcome,
        auctionWinnerId,
        auctionOrderId,
        auctionEndsAt,
        auctionSecondChanceBidderId,
        auctionSecondChanceOfferedAt,
        ...row
      }) => [
        row.id,
        {
          ...row,
          price: Number(row.price),
          shippingCost: Number(row.shippingCost),
          auction:
            auctionListingId === null
              ? null
              : auctionBuyerOf({
                  sold: auctionOutcome === 'sold',
                  winnerId: auctionWinnerId,
                  paid: auctionOrderId !== null,
                  endsAt: auctionEndsAt!,
                  secondChanceBidderId: auctionSecondChanceBidderId,
                  secondChanceOfferedAt: auctionSecondChanceOfferedAt,
                }),
        },
      ],
    ),
  );
}

/** Where a seller's group ships, resolved: the dealer looked up, or the buyer's address. */
export type ResolvedDestination =
  | { kind: 'dealer'; dealer: ReceivingDealer; compliance: ComplianceDestination }
  | {
      kind: 'address';
      address: Extract<SellerShipping['destination'], { kind: 'address' }>['address'];
      compliance: ComplianceDestination;
    }
  | { kind: 'dealerNotFound' };

export async function resolveDestinations(
  db: DbExecutor,
  dealers: DealerDirectory,
  shipping: readonly SellerShipping[],
): Promise<Map<string, ResolvedDestination>> {
  const resolved = new Map<string, ResolvedDestination>();
  for (const choice of shipping) {
    const destination = choice.destination;
    if (destination.kind === 'address') {
      resolved.set(choice.sellerId, {
        kind: 'address',
        address: destination.address,
        compliance: { state: destination.address.state, toDealer: false },
      });
      continue;
    }
    const dealer = await dealers.findActiveDealer(db, destination.dealerId);
    resolved.set(
      choice.sellerId,
      dealer
        ? { kind: 'dealer', dealer, compliance: { state: dealer.state as ShipToRegionCode, toDealer: true } }
        : { kind: 'dealerNotFound' },
    );
  }
  return resolved;
}

const money = (cents: number) => Math.round(cents) / 100;
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (value: number) => `$${value.toFixed(2)}`;

export function complianceItemOf(
  listing: Pick<CartListing, 'familyId' | 'title' | 'caliber' | 'magazineCapacity' | 'excludedShipToStates'>,
): ComplianceItem {
  return {
    family: (familyById(listing.familyId)?.key ?? 'EverythingElse') as CategoryFamily,
    title: listing.title,
    caliber: listing.caliber,
    magazineCapacity: listing.magazineCapacity,
    excludedShipToStates: listing.excludedShipToStates,
  };
}

const availabilityBlock = (rule: string, message: string): ItemBlock => ({
  rule,
  state: null,
  message,
  source: null,
});

export const CART_MESSAGES = {
  unavailable: 'This listing is no longer available.',
  ownListing: 'You cannot buy your own listing.',
  sellerCannotSell: 'This seller does not take payment through checkout right now: contact the seller.',
  outOfStock: 'This item is out of stock.',
  soldMeanwhile: 'Another buyer just bought the last one: this item is out of stock.',
  insufficientStock: (left: number) => `Only ${left} left in stock.`,
  priceChanged: (from: number, to: number) => `The price changed from ${dollars(from)} to ${dollars(to)}.`,
  dealerNotFound: 'The chosen dealer is not an active licensed dealer: choose another in the dealer finder.',
} as const;

/**
 * Whether the listing is offered now (the sale rule of shared/domain/listing.ts; its stock is checked
 * by the caller against the quantity asked) and its seller can take a checkout payment. Quote,
 * checkout and offers all ask here.
 */
export function listingAvailability(listing: CartListing, buyerId: string, now: Date): ItemBlock | null {
  if (listing.userId === buyerId) return availabilityBlock('ownListing', CART_MESSAGES.ownListing);
  const state = listingSaleState(listing, now);
  if (state !== ListingSaleState.OnSale && state !== ListingSaleState.SoldOut)
    return availabilityBlock('unavailable', LISTING_SALE_MESSAGES[state]);
  const seller = listing.seller;
  const canSell =
    seller.status === 'Active' && listingEligibilityOf(seller).canList && listing.liveCheckoutEnabled;
  if (!canSell) return availabilityBlock('sellerCannotSell', CART_MESSAGES.sellerCannotSell);
  return null;
}

export interface EvaluatedItem {
  request: CheckoutItem;
  listing: CartListing | null;
  quote: QuoteItem;
}

export interface EvaluatedGroup {
  sellerId: string;
  quote: QuoteGroup;
  items: EvaluatedItem[];
  destination: ResolvedDestination | null;
  sellerEmail: string | null;
  sellerFirstName: string;
}

/** What an auction in the cart sells as. */
export interface CartAuction {
  sold: boolean;
  /** Who may check it out: the winner, or the next bidder once the seller offered it to them. */
  buyerId: string | null;
  paid: boolean;
  /** The last moment to check out: AUCTION_PAYMENT_DAYS after the end, or after the second-chance offer. */
  payBy: Date;
}

/** The buyer and deadline of a sold auction: its winner, until the seller offers it to the next bidder. */
function auctionBuyerOf(row: {
  sold: boolean;
  winnerId: string | null;
  paid: boolean;
  endsAt: Date;
  secondChanceBidderId: string | null;
  secondChanceOfferedAt: Date | null;
}): CartAuction {
  const offered = row.secondChanceBidderId !== null && row.secondChanceOfferedAt !== null;
  const from = offered ? row.secondChanceOfferedAt! : row.endsAt;
  return {
    sold: row.sold,
    buyerId: offered ? row.secondChanceBidderId : row.winnerId,
    paid: row.paid,
    payBy: new Date(from.getTime() + AUCTION_PAYMENT_DAYS * 86_400_000),
  };
}

/**
 * An auction's line: only its buyer may check it out, once it sold, at the listing's price (which
 * follows the auction's: the final price, or the next bidder's offer), before its deadline, once.
 * The listing has ended by then: the rest of the sale rule (its seller may sell, the stock) applies.
 */
function auctionLineBlock(listing: CartListing, buyerId: string, now: Date): ItemBlock | null {
  const auction = listing.auction;
  if (!auction?.sold || auction.buyerId !== buyerId)
    return availabilityBlock('auction', AUCTION_MESSAGES.notForCart);
  if (auction.paid) return availabilityBlock('auction', AUCTION_MESSAGES.alreadyPaid);
  if (now.getTime() > auction.payBy.getTime()) {
    return availabilityBlock('auction', AUCTION_MESSAGES.paymentClosed);
  }
  return listingAvailability({ ...listing, isActive: true, listingEndDate: null }, buyerId, now);
}

/**
 * Checks every cart line against the listing now (offered, seller, stock, price) and the state
 * rules for its group's destination; groups lines by seller (a group is one order).
 */
export function evaluateCart(
  items: readonly CheckoutItem[],
  listingsById: ReadonlyMap<string, CartListing>,
  destinations: ReadonlyMap<string, ResolvedDestination>,
  buyer: { id: string; statedMinimumAge?: 18 | 21 | undefined },
  now: Date,
  /** Blocks found before the listing checks (a line's offer that cannot be checked out). */
  lineBlocks?: ReadonlyMap<string, ItemBlock>,
): EvaluatedGroup[] {
  const groups = new Map<string, EvaluatedGroup>();
  const unknownSeller = '00000000-0000-0000-0000-000000000000';
  for (const request of items) {
    const listing = listingsById.get(request.listingId) ?? null;
    const sellerId = listing?.userId ?? unknownSeller;
    let group = groups.get(sellerId);
    if (!group) {
      group = {
        sellerId,
        destination: listing ? (destinations.get(sellerId) ?? null) : null,
        items: [],
        sellerEmail: listing?.seller.email ?? null,
        sellerFirstName: listing?.seller.firstName ?? '',
        quote: {
          sellerId,
          sellerDisplayName: listing?.seller.displayName ?? '',
          acceptedPaymentMethods: 0,
          requiresDealer: false,
          items: [],
          subtotal: 0,
          shipping: 0,
          total: 0,
        },
      };
      groups.set(sellerId, group);
    }
    const compliance = listing ? complianceItemOf(listing) : null;
    const facts = compliance ? itemFacts(compliance) : null;
    let blocked: ItemBlock | null = null;
    if (!listing) blocked = availabilityBlock('unavailable', CART_MESSAGES.unavailable);
    else {
      blocked = lineBlocks?.get(request.listingId) ?? listingAvailability(listing, buyer.id, now);
      if (listing.auction)
        blocked = lineBlocks?.get(request.listingId) ?? auctionLineBlock(listing, buyer.id, now);
      if (!blocked && listing.quantity <= 0)
        blocked = availabilityBlock('outOfStock', CART_MESSAGES.outOfStock);
      if (!blocked && listing.quantity < request.quantity)
        blocked = availabilityBlock('insufficientStock', CART_MESSAGES.insufficientStock(listing.quantity));
      if (!blocked && cents(listing.price) !== cents(request.price))
        blocked = availabilityBlock('priceChanged', CART_MESSAGES.priceChanged(request.price, listing.price));
      if (!blocked && compliance) {
        const destination = group.destination;
        const buyerFacts = { statedMinimumAge: buyer.statedMinimumAge ?? null };
        const result =
          destination === null
            ? checkItemAnywhere(compliance, buyerFacts)
            : destination.kind === 'dealerNotFound'
              ? null
              : checkItem(compliance, destination.compliance, buyerFacts);
        if (destination?.kind === 'dealerNotFound')
          blocked = availabilityBlock('dealerNotFound', CART_MESSAGES.dealerNotFound);
        else if (result && !result.allowed)
          blocked = {
            rule: result.rule,
            state: result.state,
            message: result.message,
            source: result.source,
          };
      }
    }
    const quote: QuoteItem = {
      listingId: request.listingId,
      title: listing?.title ?? '',
      family: compliance?.family ?? null,
      thumbnailPicture: listing?.thumbnailPicture ?? null,
      quantity: request.quantity,
      priceSeen: request.price,
      price: listing?.price ?? null,
      available: Math.max(0, listing?.quantity ?? 0),
      shippingCost: listing?.shippingCost ?? 0,
      requiresDealer: facts?.requiresDealer ?? false,
      minimumAge: facts?.minimumAge ?? 0,
      blocked,
    };
    group.items.push({ request, listing, quote });
    group.quote.items.push(quote);
    // A card must be accepted for every listing of the order.
    if (listing) {
      const first = group.items.filter((item) => item.listing).length === 1;
      group.quote.acceptedPaymentMethods = first
        ? listing.acceptedPaymentMethods
        : group.quote.acceptedPaymentMethods & listing.acceptedPaymentMethods;
    }
    if (facts?.requiresDealer) group.quote.requiresDealer = true;
  }
  for (const group of groups.values()) {
    let subtotal = 0;
    let shipping = 0;
    for (const item of group.items) {
      if (item.quote.blocked || !item.listing) continue;
      subtotal += cents(item.listing.price) * item.request.quantity;
      shipping += cents(item.listing.shippingCost);
    }
    group.quote.subtotal = money(subtotal);
    group.quote.shipping = money(shipping);
    group.quote.total = money(subtotal + shipping);
  }
  return [...groups.values()];
}

export function totalOf(groups: readonly EvaluatedGroup[]): number {
  return money(groups.reduce((sum, group) => sum + cents(group.quote.total), 0));
}
