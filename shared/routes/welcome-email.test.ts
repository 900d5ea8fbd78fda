import { describe, expect, it } from 'vitest';
import { welcomeEmailTarget } from './welcome-email.ts';

describe('welcome-email-redirect', () => {
  it.each([
    [{ authenticated: false, isSeller: false }, '', '/membership'],
    [{ authenticated: false, isSeller: true }, '', '/membership'],
    [{ authenticated: true, isSeller: true }, '', '/dashboard/selling/list-item'],
    [{ authenticated: true, isSeller: false }, '', '/membership'],
    [{ authenticated: false, isSeller: false }, '?cmc=welcome', '/membership?cmc=welcome'],
    [
      { authenticated: true, isSeller: true },
      '?cmc=welcome&x=1',
      '/dashboard/selling/list-item?cmc=welcome&x=1',
    ],
    [{ authenticated: true, isSeller: false }, 'cmc=welcome', '/membership?cmc=welcome'],
    [{ authenticated: true, isSeller: false }, '?', '/membership'],
  ])('%j with %j goes to %j', (user, search, expected) => {
    expect(welcomeEmailTarget(user, search)).toBe(expected);
  });
});
