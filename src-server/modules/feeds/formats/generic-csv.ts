import type { FeedColumnMapping, FeedMappingColumn } from '../../../../shared/contract/distributor-feeds.ts';
import { type CategoryFamily, familyById } from '../../../../shared/domain/category.ts';
import { parseCategory, parseCondition } from '../../../../shared/domain/inventory-mapping.ts';
import { Condition } from '../../../../shared/domain/listing.ts';
import { familyFor } from './category-map.ts';
import {
  cell,
  type FeedFormatReader,
  headerKey,
  missingEssentials,
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

/** A CSV of the dealer's own layout, read through the column mapping saved with the feed. */
export function genericCsvReader(mapping: FeedColumnMapping): FeedFormatReader {
  let positions: Partial<Record<FeedMappingColumn, number>> = {};
  return {
    delimiter: '',
    hasHeader: true,
    header(fields) {
      const keys = fields.map(headerKey);
      positions = {};
      const missing: string[] = [];
      for (const [column, header] of Object.entries(mapping) as [FeedMappingColumn, string | undefined][]) {
        if (!header) continue;
        const index = keys.indexOf(headerKey(header));
        if (index >= 0) positions[column] = index;
        else missing.push(`“${header}”`);
      }
      if (missing.length === 0) return null;
      return `The file has no column ${missing.join(', ')} of the feed's column mapping.`;
    },
    record(fields, line) {
      const get = (column: FeedMappingColumn) => {
        const index = positions[column];
        return index === undefined ? undefined : fields[index];
      };
      const stockNumber = cell(get('stock_number'));
      const title = cell(get('title'));
      const cost = money(get('price'));
      const quantity = wholeCount(get('quantity'));
      const missing = missingEssentials(line, { stockNumber, title, cost, quantity });
      if (missing) return missing;
      const conditionText = cell(get('condition'));
      const mapPrice = money(get('map_price'));
      const msrp = money(get('msrp'));
      const imageUrl = cell(get('image_urls'))?.split(/[\s,|;]+/)[0];
      const shippingCost = money(get('shipping_cost'));
      const deliveryDays = wholeCount(get('delivery_days'));
      return {
        item: {
          line,
          stockNumber: stockNumber as string,
          upc: upcOf(get('upc')),
          title: title as string,
          manufacturer: cell(get('manufacturer')),
          model: cell(get('model')),
          caliber: cell(get('caliber')),
          family: familyOf(get('category'), title as string),
          condition: conditionOf(conditionText),
          cost: cost as number,
          ...(msrp && msrp > 0 ? { msrp } : {}),
          ...(mapPrice && mapPrice > 0 ? { mapPrice } : {}),
          quantity: quantity as number,
          description: cell(get('description')) ?? (title as string),
          ...(imageUrl ? { imageUrl } : {}),
          ...(shippingCost !== undefined ? { shippingCost } : {}),
          ...(deliveryDays !== undefined ? { deliveryDays } : {}),
          excludedStates: stateList(get('excluded_states')),
        },
      };
    },
  };
}
