import { describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../domain/category.ts';
import { listItemPrefillQuery, parseListItemPrefill } from './list-item-prefill.ts';
import { paths } from './paths.ts';

describe('List an Item prefilled from an identified firearm', () => {
  it('carries the item fields in the query and reads them back', () => {
    const prefill = {
      manufacturer: 'Smith & Wesson',
      model: 'M&P9 2.0',
      caliber: '9mm Luger',
      familyId: CategoryFamilyId.SemiAutoPistols,
      condition: 'Used',
    } as const;
    const url = paths.listItemPrefilled(prefill);
    expect(url).toBe(
      '/dashboard/selling/list-item?manufacturer=Smith+%26+Wesson&model=M%26P9+2.0&caliber=9mm+Luger&familyId=18&condition=Used',
    );
    expect(parseListItemPrefill(new URL(url, 'http://localhost').searchParams)).toEqual(prefill);
  });

  it('leaves out empty fields', () => {
    expect(listItemPrefillQuery({ manufacturer: ' ', model: 'G19' }).toString()).toBe('model=G19');
    expect(paths.listItemPrefilled({})).toBe('/dashboard/selling/list-item');
  });

  it('ignores an unknown category, an unknown condition and over-long text', () => {
    const query = new URLSearchParams({
      familyId: '99',
      condition: 'Mint',
      model: 'x'.repeat(150),
      id: 'not-a-field',
    });
    expect(parseListItemPrefill(query)).toEqual({ model: 'x'.repeat(100) });
  });
});
