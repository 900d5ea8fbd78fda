import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_FAMILIES, CategoryFamilyId } from '../../../shared/domain/category.ts';
import { DROPDOWN_DELAY_MS } from '../../../shared/domain/constants.ts';
import { parseSearchParams } from '../../../shared/search/search-url.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { MENU } from './menu-items.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const menuLinks = MENU.flatMap((entry) =>
  entry.kind === 'link' ? [entry] : entry.columns.flatMap((column) => [column.heading, ...column.links]),
);

describe('mega menu', () => {
  it('carries the Shop Local defaults: zip 75207, 50 miles, local listings', () => {
    const shopLocal = menuLinks.find((link) => link.label === 'Shop Local');
    expect(parseSearchParams(shopLocal?.to ?? '')).toEqual({
      zipCode: '75207',
      distance: 50,
      listingType: 'local',
    });
  });

  it.each([
    ['/search?zipCode=75207&distance=50&listingType=local', true],
    ['/search?zipCode=10001&distance=25&listingType=local', true],
    ['/search?keyword=glock', false],
    ['/search?sellerId=d1000000-0000-4000-8000-000000000002', false],
    ['/search?listingType=national', false],
    ['/search', false],
    ['/newthisweek', false],
  ])('marks Shop Local as the current page on %s: %s', (url, current) => {
    renderWithRouter(<MegaMenu />, { url });
    const shopLocal = screen.getByRole('link', { name: 'Shop Local' });
    expect(shopLocal.getAttribute('aria-current') === 'page').toBe(current);
  });

  it('links every category family once, by its familyIDs', () => {
    const familyIds = menuLinks
      .map((link) => parseSearchParams(link.to).familyIDs)
      .filter((ids): ids is CategoryFamilyId[] => ids?.length === 1)
      .map(([id]) => id);
    expect([...familyIds].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      CATEGORY_FAMILIES.map((family) => family.id),
    );
    expect(menuLinks.find((link) => link.label === 'Revolvers')?.to).toBe(
      `/search?familyIDs=${CategoryFamilyId.Revolvers}`,
    );
  });

  it('opens one dropdown at a time from the keyboard on large screens', async () => {
    renderWithRouter(<MegaMenu />);
    const firearms = screen.getByRole('button', { name: 'Firearms' });
    fireEvent.click(firearms);
    expect(firearms.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Handguns' }).getAttribute('href')).toBe('/firearms/handguns');

    fireEvent.click(screen.getByRole('button', { name: 'Brands' }));
    expect(firearms.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Handguns' })).toBeNull();

    await act(() => fireEvent.keyDown(screen.getByRole('button', { name: 'Brands' }), { key: 'Escape' }));
    expect(screen.queryByRole('link', { name: 'Glock' })).toBeNull();
  });

  it('opens on hover after the dropdown delay, moves at once to a neighbour, and closes when the pointer leaves', () => {
    vi.useFakeTimers();
    try {
      renderWithRouter(<MegaMenu />);
      const firearms = screen.getByRole('button', { name: 'Firearms' });
      const brands = screen.getByRole('button', { name: 'Brands' });
      fireEvent.pointerEnter(firearms.closest('li') as HTMLElement);
      act(() => vi.advanceTimersByTime(DROPDOWN_DELAY_MS - 1));
      expect(firearms.getAttribute('aria-expanded')).toBe('false');
      act(() => vi.advanceTimersByTime(1));
      expect(firearms.getAttribute('aria-expanded')).toBe('true');

      fireEvent.pointerEnter(brands.closest('li') as HTMLElement);
      expect(brands.getAttribute('aria-expanded')).toBe('true');
      expect(firearms.getAttribute('aria-expanded')).toBe('false');

      fireEvent.pointerLeave(brands.closest('ul')?.parentElement as HTMLElement);
      act(() => vi.advanceTimersByTime(DROPDOWN_DELAY_MS));
      expect(brands.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on Escape with focus back on its button, and on a click outside', () => {
    renderWithRouter(
      <>
        <MegaMenu />
        <p>Elsewhere</p>
      </>,
    );
    const firearms = screen.getByRole('button', { name: 'Firearms' });
    fireEvent.click(firearms);
    const handguns = screen.getByRole('link', { name: 'Handguns' });
    handguns.focus();
    fireEvent.keyDown(handguns, { key: 'Escape' });
    expect(firearms.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(firearms);

    fireEvent.click(firearms);
    expect(screen.getByRole('link', { name: 'Handguns' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('link', { name: 'Handguns' })).toBeNull();
  });

  it('is an accordion with one section open at a time on small screens', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener() {},
      removeEventListener() {},
    }));
    renderWithRouter(<MegaMenu />);
    const firearms = screen.getByRole('button', { name: 'Firearms' });
    const gear = screen.getByRole('button', { name: 'Ammo & Gear' });
    fireEvent.click(firearms);
    expect(firearms.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'Firearms' });
    expect(within(region).getByRole('link', { name: 'Revolvers' })).toBeTruthy();
    fireEvent.click(gear);
    expect(gear.getAttribute('aria-expanded')).toBe('true');
    expect(firearms.getAttribute('aria-expanded')).toBe('false');
  });
});
