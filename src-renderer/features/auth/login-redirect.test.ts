import { describe, expect, it } from 'vitest';
import { loginRedirect, returnTarget } from './login-redirect.ts';

const ORIGIN = 'https://www.ironsight.example';

describe('the redirect after login', () => {
  it.each([
    [null, { kind: 'navigate', to: '/dashboard' }],
    ['', { kind: 'navigate', to: '/dashboard' }],
    ['/search?keyword=glock', { kind: 'navigate', to: '/search?keyword=glock' }],
    [
      '/dashboard/buying/orders?tab=open#top',
      { kind: 'navigate', to: '/dashboard/buying/orders?tab=open#top' },
    ],
    [`${ORIGIN}/firearms/rifles`, { kind: 'navigate', to: '/firearms/rifles' }],
    ['https://evil.example/phish', { kind: 'navigate', to: '/dashboard' }],
    ['//evil.example/phish', { kind: 'navigate', to: '/dashboard' }],
    ['/\\evil.example', { kind: 'navigate', to: '/dashboard' }],
    ['javascript:alert(1)', { kind: 'navigate', to: '/dashboard' }],
    ['dashboard', { kind: 'navigate', to: '/dashboard' }],
    ['/digest', { kind: 'navigate', to: '/digest' }],
    ['/digest?s=glock', { kind: 'navigate', to: '/digest?s=glock' }],
    ['/digest/ar15-buyers-guide', { kind: 'navigate', to: '/digest/ar15-buyers-guide' }],
  ])('returnUrl %j leads to %j', (returnUrl, expected) => {
    expect(returnTarget(returnUrl, ORIGIN)).toEqual(expected);
  });

  it('saves a search first when the login carries its parameters, falling back to the return URL with them', () => {
    const query = new URLSearchParams({
      returnUrl: '/search?keyword=glock',
      searchName: 'Glocks',
      searchQuery: 'keyword=glock',
      frequency: 'Daily',
    });
    expect(loginRedirect(query, ORIGIN)).toEqual({
      kind: 'saveSearch',
      search: { name: 'Glocks', searchQuery: 'keyword=glock', frequency: 'Daily' },
      to: '/dashboard/buying/savedsearches',
      fallback: {
        kind: 'navigate',
        to: '/search?keyword=glock&searchName=Glocks&searchQuery=keyword%3Dglock&frequency=Daily',
      },
    });
  });

  it('ignores incomplete saved-search parameters', () => {
    const query = new URLSearchParams({ returnUrl: '/search', searchName: 'Glocks' });
    expect(loginRedirect(query, ORIGIN)).toEqual({ kind: 'navigate', to: '/search' });
  });
});
