import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { type InventoryItem, validateInventoryRow } from '../../../shared/domain/inventory.ts';
import {
  type ColumnMapping,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '../../../shared/domain/inventory-columns.ts';
import { applyPriceRule, type PriceRule } from '../../../shared/domain/price-rule.ts';
import type { FeedItem, FeedLineError } from './formats/feed-item.ts';

/** What every item of a feed takes from the feed's settings. */
export interface FeedListingSettings {
  priceRule: PriceRule;
  shippingCost: number;
  deliveryDays: number;
}

/** Each column of ours read from the cell of the same name. */
const SAME_NAMES: ColumnMapping = Object.fromEntries(INVENTORY_COLUMNS.map((column) => [column, column]));

/** Columns whose bad value drops just that detail; any other issue fails the item. */
const DROPPABLE: ReadonlySet<InventoryColumn | null> = new Set([
  'upc',
  'image_urls',
  'manufacturer',
  'model',
  'caliber',
]);

function recordOf(
  item: FeedItem,
  price: number,
  settings: FeedListingSettings,
): Record<InventoryColumn, string> {
  return {
    stock_number: item.stockNumber,
    upc: item.upc ?? '',
    title: item.title,
    category: String(CategoryFamilyId[item.family]),
    manufacturer: item.manufacturer ?? '',
    model: item.model ?? '',
    caliber: item.caliber ?? '',
    condition: item.condition,
    price: price.toFixed(2),
    quantity: String(item.quantity),
    description: item.description,
    image_urls: item.imageUrl ?? '',
    shipping_cost: (item.shippingCost ?? settings.shippingCost).toFixed(2),
    delivery_days: String(item.deliveryDays ?? settings.deliveryDays),
    excluded_states: item.excludedStates.join(' '),
    listing_type: item.auctionCells?.listing_type ?? '',
    duration_days: item.auctionCells?.duration_days ?? '',
    reserve_price: item.auctionCells?.reserve_price ?? '',
    buy_now_price: item.auctionCells?.buy_now_price ?? '',
    auction_start: item.auctionCells?.auction_start ?? '',
  };
}

/**
 * Turns feed items into inventory items: the dealer's price from the cost by the price rule (never
 * below MAP), then every field checked by the listing form's own rules. A distributor's bad UPC,
 * image link or over-long detail is dropped rather than failing the item; anything else fails it.
 * An item a generic CSV marks as an auction starts its bidding at that price, its reserve and
 * buy-now price taken as the file has them.
 */
export function feedInventoryItems(
  feedItems: readonly FeedItem[],
  settings: FeedListingSettings,
): { items: InventoryItem[]; errors: FeedLineError[] } {
  const items: InventoryItem[] = [];
  const errors: FeedLineError[] = [];
  for (const feedItem of feedItems) {
    const fail = (message: string) =>
      errors.push({ line: feedItem.line, stockNumber: feedItem.stockNumber, message });
    const price = applyPriceRule(settings.priceRule, feedItem.cost, feedItem.mapPrice);
    if (price === null) {
      fail('The cost price is missing or not a number.');
      continue;
    }
    const record = recordOf(feedItem, price, settings);
    let result = validateInventoryRow(record, SAME_NAMES);
    if (!result.ok && result.issues.every((issue) => DROPPABLE.has(issue.column))) {
      for (const issue of result.issues) if (issue.column) record[issue.column] = '';
      result = validateInventoryRow(record, SAME_NAMES);
    }
    if (!result.ok) {
      fail(
        result.issues
          .map((issue) => (issue.column ? `${issue.column}: ${issue.message}` : issue.message))
          .join(' '),
      );
      continue;
    }
    items.push(feedItem.mapPrice ? { ...result.item, mapPrice: feedItem.mapPrice } : result.item);
  }
  return { items, errors };
}
