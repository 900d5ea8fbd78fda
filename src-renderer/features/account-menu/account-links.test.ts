import { describe, expect, it } from 'vitest';
import { accountMenuGroups, listItemTarget, sellTarget } from './account-links.ts';

describe('account links by seller status', () => {
  it('Sell leads a seller to list an item and everyone else to the sell-guns page', () => {
    expect(sellTarget({ isSeller: true })).toBe('/dashboard/selling/list-item');
    expect(sellTarget({ isSeller: false })).toBe('/sell-guns');
    expect(sellTarget(null)).toBe('/sell-guns');
  });

  it('List an Item sends a non-seller to membership', () => {
    expect(listItemTarget(true)).toBe('/dashboard/selling/list-item');
    expect(listItemTarget(false)).toBe('/membership');
  });

  it('a seller gets the four groups to open, in order', () => {
    const groups = accountMenuGroups(true);
    expect(groups.map((entry) => (entry.kind === 'group' ? entry.group.heading : entry.heading))).toEqual([
      'Buying',
      'Selling',
      'Messages',
      'Billing',
    ]);
    expect(groups.every((entry) => entry.kind === 'group')).toBe(true);
  });

  it('a non-seller’s Selling is a link to membership', () => {
    expect(accountMenuGroups(false)[1]).toEqual({ kind: 'link', heading: 'Selling', to: '/membership' });
  });
});
