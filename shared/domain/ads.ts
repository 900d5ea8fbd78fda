/**
 * Ad zones: each page's zones and the size each reserves, so a zone takes its
 * place before its creative loads and the page never shifts. A page or zone not listed here is an
 * unknown location: the server answers 'Invalid location' and the page renders nothing there.
 */
export const INVALID_AD_LOCATION = 'Invalid location';

export interface AdZoneSize {
  width: number;
  height: number;
  /** Shown only on small screens (`mobile`), only on larger ones (`desktop`), or on both. */
  screens: 'mobile' | 'desktop' | 'all';
}

const HERO: AdZoneSize = { width: 970, height: 250, screens: 'desktop' };
const HERO_MOBILE: AdZoneSize = { width: 320, height: 100, screens: 'mobile' };
const FOCUS: AdZoneSize = { width: 300, height: 250, screens: 'desktop' };
const FOCUS_MOBILE: AdZoneSize = { width: 320, height: 100, screens: 'mobile' };

/** 'Product Focus': three featured-deal zones per page, each with a mobile variant. */
export const PRODUCT_FOCUS_ZONES = [
  { zone: 'product_focus_1', mobile: 'product_focus_1_mob' },
  { zone: 'product_focus_2', mobile: 'product_focus_2_mob' },
  { zone: 'product_focus_3', mobile: 'product_focus_3_mob' },
] as const;

const productFocusZones = (): Record<string, AdZoneSize> =>
  Object.fromEntries(
    PRODUCT_FOCUS_ZONES.flatMap(({ zone, mobile }) => [
      [zone, FOCUS],
      [mobile, FOCUS_MOBILE],
    ]),
  );

/** Pages with ads: home, the glock brand page, and every other brand page (`brand`). */
export const AD_LOCATIONS: Readonly<Record<string, Readonly<Record<string, AdZoneSize>>>> = {
  home: { rev_home_hero_1: HERO, rev_home_hero_1_mob: HERO_MOBILE, ...productFocusZones() },
  glock: productFocusZones(),
  brand: productFocusZones(),
};

export const HOME_HERO_ZONES = { desktop: 'rev_home_hero_1', mobile: 'rev_home_hero_1_mob' } as const;

/** The ad page of a brand page: glock has zones of its own, every other brand shares `brand`. */
export const adPageOfBrand = (slug: string): string => (slug === 'glock' ? 'glock' : 'brand');

/** The reserved size of a zone, or null for an unknown location. */
export function adZoneSize(page: string, zone: string): AdZoneSize | null {
  const zones = Object.hasOwn(AD_LOCATIONS, page) ? AD_LOCATIONS[page] : undefined;
  return zones && Object.hasOwn(zones, zone) ? (zones[zone] ?? null) : null;
}

export type AdEventKind = 'impression' | 'click';
