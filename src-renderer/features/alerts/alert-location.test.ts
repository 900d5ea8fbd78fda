import { describe, expect, it } from 'vitest';
import { alertSourceForPath } from './alert-location.ts';

describe('which alerts the banner shows on a path', () => {
  it.each([
    ['/', { kind: 'public', location: 'HomePage' }],
    ['/search', { kind: 'public', location: 'SearchByTerm' }],
    ['/Search', { kind: 'public', location: 'SearchByTerm' }],
    ['/firearms', { kind: 'public', location: 'SearchByCategory' }],
    ['/firearms/handguns', { kind: 'public', location: 'SearchByCategory' }],
    ['/guns', { kind: 'public', location: 'SearchByCategory' }],
    ['/ammunition', { kind: 'public', location: 'SearchByCategory' }],
    ['/ammo/9mm', { kind: 'public', location: 'SearchByCategory' }],
    ['/accessories', { kind: 'public', location: 'SearchByCategory' }],
    ['/guns-houston', null],
    ['/gun-shows', null],
    ['/dashboard', { kind: 'user' }],
    ['/dashboard/buying/orders', { kind: 'user' }],
    ['/about-us', null],
    ['/login', null],
    ['/brand/glock', null],
    ['/search/lister/4321', null],
  ])('%s → %j', (path, expected) => {
    expect(alertSourceForPath(path)).toEqual(expected);
  });
});
