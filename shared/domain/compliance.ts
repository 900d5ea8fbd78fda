/**
 * What may be sold to whom and shipped where: one table of rules, each with the law or policy it
 * comes from, and one pure check (`checkItem`) that the server runs on every item at checkout and
 * that the checkout page runs (through the quote call) to show blocks before paying.
 *
 * The table states the law as the marketplace applies it; where the law leaves a fact open (a
 * magazine sold without saying which gun it fits, ammunition without a caliber), the stricter
 * reading is taken.
 */
import { CategoryFamily, FIREARMS_SECTIONS, requiresFfl } from './category.ts';
import { SHIP_TO_REGIONS, type ShipToRegionCode } from './us-states.ts';

/** The facts of a listing the rules read. */
export interface ComplianceItem {
  readonly family: CategoryFamily;
  readonly title?: string | null;
  readonly caliber?: string | null;
  /** Rounds a magazine (or the magazine sold with a firearm) holds; null when not stated. */
  readonly magazineCapacity?: number | null;
  /** States and DC the seller does not ship to. */
  readonly excludedShipToStates?: readonly string[];
}

/** Where an item goes: the state of the buyer's address, or of the receiving dealer's premises. */
export interface ComplianceDestination {
  readonly state: ShipToRegionCode;
  /** Ships to a licensed dealer (FFL) rather than to the buyer. */
  readonly toDealer: boolean;
}

/** What the buyer stated at checkout: the minimum age they meet (18 or 21). Absent: not yet stated. */
export interface ComplianceBuyer {
  readonly statedMinimumAge?: 18 | 21 | null;
}

/** The gun a magazine fits, for the states whose limit differs by kind. */
export type MagazinePlatform = 'handgun' | 'longGun' | 'unknown';

export interface ItemFacts {
  readonly family: CategoryFamily;
  /** Suppressors and the NFA family: never sold through checkout. */
  readonly isNfa: boolean;
  readonly isHandgun: boolean;
  readonly isAmmunition: boolean;
  /** Ammunition for handguns: 21 to buy from a licensee. Unknown calibers count as handgun ammunition. */
  readonly isHandgunAmmunition: boolean;
  /** Must ship to a dealer: the FFL rule (`requiresFfl` in category.ts). */
  readonly requiresDealer: boolean;
  readonly magazineCapacity: number | null;
  readonly platform: MagazinePlatform;
  /** 0 when the law sets no minimum age. */
  readonly minimumAge: 0 | 18 | 21;
}

const HANDGUN_FAMILIES: readonly CategoryFamily[] = FIREARMS_SECTIONS.handguns;
const NFA_FAMILIES: readonly CategoryFamily[] = [CategoryFamily.NFA, CategoryFamily.Suppressor];
const LONG_GUN_FAMILIES: readonly CategoryFamily[] = [
  CategoryFamily.BoltActionRifles,
  CategoryFamily.LeverActionRifles,
  CategoryFamily.OtherRifles,
  CategoryFamily.PumpActionRifles,
  CategoryFamily.SemiAutoRifles,
  CategoryFamily.SingleShotRifles,
  CategoryFamily.OtherShotguns,
  CategoryFamily.OverUnderShotguns,
  CategoryFamily.PumpActionShotguns,
  CategoryFamily.SemiAutoShotguns,
  CategoryFamily.SideBySideShotguns,
  CategoryFamily.SingleShotShotguns,
  CategoryFamily.BlackPowderMuzzleloaders,
];

/**
 * Cartridges made chiefly for handguns. Ammunition whose caliber names one of them, or names no
 * caliber at all, is sold as handgun ammunition (21 and over).
 */
const HANDGUN_CALIBERS = [
  /\b9\s*mm\b/i,
  /\b9\s*x\s*(19|18|21)\b/i,
  /\b(\.)?380\b/i,
  /\b(\.)?40\s*(s&w|sw|cal)\b/i,
  /\b10\s*mm\b/i,
  /\b(\.)?45\s*(acp|auto|gap|colt|lc)\b/i,
  /\b(\.)?38\s*(special|spl|super|s&w)\b/i,
  /\b(\.)?357\b/i,
  /\b(\.)?44\s*(mag|magnum|special|spl)\b/i,
  /\b(\.)?41\s*(mag|magnum)\b/i,
  /\b(\.)?32\s*(acp|auto|s&w|h&r)\b/i,
  /\b(\.)?327\b/i,
  /\b(\.)?25\s*(acp|auto)\b/i,
  /\b5\.7\s*x\s*28\b/i,
  /\b7\.62\s*x\s*25\b/i,
  /\b(\.)?500\s*(s&w|sw)\b/i,
];

export function isHandgunCaliber(caliber: string | null | undefined): boolean {
  const text = (caliber ?? '').trim();
  if (text === '') return true;
  return HANDGUN_CALIBERS.some((pattern) => pattern.test(text));
}

/** The facts the rules read, derived from the listing's family, caliber and magazine capacity. */
export function itemFacts(item: ComplianceItem): ItemFacts {
  const family = item.family;
  const isNfa = NFA_FAMILIES.includes(family);
  const isHandgun = HANDGUN_FAMILIES.includes(family);
  const isAmmunition = family === CategoryFamily.Ammunition;
  const isHandgunAmmunition = isAmmunition && isHandgunCaliber(item.caliber);
  const isLongGun = LONG_GUN_FAMILIES.includes(family);
  const platform: MagazinePlatform = isHandgun ? 'handgun' : isLongGun ? 'longGun' : 'unknown';
  let minimumAge: 0 | 18 | 21 = 0;
  // A collectible firearm may be a handgun: the handgun age applies.
  if (isHandgun || isHandgunAmmunition || isNfa || family === CategoryFamily.CollectibleFirearms)
    minimumAge = 21;
  else if (isLongGun || isAmmunition) minimumAge = 18;
  const capacity = item.magazineCapacity;
  return {
    family,
    isNfa,
    isHandgun,
    isAmmunition,
    isHandgunAmmunition,
    requiresDealer: requiresFfl(family),
    magazineCapacity: typeof capacity === 'number' && capacity > 0 ? capacity : null,
    platform,
    minimumAge,
  };
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

export type ComplianceRuleKind =
  | 'nfa'
  | 'excludedShipToState'
  | 'dealerRequired'
  | 'ammunitionThroughVendor'
  | 'magazineCapacity'
  | 'minimumAge';

interface RuleBase {
  /** Stable id, sent to clients as the blocked item's `rule`. */
  readonly id: string;
  readonly kind: ComplianceRuleKind;
  /** The statute or policy the rule applies, as a reader can look it up. */
  readonly source: string;
  /** How the marketplace reads the source, where it needed a choice. */
  readonly note?: string;
}

export interface MagazineCapacityRule extends RuleBase {
  readonly kind: 'magazineCapacity';
  readonly state: ShipToRegionCode;
  /** Most rounds allowed, per platform; null: the state sets no limit for that platform. */
  readonly maxRounds: { readonly handgun: number | null; readonly longGun: number | null };
}

export interface AmmunitionVendorRule extends RuleBase {
  readonly kind: 'ammunitionThroughVendor';
  readonly state: ShipToRegionCode;
}

export interface GeneralRule extends RuleBase {
  readonly kind: 'nfa' | 'excludedShipToState' | 'dealerRequired' | 'minimumAge';
}

export type ComplianceRule = GeneralRule | AmmunitionVendorRule | MagazineCapacityRule;

const magazine = (
  state: ShipToRegionCode,
  handgun: number | null,
  longGun: number | null,
  source: string,
  note?: string,
): MagazineCapacityRule => ({
  id: `magazineCapacity.${state}`,
  kind: 'magazineCapacity',
  state,
  maxRounds: { handgun, longGun },
  source,
  ...(note ? { note } : {}),
});

/**
 * Every rule, in the order `checkItem` applies them; the first that blocks is answered. Magazine
 * limits apply to magazines and to firearms listed with a magazine over the limit, whether they
 * ship to the buyer or to a dealer (a dealer may not transfer them to the buyer either).
 */
export const COMPLIANCE_RULES: readonly ComplianceRule[] = [
  {
    id: 'nfa',
    kind: 'nfa',
    source: 'National Firearms Act, 26 U.S.C. §§ 5812, 5841 (transfer on ATF Form 4)',
    note: 'Suppressors and NFA items need an approved Form 4 before transfer: the listing offers contact with the dealer instead of checkout.',
  },
  {
    id: 'excludedShipToState',
    kind: 'excludedShipToState',
    source: "The seller's listing: states it does not ship to",
  },
  {
    id: 'dealerRequired',
    kind: 'dealerRequired',
    source:
      '18 U.S.C. § 922(a)(3), (a)(5), (b)(3); the category families that require an FFL (requiresFfl, shared/domain/category.ts)',
    note: 'A firearm of a family that requires an FFL ships only to a licensed dealer, who transfers it to the buyer.',
  },
  {
    id: 'ammunitionThroughVendor.CA',
    kind: 'ammunitionThroughVendor',
    state: 'CA',
    source: 'Cal. Penal Code §§ 30312, 30352, 30370',
    note: 'Ammunition for California is delivered to a licensed ammunition vendor (a dealer) for a face-to-face transfer with the eligibility check.',
  },
  magazine('CA', 10, 10, 'Cal. Penal Code §§ 16740, 32310'),
  magazine('CO', 15, 15, 'Colo. Rev. Stat. §§ 18-12-301, 18-12-302'),
  magazine('CT', 10, 10, 'Conn. Gen. Stat. § 53-202w'),
  magazine('DC', 10, 10, 'D.C. Code § 7-2506.01(b)'),
  magazine('DE', 17, 17, '11 Del. C. §§ 1468, 1469'),
  magazine(
    'HI',
    10,
    null,
    'Haw. Rev. Stat. § 134-8(c)',
    'Applies to detachable magazines usable with a pistol; a magazine that does not say which gun it fits is treated as usable with a pistol.',
  ),
  magazine('IL', 15, 10, '720 ILCS 5/24-1.10'),
  magazine('MA', 10, 10, 'Mass. Gen. Laws ch. 140, §§ 121, 131M'),
  magazine('MD', 10, 10, 'Md. Code, Crim. Law § 4-305'),
  magazine('NJ', 10, 10, 'N.J. Stat. §§ 2C:39-1(y), 2C:39-3(j)'),
  magazine('NY', 10, 10, 'N.Y. Penal Law §§ 265.00(23), 265.02(8)'),
  magazine('RI', 10, 10, 'R.I. Gen. Laws §§ 11-47.1-2, 11-47.1-3'),
  magazine(
    'VT',
    15,
    10,
    '13 V.S.A. § 4021',
    'Long guns 10 rounds, handguns 15; a magazine that does not say which gun it fits gets the long-gun limit.',
  ),
  magazine('WA', 10, 10, 'Rev. Code Wash. §§ 9.41.010, 9.41.370'),
  {
    id: 'minimumAge',
    kind: 'minimumAge',
    source: '18 U.S.C. § 922(b)(1); 27 C.F.R. § 478.99(b)',
    note: '18 for long guns and ammunition, 21 for handguns and handgun ammunition (and for collectible firearms, which may be handguns).',
  },
];

export function complianceRule(id: string): ComplianceRule | undefined {
  return COMPLIANCE_RULES.find((rule) => rule.id === id);
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

export type ComplianceResult =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly blocked: true;
      /** The rule's id in `COMPLIANCE_RULES`. */
      readonly rule: string;
      /** The state the rule is about; null for rules that hold everywhere. */
      readonly state: ShipToRegionCode | null;
      /** Names the rule and the state, for the buyer. */
      readonly message: string;
      readonly source: string;
    };

const ALLOWED: ComplianceResult = { allowed: true };

export function regionName(code: string): string {
  return SHIP_TO_REGIONS.find((region) => region.code === code)?.name ?? code;
}

function block(rule: ComplianceRule, state: ShipToRegionCode | null, message: string): ComplianceResult {
  return { allowed: false, blocked: true, rule: rule.id, state, message, source: rule.source };
}

/** The most rounds allowed for a platform; an unknown platform gets the lower of the two limits. */
export function magazineLimit(rule: MagazineCapacityRule, platform: MagazinePlatform): number | null {
  const { handgun, longGun } = rule.maxRounds;
  if (platform === 'handgun') return handgun;
  if (platform === 'longGun') return longGun;
  const limits = [handgun, longGun].filter((limit): limit is number => limit !== null);
  return limits.length > 0 ? Math.min(...limits) : null;
}

function checkRule(
  rule: ComplianceRule,
  facts: ItemFacts,
  item: ComplianceItem,
  destination: ComplianceDestination,
  buyer: ComplianceBuyer,
): ComplianceResult {
  const where = regionName(destination.state);
  switch (rule.kind) {
    case 'nfa':
      return facts.isNfa
        ? block(
            rule,
            null,
            'Suppressors and NFA items are not sold through checkout: they transfer on ATF Form 4 (National Firearms Act). Contact the dealer to buy this item.',
          )
        : ALLOWED;
    case 'excludedShipToState':
      return (item.excludedShipToStates ?? []).includes(destination.state)
        ? block(rule, destination.state, `The seller does not ship this item to ${where}.`)
        : ALLOWED;
    case 'dealerRequired':
      return facts.requiresDealer && !destination.toDealer
        ? block(
            rule,
            destination.state,
            `A firearm ships only to a licensed dealer (FFL) in ${where}, never to a home address: choose a dealer for this item.`,
          )
        : ALLOWED;
    case 'ammunitionThroughVendor':
      return facts.isAmmunition && destination.state === rule.state && !destination.toDealer
        ? block(
            rule,
            rule.state,
            `Ammunition for ${regionName(rule.state)} ships only to a licensed ammunition vendor (${rule.source}): choose a dealer for this item.`,
          )
        : ALLOWED;
    case 'magazineCapacity': {
      if (destination.state !== rule.state || facts.magazineCapacity === null) return ALLOWED;
      const limit = magazineLimit(rule, facts.platform);
      return limit !== null && facts.magazineCapacity > limit
        ? block(
            rule,
            rule.state,
            `Magazines over ${limit} rounds cannot be shipped to ${regionName(rule.state)} (${rule.source}); this one holds ${facts.magazineCapacity}.`,
          )
        : ALLOWED;
    }
    case 'minimumAge': {
      const stated = buyer.statedMinimumAge;
      if (stated === undefined || stated === null || facts.minimumAge === 0) return ALLOWED;
      if (stated >= facts.minimumAge) return ALLOWED;
      const what = facts.minimumAge === 21 ? 'handguns and handgun ammunition' : 'long guns and ammunition';
      return block(rule, null, `You must be ${facts.minimumAge} or older to buy ${what} (${rule.source}).`);
    }
  }
}

/**
 * Whether an item may be sold to this buyer and shipped to this destination: allowed, or blocked by
 * the first rule of `COMPLIANCE_RULES` that applies, with a message naming the rule and the state.
 */
export function checkItem(
  item: ComplianceItem,
  destination: ComplianceDestination,
  buyer: ComplianceBuyer = {},
): ComplianceResult {
  const facts = itemFacts(item);
  for (const rule of COMPLIANCE_RULES) {
    const result = checkRule(rule, facts, item, destination, buyer);
    if (!result.allowed) return result;
  }
  return ALLOWED;
}

/** The highest minimum age among items: what the buyer is asked to state before paying. */
export function requiredMinimumAge(items: readonly ComplianceItem[]): 0 | 18 | 21 {
  let age: 0 | 18 | 21 = 0;
  for (const item of items) {
    const itemAge = itemFacts(item).minimumAge;
    if (itemAge > age) age = itemAge;
  }
  return age;
}

/**
 * The rules that hold wherever the item goes (NFA items, the stated age), for a cart whose shipping
 * choice is not made yet; `checkItem` applies them all once it is.
 */
export function checkItemAnywhere(item: ComplianceItem, buyer: ComplianceBuyer = {}): ComplianceResult {
  const facts = itemFacts(item);
  // Only the NFA and age rules run here and neither reads the destination: any destination will do.
  const anywhere: ComplianceDestination = { state: 'TX', toDealer: true };
  for (const rule of COMPLIANCE_RULES) {
    if (rule.kind !== 'nfa' && rule.kind !== 'minimumAge') continue;
    const result = checkRule(rule, facts, item, anywhere, buyer);
    if (!result.allowed) return result;
  }
  return ALLOWED;
}
