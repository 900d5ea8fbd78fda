import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  decodeTokenClaims,
  isTokenExpired,
  loginForbiddenSchema,
  loginPastDueSchema,
  loginRequestSchema,
  loginResultSchema,
  loginSuccessSchema,
  loginUnauthorizedSchema,
  newPasswordSchema,
  TokenDecodeError,
  tokenClaimsSchema,
  tokenRoles,
} from './auth.ts';
import { ErrorMessage } from './common.ts';
import { ENDPOINTS } from './endpoints.ts';

const USER_ID = '3f2b8c1e-5d4a-4e9b-8c7d-1a2b3c4d5e6f';

const claims = {
  role: 'BasicSeller',
  status: 'Active',
  unique_name: USER_ID,
  email: 'seller@example.com',
  given_name: 'Sam',
  family_name: 'Seller',
  userOptions: 'AttestedToTermsOfService, AttestedToMarketingOptIn',
  accountOptions: 'None',
  sellerDisplayName: 'Sam’s Guns',
  phoneNumber: '214-555-0100',
  exp: 1_900_000_000,
  iat: 1_899_913_600,
};

const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const tokenWith = (payload: unknown) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;

describe('login', () => {
  it('asks for email and password with the spec messages', () => {
    const result = loginRequestSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Email is required.');
    expect(messages).toContain('Password is required.');
  });

  it('answers 200 with a token and the payment-setup flag', () => {
    const body = {
      jwtToken: 'a.b.c',
      statusCode: 200,
      passwordExpired: false,
      hasAcceptedPaymentSetup: false,
    };
    expect(loginSuccessSchema.parse(body)).toEqual(body);
    expect(ENDPOINTS.authLogin.response).toBe(loginSuccessSchema);
  });

  it('answers 401 with the envelope and the invalid-credentials message', () => {
    const body = {
      statusCode: 401,
      passwordExpired: false,
      error: { code: 'unauthorized', message: ErrorMessage.InvalidCredentials },
    };
    expect(loginUnauthorizedSchema.parse(body)).toEqual(body);
    expect(ENDPOINTS.authLogin.responses[401]).toBe(loginUnauthorizedSchema);
  });

  it('answers 402 with the past-due amount for an account frozen for non-payment', () => {
    const body = {
      statusCode: 402,
      passwordExpired: false,
      pastDueAmount: 49.95,
      email: 'late@example.com',
      freezeReason: 'NonPayment',
      error: { code: 'payment_required', message: 'Your account has a past-due balance.' },
    };
    expect(loginPastDueSchema.parse(body)).toEqual(body);
    expect(loginPastDueSchema.safeParse({ ...body, freezeReason: 'Fraud' }).success).toBe(false);
    expect(ENDPOINTS.authLogin.responses[402]).toBe(loginPastDueSchema);
  });

  it('answers 403 with passwordExpired for an expired password', () => {
    const body = {
      statusCode: 403,
      passwordExpired: true,
      email: 'old@example.com',
      error: { code: 'forbidden', message: 'Your password has expired.' },
    };
    expect(loginForbiddenSchema.parse(body)).toEqual(body);
    expect(ENDPOINTS.authLogin.responses[403]).toBe(loginForbiddenSchema);
  });

  it('tells the answers apart by statusCode', () => {
    const result = loginResultSchema.parse({
      statusCode: 402,
      passwordExpired: false,
      pastDueAmount: 10,
      email: 'late@example.com',
      freezeReason: 'NonPayment',
      error: { code: 'payment_required', message: 'Past due.' },
    });
    expect(result.statusCode === 402 && result.pastDueAmount).toBe(10);
    expect(loginResultSchema.safeParse({ statusCode: 200, jwtToken: '' }).success).toBe(false);
  });
});

describe('token claims', () => {
  it('accept one role as a string', () => {
    const parsed = tokenClaimsSchema.parse(claims);
    expect(tokenRoles(parsed)).toEqual(['BasicSeller']);
  });

  it('accept a list of roles', () => {
    const parsed = tokenClaimsSchema.parse({ ...claims, role: ['Buyer', 'Admin'] });
    expect(tokenRoles(parsed)).toEqual(['Buyer', 'Admin']);
  });

  it('accept the Locked status and refuse unknown ones', () => {
    expect(tokenClaimsSchema.safeParse({ ...claims, status: 'Locked' }).success).toBe(true);
    expect(tokenClaimsSchema.safeParse({ ...claims, status: 'Deleted' }).success).toBe(false);
  });

  it('default the optional text claims to empty', () => {
    const { sellerDisplayName, phoneNumber, userOptions, accountOptions, ...rest } = claims;
    const parsed = tokenClaimsSchema.parse(rest);
    expect(parsed).toMatchObject({
      sellerDisplayName: '',
      phoneNumber: '',
      userOptions: '',
      accountOptions: '',
    });
  });

  it('are read from a stored token', () => {
    expect(decodeTokenClaims(tokenWith(claims))).toMatchObject({
      unique_name: USER_ID,
      sellerDisplayName: 'Sam’s Guns',
    });
  });

  it('raise an error for a token that is not three-part or not decodable', () => {
    expect(() => decodeTokenClaims('a.b')).toThrow(TokenDecodeError);
    expect(() => decodeTokenClaims('a.%%%.c')).toThrow(TokenDecodeError);
    expect(() => decodeTokenClaims(tokenWith({ hello: 'world' }))).toThrow(TokenDecodeError);
  });

  it('expire at exp', () => {
    expect(isTokenExpired({ exp: 100 }, new Date(99_000))).toBe(false);
    expect(isTokenExpired({ exp: 100 }, new Date(100_000))).toBe(true);
  });
});

describe('new passwords', () => {
  it.each([
    ['', 'Password is required.'],
    ['short1', 'Password must be at least 8 characters.'],
    ['x'.repeat(129), 'Password must be at most 128 characters.'],
  ])('refuse %j with %s', (password, message) => {
    const result = newPasswordSchema.safeParse(password);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each(['onlyletters', '12345678', 'correct horse battery staple'])(
    'accept %j: length is the rule, not composition',
    (password) => {
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    },
  );

  it('must differ from the current password', () => {
    const result = changePasswordRequestSchema.safeParse({
      currentPassword: 'secret123',
      newPassword: 'secret123',
    });
    expect(result.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: 'secret123' }).success,
    ).toBe(true);
  });
});
