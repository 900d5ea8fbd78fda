import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CITY_ZIP_CODES, citySearchParams } from './city-search.ts';
import { CITY_SLUG_LIST, CITY_SLUGS } from './paths.ts';

const require = createRequire(import.meta.url);
const zipcodes = require('zipcodes') as { lookup(zip: string): { city: string; state: string } | undefined };

describe('city searches', () => {
  it.each(CITY_SLUG_LIST)('the ZIP of %s lies in that city', (slug) => {
    const place = zipcodes.lookup(CITY_ZIP_CODES[slug]);
    expect(place?.city).toBe(CITY_SLUGS[slug].name);
    expect(place?.state).toBe(CITY_SLUGS[slug].state);
  });

  it('searches 50 miles around the city', () => {
    expect(citySearchParams('dallas')).toEqual({ zipCode: '75201', distance: 50 });
  });
});
