import { describe, expect, it } from 'vitest';
import {
  AccountOption,
  AlertLocation,
  FreezeReason,
  initialsOf,
  isAdminRole,
  isSellerRole,
  Role,
  SELLER_ROLES,
  UserOption,
  UserStatus,
} from './user.ts';

describe('AccountOption flags', () => {
  it.each([
    ['None', 0],
    ['FrozenForNonPayment', 1],
    ['FrozenForFraud', 2],
    ['PendingRegistration', 4],
  ] as const)('%s is %s', (name, value) => {
    expect(AccountOption[name]).toBe(value);
  });
});

describe('UserOption flags', () => {
  it.each([
    ['None', 0],
    ['IsVIP', 1],
    ['ShowPortalMessage', 2],
    ['AttestedToTermsOfService', 4],
    ['AttestedToMarketingOptIn', 8],
    ['WhatIsMyGunWorthAllowed', 16],
  ] as const)('%s is %s', (name, value) => {
    expect(UserOption[name]).toBe(value);
  });
});

describe('string enumerations', () => {
  it.each([
    [UserStatus, ['Active', 'Inactive', 'Locked']],
    [FreezeReason, ['NonPayment', 'Fraud']],
    [AlertLocation, ['UserDashboard', 'HomePage', 'SearchByTerm', 'SearchByCategory']],
    [Role, ['Buyer', 'BasicSeller', 'TrustedSeller', 'PlatinumSeller', 'Admin']],
  ] as const)('%j holds exactly %j, each mapping to itself', (enumeration, values) => {
    expect(Object.values(enumeration)).toEqual(values);
    expect(Object.keys(enumeration)).toEqual(values);
  });

  it('seller roles are BasicSeller, TrustedSeller and PlatinumSeller', () => {
    expect(SELLER_ROLES).toEqual(['BasicSeller', 'TrustedSeller', 'PlatinumSeller']);
  });
});

describe('isSellerRole / isAdminRole', () => {
  it.each([
    ['BasicSeller', true, false],
    ['TrustedSeller', true, false],
    ['PlatinumSeller', true, false],
    ['Buyer', false, false],
    ['Admin', false, true],
    ['basicseller', false, false],
    ['', false, false],
    [undefined, false, false],
    [null, false, false],
    [[], false, false],
    [['Buyer', 'TrustedSeller'], true, false],
    [['Buyer', 'Admin'], false, true],
    [['Admin', 'PlatinumSeller'], true, true],
  ] as const)('role claim %j: seller %s, admin %s', (claim, seller, admin) => {
    expect(isSellerRole(claim)).toBe(seller);
    expect(isAdminRole(claim)).toBe(admin);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Jane', 'Doe', 'JD'],
    ['jane', 'doe', 'JD'],
    ['  ada ', ' lovelace', 'AL'],
    ['Cher', '', 'C'],
    ['', 'Smith', 'S'],
    [undefined, null, ''],
  ] as const)('initialsOf(%j, %j) is %j', (first, last, expected) => {
    expect(initialsOf(first, last)).toBe(expected);
  });
});
