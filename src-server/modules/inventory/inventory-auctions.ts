import type { AuctionListingFacts } from '../../../shared/domain/auctions.ts';
import type { InventoryItem } from '../../../shared/domain/inventory.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import type { Transaction } from '../../db/client.ts';
import { reviseAuction } from '../listings/index.ts';

/** The asking price (an auction's starting bid): never below the minimum advertised price a distributor sets. */
export function listedPrice(item: InventoryItem): number {
  return item.mapPrice !== undefined && item.mapPrice > item.price ? item.mapPrice : item.price;
}

/** An item as the auction rules of the listing form read it: inventory listings take no offers. */
export function saleFactsOf(item: InventoryItem): AuctionListingFacts {
  const { auction } = item;
  return {
    listingType: auction ? ListingType.Auction : ListingType.National,
    price: listedPrice(item),
    quantity: item.quantity,
    durationDays: auction?.durationDays ?? 0,
    acceptsOffers: false,
    auction: auction && {
      ...(auction.reservePrice === undefined ? {} : { reservePrice: auction.reservePrice }),
      ...(auction.buyNowPrice === undefined ? {} : { buyNowPrice: auction.buyNowPrice }),
      ...(auction.startsAt === undefined ? {} : { startsAt: auction.startsAt }),
    },
  };
}

/** An item bound for an existing listing, with the price the listing row is to keep. */
export interface InventoryUpdate {
  index: number;
  item: InventoryItem;
  row: { id: string; listing_type: number };
  price?: number;
}

/**
 * Items of existing auctions (and auction items for other listings) go through the listing form's
 * edit rules, each under its auction's lock. The ones the form would refuse leave `updates` having
 * written nothing, and are answered with the rule's message by their index; the others keep the
 * price the rules answer (the current bid once there are bids), their auction's prices written.
 */
export async function reviseAuctions(
  tx: Transaction,
  updates: InventoryUpdate[],
  now: Date,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  for (const update of updates) {
    const { index, item, row } = update;
    if (!item.auction && row.listing_type !== ListingType.Auction) continue;
    const edit = await reviseAuction(tx, row.id, row.listing_type, saleFactsOf(item), now);
    if ('price' in edit) update.price = edit.price;
    else refused.set(index, edit.refusal.message);
  }
  if (refused.size > 0) {
    const left = updates.filter(({ index }) => !refused.has(index));
    updates.splice(0, updates.length, ...left);
  }
  return refused;
}
