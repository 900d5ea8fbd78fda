import { describe, expect, it } from 'vitest';
import { describeSearch, savableQuery } from './describe-search.ts';

describe('describeSearch', () => {
  it.each([
    ['keyword=glock', '“glock”'],
    ['', 'All listings'],
    [
      'keyword=glock&listingType=local&maxPrice=600&zipCode=75201&distance=25',
      '“glock” · local pickup · up to $600.00 · within 25 miles of 75201',
    ],
    ['minPrice=100&maxPrice=200&condition=NewInBox', 'new in box · $100.00 to $200.00'],
    ['zipCode=75201', 'within 50 miles of 75201'],
  ])('%s reads as %s', (query, words) => {
    expect(describeSearch(query)).toBe(words);
  });
});

describe('savableQuery', () => {
  it('keeps the filters and sort and drops the page', () => {
    expect(savableQuery('?keyword=glock&page=3&sort=newest')).toBe('keyword=glock&sort=newest');
    expect(savableQuery('')).toBe('');
  });
});
