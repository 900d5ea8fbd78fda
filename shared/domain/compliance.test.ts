import { describe, expect, it } from 'vitest';
import { CategoryFamily } from './category.ts';
import {
  COMPLIANCE_RULES,
  type ComplianceItem,
  checkItem,
  isHandgunCaliber,
  itemFacts,
  type MagazineCapacityRule,
  requiredMinimumAge,
} from './compliance.ts';
import type { ShipToRegionCode } from './us-states.ts';

const home = (state: ShipToRegionCode) => ({ state, toDealer: false });
const dealer = (state: ShipToRegionCode) => ({ state, toDealer: true });
const magazine = (rounds: number): ComplianceItem => ({ family: 'Magazines', magazineCapacity: rounds });

function blockedRule(result: ReturnType<typeof checkItem>): string | null {
  return result.allowed ? null : result.rule;
}

describe('the rule table', () => {
  it('notes a source for every rule and has unique ids', () => {
    for (const rule of COMPLIANCE_RULES) expect(rule.source.length).toBeGreaterThan(5);
    const ids = COMPLIANCE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds the magazine limits of the named states', () => {
    const limits = Object.fromEntries(
      COMPLIANCE_RULES.filter((rule): rule is MagazineCapacityRule => rule.kind === 'magazineCapacity').map(
        (rule) => [rule.state, rule.maxRounds],
      ),
    );
    for (const state of ['CA', 'CT', 'MA', 'NJ', 'NY', 'WA', 'DC'] as const) {
      expect(limits[state]).toEqual({ handgun: 10, longGun: 10 });
    }
    expect(limits.CO).toEqual({ handgun: 15, longGun: 15 });
    expect(limits.VT).toEqual({ handgun: 15, longGun: 10 });
    expect(limits.HI).toEqual({ handgun: 10, longGun: null });
    expect(limits.TX).toBeUndefined();
  });
});

describe('checkItem', () => {
  it('refuses a 30-round magazine to California and allows it to Texas', () => {
    const result = checkItem(magazine(30), home('CA'));
    expect(result).toMatchObject({ allowed: false, rule: 'magazineCapacity.CA', state: 'CA' });
    expect(result.allowed ? '' : result.message).toBe(
      'Magazines over 10 rounds cannot be shipped to California (Cal. Penal Code §§ 16740, 32310); this one holds 30.',
    );
    expect(checkItem(magazine(30), home('TX'))).toEqual({ allowed: true });
    expect(checkItem(magazine(30), dealer('CA')).allowed).toBe(false);
  });

  it('allows a 10-round magazine everywhere and 15 in Colorado but not 16', () => {
    for (const state of ['CA', 'CT', 'HI', 'MA', 'NJ', 'NY', 'VT', 'WA', 'DC', 'CO'] as const) {
      expect(checkItem(magazine(10), home(state))).toEqual({ allowed: true });
    }
    expect(checkItem(magazine(15), home('CO'))).toEqual({ allowed: true });
    expect(blockedRule(checkItem(magazine(16), home('CO')))).toBe('magazineCapacity.CO');
    expect(blockedRule(checkItem(magazine(11), home('NY')))).toBe('magazineCapacity.NY');
  });

  it('applies Vermont by platform: 15 for handguns, 10 for long guns, 10 when unknown', () => {
    const pistol: ComplianceItem = { family: 'SemiAutoPistols', magazineCapacity: 15 };
    const rifle: ComplianceItem = { family: 'SemiAutoRifles', magazineCapacity: 15 };
    expect(checkItem(pistol, dealer('VT'))).toEqual({ allowed: true });
    expect(blockedRule(checkItem(rifle, dealer('VT')))).toBe('magazineCapacity.VT');
    expect(blockedRule(checkItem(magazine(15), home('VT')))).toBe('magazineCapacity.VT');
    expect(blockedRule(checkItem({ ...pistol, magazineCapacity: 17 }, dealer('VT')))).toBe(
      'magazineCapacity.VT',
    );
  });

  it('applies Hawaii to pistol magazines only', () => {
    expect(checkItem({ family: 'SemiAutoRifles', magazineCapacity: 30 }, dealer('HI'))).toEqual({
      allowed: true,
    });
    expect(blockedRule(checkItem({ family: 'SemiAutoPistols', magazineCapacity: 17 }, dealer('HI')))).toBe(
      'magazineCapacity.HI',
    );
    expect(blockedRule(checkItem(magazine(17), home('HI')))).toBe('magazineCapacity.HI');
  });

  it('sends a handgun only to a dealer', () => {
    const handgun: ComplianceItem = { family: 'SemiAutoPistols' };
    const result = checkItem(handgun, home('TX'));
    expect(result).toMatchObject({ allowed: false, rule: 'dealerRequired', state: 'TX' });
    expect(result.allowed ? '' : result.message).toContain('licensed dealer (FFL) in Texas');
    expect(checkItem(handgun, dealer('TX'))).toEqual({ allowed: true });
    // The spec's FFL-exempt families go to the buyer.
    expect(checkItem({ family: 'BlackPowderMuzzleloaders' }, home('TX'))).toEqual({ allowed: true });
    expect(checkItem({ family: 'Optics' }, home('CA'))).toEqual({ allowed: true });
  });

  it('sends ammunition to California only through a dealer', () => {
    const ammo: ComplianceItem = { family: 'Ammunition', caliber: '9mm Luger' };
    expect(checkItem(ammo, home('CA'))).toMatchObject({
      allowed: false,
      rule: 'ammunitionThroughVendor.CA',
      state: 'CA',
    });
    expect(checkItem(ammo, dealer('CA'))).toEqual({ allowed: true });
    expect(checkItem(ammo, home('TX'))).toEqual({ allowed: true });
  });

  it("honours the listing's excluded states", () => {
    const item: ComplianceItem = { family: 'Optics', excludedShipToStates: ['NY', 'DC'] };
    const result = checkItem(item, home('NY'));
    expect(result).toMatchObject({ allowed: false, rule: 'excludedShipToState', state: 'NY' });
    expect(result.allowed ? '' : result.message).toBe('The seller does not ship this item to New York.');
    expect(blockedRule(checkItem(item, dealer('DC')))).toBe('excludedShipToState');
    expect(checkItem(item, home('NJ'))).toEqual({ allowed: true });
  });

  it('never sells suppressors or NFA items through checkout', () => {
    for (const family of [CategoryFamily.Suppressor, CategoryFamily.NFA]) {
      const result = checkItem({ family }, dealer('TX'));
      expect(result).toMatchObject({ allowed: false, rule: 'nfa', state: null });
      expect(result.allowed ? '' : result.message).toContain('Form 4');
    }
  });

  it('checks the stated minimum age', () => {
    const handgun: ComplianceItem = { family: 'Revolvers' };
    const rifle: ComplianceItem = { family: 'BoltActionRifles' };
    expect(blockedRule(checkItem(handgun, dealer('TX'), { statedMinimumAge: 18 }))).toBe('minimumAge');
    expect(checkItem(handgun, dealer('TX'), { statedMinimumAge: 21 })).toEqual({ allowed: true });
    expect(checkItem(rifle, dealer('TX'), { statedMinimumAge: 18 })).toEqual({ allowed: true });
    const pistolAmmo = checkItem({ family: 'Ammunition', caliber: '.45 ACP' }, home('TX'), {
      statedMinimumAge: 18,
    });
    expect(pistolAmmo.allowed ? '' : pistolAmmo.message).toBe(
      'You must be 21 or older to buy handguns and handgun ammunition (18 U.S.C. § 922(b)(1); 27 C.F.R. § 478.99(b)).',
    );
    expect(
      checkItem({ family: 'Ammunition', caliber: '.308 Winchester' }, home('TX'), { statedMinimumAge: 18 }),
    ).toEqual({
      allowed: true,
    });
    // No statement yet (the quote before the buyer ticks the box): the age is not checked.
    expect(checkItem(handgun, dealer('TX'))).toEqual({ allowed: true });
    expect(checkItem({ family: 'Optics' }, home('TX'), { statedMinimumAge: 18 })).toEqual({ allowed: true });
  });

  it('answers the first rule that blocks', () => {
    // A 30-round pistol shipped home to California: the dealer rule comes before the magazine limit.
    expect(blockedRule(checkItem({ family: 'SemiAutoPistols', magazineCapacity: 30 }, home('CA')))).toBe(
      'dealerRequired',
    );
  });
});

describe('item facts', () => {
  it('derives handgun ammunition from the caliber, unknown counting as handgun', () => {
    expect(isHandgunCaliber('9mm')).toBe(true);
    expect(isHandgunCaliber('.40 S&W')).toBe(true);
    expect(isHandgunCaliber('')).toBe(true);
    expect(isHandgunCaliber('5.56 NATO')).toBe(false);
    expect(isHandgunCaliber('12 Gauge')).toBe(false);
    expect(itemFacts({ family: 'Ammunition', caliber: null }).minimumAge).toBe(21);
    expect(itemFacts({ family: 'Ammunition', caliber: '.223 Remington' }).minimumAge).toBe(18);
  });

  it('asks the highest age of the cart', () => {
    expect(requiredMinimumAge([{ family: 'Optics' }])).toBe(0);
    expect(requiredMinimumAge([{ family: 'Optics' }, { family: 'PumpActionShotguns' }])).toBe(18);
    expect(requiredMinimumAge([{ family: 'PumpActionShotguns' }, { family: 'SemiAutoPistols' }])).toBe(21);
  });
});
