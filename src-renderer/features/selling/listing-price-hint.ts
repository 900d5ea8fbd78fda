import type { FirearmValuationJson } from '../../../shared/contract/identification.ts';
import { pricedAgainstSales } from '../../../shared/domain/valuation.ts';
import { medianPhrase } from '../../lib/valuation-words.ts';

/**
 * The listing form's hint beside the price: 'Priced 18% above recent sales (median $549 from 12 sales
 * of the model)'; without a price (or for an auction's starting bid) only the recent sales. Null
 * when the item has no value from recent sales.
 */
export function priceHintText(
  valuation: FirearmValuationJson | null | undefined,
  price: number | undefined,
  auction: boolean,
): string | null {
  if (!valuation) return null;
  const median = medianPhrase(valuation);
  if (median === null) return null;
  const standing = auction ? null : pricedAgainstSales(price ?? Number.NaN, valuation.value);
  const sentence = standing ? `${standing} (${median})` : `Recent sales: ${median}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
