import { describe, expect, it } from 'vitest';
import { TokenDecodeError } from '../../../shared/contract/auth.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { needsRegistration } from './session.ts';
import { readSession } from './session-token.ts';

describe('the session a stored token stands for', () => {
  it('is signed out without a token', () => {
    expect(readSession(null)).toEqual({ status: 'signedOut' });
    expect(readSession('')).toEqual({ status: 'signedOut' });
  });

  it('reads the user from the claims: names, initials, email, phone, seller and admin', () => {
    const session = readSession(fakeToken(SELLER_CLAIMS));
    expect(session.status).toBe('signedIn');
    if (session.status !== 'signedIn') return;
    expect(session.user).toMatchObject({
      id: 'd1000000-0000-4000-8000-000000000002',
      firstName: 'Sam',
      lastName: 'Seller',
      initials: 'SS',
      email: 'seller@example.com',
      phone: '2145550100',
      isSeller: true,
      isAdmin: false,
      roles: ['Buyer', 'BasicSeller'],
    });
  });

  it.each([
    ['Buyer', false],
    ['BasicSeller', true],
    ['TrustedSeller', true],
    [['Buyer', 'PlatinumSeller'], true],
    ['Admin', false],
  ] as const)('role claim %j makes a seller: %s', (role, isSeller) => {
    const session = readSession(fakeToken({ role: role as string | string[] }));
    expect(session.status === 'signedIn' && session.user.isSeller).toBe(isSeller);
  });

  it('is signed out once the token has expired', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(readSession(fakeToken({ exp })).status).toBe('signedIn');
    expect(readSession(fakeToken({ exp }), new Date((exp + 1) * 1000))).toEqual({ status: 'signedOut' });
    expect(readSession(fakeToken({ exp }), new Date(exp * 1000))).toEqual({ status: 'signedOut' });
  });

  it.each(['not-a-token', 'a.b', 'a..c', 'a.%%%.c', `x.${btoa('{"role":"Buyer"}')}.y`])(
    'raises for a token that is not three-part or cannot be decoded: %s',
    (token) => {
      expect(() => readSession(token)).toThrow(TokenDecodeError);
    },
  );

  it('sends a pending-registration or locked account to registration', () => {
    const user = (claims: Parameters<typeof fakeToken>[0]) => {
      const session = readSession(fakeToken(claims));
      if (session.status !== 'signedIn') throw new Error('expected a session');
      return session.user;
    };
    expect(needsRegistration(user({ accountOptions: 'PendingRegistration' }))).toBe(true);
    expect(user({ accountOptions: 'PendingRegistration' }).accountOptions).toBe(
      AccountOption.PendingRegistration,
    );
    expect(needsRegistration(user({ status: 'Locked' }))).toBe(true);
    expect(needsRegistration(user({}))).toBe(false);
    expect(needsRegistration(user({ accountOptions: 'FrozenForNonPayment' }))).toBe(false);
  });
});
