import type { FeedColumnMapping, FeedMappingColumn } from '../../../../shared/contract/distributor-feeds.ts';
import { type CategoryFamily, familyById } from '../../../../shared/domain/category.ts';
import { INVENTORY_AUCTION_COLUMNS } from '../../../../shared/domain/inventory-columns.ts';
import { parseCategory, parseCondition } from '../../../../shared/domain/inventory-mapping.ts';
import { Condition } from '../../../../shared/domain/listing.ts';
import { familyFor } from './category-map.ts';
import {
  cell,
  type FeedFormatReader,
  type FeedItem,
  headerReader,
  money,
  stateList,
  upcOf,
  wholeCount,
} from './feed-item.ts';

/** A category cell: a family identifier or id of ours, else the words decide. */
function familyOf(category: string | undefined, title: string): CategoryFamily {
  const text = (category ?? '').trim();
  const known = familyById(parseCategory(text));
  if (known) return known.key;
  return familyFor('firearm', text, title);
}

/** A condition cell: empty is new in box (distributor stock); an unknown word counts as used, as the spec says. */
const conditionOf = (text: string | undefined): Condition =>
  text ? (parseCondition(text) ?? Condition.Used) : Condition.NewInBox;

/** The auction cells of a record whose mapping has any, as the file has them. */
function auctionCellsOf(
  get: (column: FeedMappingColumn) => string | undefined,
): Pick<FeedItem, 'auctionCells'> {
  const cells = Object.fromEntries(
    INVENTORY_AUCTION_COLUMNS.flatMap((column) => {
      const text = get(column);
      return text === undefined ? [] : [[column, text]];
    }),
  );
  return Object.keys(cells).length > 0 ? { auctionCells: cells } : {};
}

/** A CSV of the dealer's own layout, read through the column mapping saved with the feed. */
export function genericCsvReader(mapping: FeedColumnMapping): FeedFormatReader {
  // Each mapped column is found by its one header; every mapped column must be in the file.
  const columns: Partial<Record<FeedMappingColumn, readonly string[]>> = {};
  for (const [column, header] of Object.entries(mapping) as [FeedMappingColumn, string | undefined][]) {
    if (header) columns[column] = [header];
  }
  return headerReader<FeedMappingColumn>({
    delimiter: '',
    columns,
    required: Object.keys(columns) as FeedMappingColumn[],
    refusal: (names) => `The file has no column ${names} of the feed's column mapping.`,
    essentials: (get) => ({
      stockNumber: cell(get('stock_number')),
      title: cell(get('title')),
      cost: money(get('price')),
      quantity: wholeCount(get('quantity')),
    }),
    details: (get, title) => {
      const imageUrl = cell(get('image_urls'))?.split(/[\s,|;]+/)[0];
      const shippingCost = money(get('shipping_cost'));
      const deliveryDays = wholeCount(get('delivery_days'));
      return {
        upc: upcOf(get('upc')),
        manufacturer: cell(get('manufacturer')),
        model: cell(get('model')),
        caliber: cell(get('caliber')),
        family: familyOf(get('category'), title),
        condition: conditionOf(cell(get('condition'))),
        msrp: money(get('msrp')),
        mapPrice: money(get('map_price')),
        description: cell(get('description')) ?? title,
        ...(imageUrl ? { imageUrl } : {}),
        ...(shippingCost !== undefined ? { shippingCost } : {}),
        ...(deliveryDays !== undefined ? { deliveryDays } : {}),
        excludedStates: stateList(get('excluded_states')),
        ...auctionCellsOf(get),
      };
    },
  });
}
