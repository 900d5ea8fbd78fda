import { describe, expect, it } from 'vitest';
import {
  clearFlag,
  type FlagSet,
  formatFlagNames,
  hasFlag,
  parseFlagNames,
  setFlag,
  toFlagNames,
} from './flags.ts';
import { ListingOption } from './listing.ts';
import { PaymentMethod } from './payment.ts';
import { AccountOption, UserOption } from './user.ts';

const Sample = { None: 0, A: 1, B: 2, C: 4 } as const satisfies FlagSet;
const NoZero = { A: 1, B: 2 } as const satisfies FlagSet;

describe('hasFlag / setFlag / clearFlag', () => {
  it.each([
    [5, 1, true],
    [5, 4, true],
    [5, 2, false],
    [0, 1, false],
    [3, 3, true],
    [1, 3, false],
    [0, 0, true],
    [4, 0, false],
    [null, 1, false],
    [undefined, 0, true],
  ] as const)('hasFlag(%s, %s) is %s', (value, flag, expected) => {
    expect(hasFlag(value, flag)).toBe(expected);
  });

  it.each([
    [0, 2, 2],
    [1, 4, 5],
    [5, 4, 5],
    [null, 8, 8],
  ] as const)('setFlag(%s, %s) is %s', (value, flag, expected) => {
    expect(setFlag(value, flag)).toBe(expected);
  });

  it.each([
    [7, 2, 5],
    [5, 2, 5],
    [4, 4, 0],
    [undefined, 1, 0],
  ] as const)('clearFlag(%s, %s) is %s', (value, flag, expected) => {
    expect(clearFlag(value, flag)).toBe(expected);
  });
});

describe('toFlagNames', () => {
  it.each([
    [0, []],
    [1, ['A']],
    [6, ['B', 'C']],
    [7, ['A', 'B', 'C']],
    [8, []],
    [null, []],
  ] as const)('names of %s are %j (None never listed)', (value, expected) => {
    expect(toFlagNames(Sample, value)).toEqual(expected);
  });
});

describe('parseFlagNames', () => {
  it.each([
    ['IsVIP, AttestedToTermsOfService', UserOption.IsVIP | UserOption.AttestedToTermsOfService],
    ['isvip,attestedtotermsofservice', 5],
    ['  IsVIP  ,  ,ShowPortalMessage ', 3],
    ['IsVIP, NotAFlag', 1],
    ['None', 0],
    ['', 0],
    ['21', 21],
    [' 4 ', 4],
    [['IsVIP', 'WhatIsMyGunWorthAllowed'], 17],
    [['IsVIP, ShowPortalMessage', 'AttestedToMarketingOptIn'], 11],
    [undefined, 0],
    [null, 0],
  ] as const)('user options %j parse to %s', (text, expected) => {
    expect(parseFlagNames(UserOption, text)).toBe(expected);
  });

  it.each([
    ['FrozenForNonPayment', AccountOption.FrozenForNonPayment],
    ['PendingRegistration, FrozenForFraud', 6],
  ] as const)('account options %j parse to %s', (text, expected) => {
    expect(parseFlagNames(AccountOption, text)).toBe(expected);
  });
});

describe('formatFlagNames', () => {
  it.each([
    [Sample, 0, 'None'],
    [Sample, 5, 'A, C'],
    [NoZero, 0, ''],
    [NoZero, 3, 'A, B'],
    [UserOption, 5, 'IsVIP, AttestedToTermsOfService'],
  ] as const)('formats %j %s as %j', (set, value, expected) => {
    expect(formatFlagNames(set, value)).toBe(expected);
  });
});

describe('parse and format round-trip every value of every flag set', () => {
  const sets: readonly [string, FlagSet][] = [
    ['ListingOption', ListingOption],
    ['PaymentMethod', PaymentMethod],
    ['AccountOption', AccountOption],
    ['UserOption', UserOption],
  ];
  it.each(sets)('%s: each single flag and all flags together survive format→parse', (_name, set) => {
    const flags = Object.values(set).filter((flag) => flag !== 0);
    const all = flags.reduce((acc, flag) => acc | flag, 0);
    for (const flag of [...flags, all, 0]) {
      expect(parseFlagNames(set, formatFlagNames(set, flag))).toBe(flag);
    }
  });

  it.each(sets)('%s: every flag is a distinct single bit', (_name, set) => {
    const flags = Object.values(set).filter((flag) => flag !== 0);
    for (const flag of flags) expect(flag & (flag - 1)).toBe(0);
    expect(new Set(flags).size).toBe(flags.length);
  });
});
