import type { TokenClaims } from '../../shared/contract/auth.ts';

const base64Url = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned three-part token carrying `claims`, as the renderer reads it (it never verifies). */
export function fakeToken(claims: Partial<TokenClaims> = {}): string {
  const payload: TokenClaims = {
    role: 'Buyer',
    status: 'Active',
    unique_name: 'd1000000-0000-4000-8000-000000000001',
    email: 'buyer@example.com',
    given_name: 'Blake',
    family_name: 'Buyer',
    userOptions: 'AttestedToTermsOfService',
    accountOptions: 'None',
    sellerDisplayName: '',
    phoneNumber: '2145550100',
    exp: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
    ...claims,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}

export const SELLER_CLAIMS: Partial<TokenClaims> = {
  role: ['Buyer', 'BasicSeller'],
  unique_name: 'd1000000-0000-4000-8000-000000000002',
  email: 'seller@example.com',
  given_name: 'Sam',
  family_name: 'Seller',
  sellerDisplayName: 'Sam S.',
};
