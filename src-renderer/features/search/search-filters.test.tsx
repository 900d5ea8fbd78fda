import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchFacets } from '../../../shared/contract/listing-search.ts';
import { CATEGORY_FAMILIES, CategoryFamilyId } from '../../../shared/domain/category.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import { SearchFilters } from './search-filters.tsx';

afterEach(cleanup);

/** Facets of a search for Revolvers: the family facet ignores that filter, so other families count. */
const FACETS: SearchFacets = {
  family: [
    { id: CategoryFamilyId.SemiAutoPistols, count: 30 },
    { id: CategoryFamilyId.Revolvers, count: 20 },
  ],
  condition: [{ value: 'Used', count: 12 }],
  listingType: [
    { value: ListingType.National, count: 15 },
    { value: ListingType.Local, count: 5 },
  ],
};

const fieldset = (name: string) => within(screen.getByRole('group', { name }));

describe('search filters', () => {
  it('lists every family with its count, ticked or not, and adds a second family', () => {
    const onChange = vi.fn();
    render(
      <SearchFilters
        params={{ familyIDs: [CategoryFamilyId.Revolvers] }}
        facets={FACETS}
        onChange={onChange}
      />,
    );
    const category = fieldset('Category');
    expect(category.getAllByRole('checkbox')).toHaveLength(CATEGORY_FAMILIES.length);
    const revolvers = category.getByRole('checkbox', { name: /Revolvers/ }) as HTMLInputElement;
    expect(revolvers.checked).toBe(true);
    const pistols = category.getByRole('checkbox', { name: /Semi Auto Pistols.*30 listings/ });
    expect((pistols as HTMLInputElement).checked).toBe(false);
    // A family the answer does not mention counts 0 and can still be ticked.
    expect(category.getByRole('checkbox', { name: /Optics.*\b0 listings/ })).toBeTruthy();

    fireEvent.click(pistols);
    expect(onChange).toHaveBeenLastCalledWith({
      familyIDs: [CategoryFamilyId.Revolvers, CategoryFamilyId.SemiAutoPistols],
    });
    fireEvent.click(revolvers);
    expect(onChange).toHaveBeenLastCalledWith({ familyIDs: undefined });
  });

  it('lists every condition and listing type with its count', () => {
    render(
      <SearchFilters
        params={{ condition: 'Used', listingType: 'local' }}
        facets={FACETS}
        onChange={vi.fn()}
      />,
    );
    const conditions = fieldset('Condition');
    expect(conditions.getAllByRole('radio')).toHaveLength(4);
    expect(conditions.getByRole('radio', { name: /Used.*12 listings/ })).toBeTruthy();
    expect(conditions.getByRole('radio', { name: /New in box.*\b0 listings/i })).toBeTruthy();
    const types = fieldset('Listing type');
    expect(types.getByRole('radio', { name: /Ships nationwide.*15 listings/ })).toBeTruthy();
    expect(types.getByRole('radio', { name: /Local pickup.*5 listings/ })).toBeTruthy();
    expect(types.getByRole('radio', { name: /Auction.*\b0 listings/ })).toBeTruthy();
  });

  it('shows no counts before the first answer', () => {
    render(<SearchFilters params={{}} facets={undefined} onChange={vi.fn()} />);
    expect(fieldset('Category').getAllByRole('checkbox')).toHaveLength(CATEGORY_FAMILIES.length);
    expect(screen.queryByText(/listings\)/)).toBeNull();
  });
});
