/**
 * How a dealer prices distributor items: a markup over the distributor's cost (a percent or a fixed
 * amount), then rounded, and never below the manufacturer's minimum advertised price (MAP) when the
 * feed gives one. The server applies it to every pulled item; the feed form previews it.
 */
export const PriceMarkupKind = { Percent: 'percent', Amount: 'amount' } as const;
export type PriceMarkupKind = (typeof PriceMarkupKind)[keyof typeof PriceMarkupKind];

export const PriceRounding = {
  /** To the cent. */
  None: 'none',
  /** Up to the next price ending in .99 (12.10 → 12.99, 12.99 → 12.99). */
  NinetyNine: 'cents99',
  /** Up to the next whole dollar. */
  WholeDollar: 'whole',
} as const;
export type PriceRounding = (typeof PriceRounding)[keyof typeof PriceRounding];

export interface PriceRule {
  markup: PriceMarkupKind;
  /** Percent (25 = cost × 1.25) or dollars over cost. */
  amount: number;
  rounding: PriceRounding;
}

export const DEFAULT_PRICE_RULE: PriceRule = {
  markup: PriceMarkupKind.Percent,
  amount: 15,
  rounding: PriceRounding.NinetyNine,
};

export const MAX_MARKUP_PERCENT = 1000;
export const MAX_MARKUP_AMOUNT = 100_000;

const toCents = (dollars: number) => Math.round(dollars * 100);

function roundCents(cents: number, rounding: PriceRounding): number {
  switch (rounding) {
    case PriceRounding.NinetyNine: {
      const dollars = Math.floor(cents / 100);
      return cents % 100 === 99 ? cents : dollars * 100 + 99;
    }
    case PriceRounding.WholeDollar:
      return Math.ceil(cents / 100) * 100;
    default:
      return cents;
  }
}

/**
 * The selling price for an item that costs `cost`: marked up, rounded, then raised to MAP when it
 * would fall below it (MAP is the floor the manufacturer allows, so it is never rounded below).
 * Null when the cost is unknown or not positive.
 */
export function applyPriceRule(rule: PriceRule, cost: number, mapPrice?: number | null): number | null {
  if (!Number.isFinite(cost) || cost <= 0) return null;
  const costCents = toCents(cost);
  const marked =
    rule.markup === PriceMarkupKind.Percent
      ? Math.round((costCents * (100 + rule.amount)) / 100)
      : costCents + toCents(rule.amount);
  let cents = roundCents(marked, rule.rounding);
  if (mapPrice !== null && mapPrice !== undefined && Number.isFinite(mapPrice) && mapPrice > 0) {
    cents = Math.max(cents, toCents(mapPrice));
  }
  return cents / 100;
}
