import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../../shared/domain/text.ts';
import * as accounts from './support/accounts.ts';

let t: accounts.AccountsTestApp;
const tokens: Partial<Record<'buyer' | 'seller', string>> = {};
beforeAll(async () => {
  t = await accounts.createAccountsTestApp();
  tokens.buyer = await accounts.tokenOf(t.app, 'buyer');
  tokens.seller = await accounts.tokenOf(t.app, 'seller');
});
afterAll(() => t.close());

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  as?: 'buyer' | 'seller';
  field: string;
  message?: string;
}

const NUL = '\u0000';
const registration = {
  firstName: 'Nora',
  lastName: 'Null',
  email: 'nora.null@example.com',
  password: 'correct horse battery staple',
  acceptTerms: true,
};

const send = ({ method, url, payload, as }: Case) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: accounts.authed(as ? tokens[as] : undefined),
    remoteAddress: accounts.freshAddress(),
  });

const NUL_CASES: Case[] = [
  {
    name: 'suggestions query',
    method: 'GET',
    url: '/api/listings/suggestions?query=%00abc',
    field: 'query.query',
  },
  {
    name: 'search keyword',
    method: 'POST',
    url: '/api/listings/search',
    payload: { keyword: `a${NUL}b` },
    field: 'keyword',
  },
  {
    name: 'seller listings keyword',
    method: 'POST',
    url: '/api/listings/getall',
    payload: { filters: { keyword: `a${NUL}b` } },
    as: 'seller',
    field: 'filters.keyword',
  },
  {
    name: 'brand keyword',
    method: 'POST',
    url: '/api/brands/kw',
    payload: { keyword: `${NUL}glock` },
    field: 'keyword',
  },
  {
    name: 'short link target',
    method: 'POST',
    url: '/api/shortlinks/get',
    payload: { filters: { fullLink: `/search${NUL}` } },
    field: 'filters.fullLink',
  },
  {
    name: 'saved search name',
    method: 'POST',
    url: '/api/users/addOrUpdateSaveSearch',
    payload: { name: `Deer${NUL}rifles`, searchQuery: 'keyword=deer' },
    as: 'buyer',
    field: 'name',
  },
  {
    name: 'registration name',
    method: 'POST',
    url: '/api/users/register',
    payload: { ...registration, lastName: `Nu${NUL}ll` },
    field: 'lastName',
  },
  {
    name: 'account name',
    method: 'POST',
    url: '/api/users/updateAccountInfo',
    payload: { firstName: `Sam${NUL}` },
    as: 'seller',
    field: 'firstName',
  },
  {
    name: 'account address',
    method: 'POST',
    url: '/api/users/updateAccountInfo',
    payload: { address: { address1: `12 Elm${NUL} St`, city: 'Dallas', state: 'TX', zip: '75201' } },
    as: 'seller',
    field: 'address.address1',
  },
  {
    name: 'other control characters (ESC, C1) in a keyword',
    method: 'POST',
    url: '/api/listings/search',
    payload: { keyword: 'deer\u001b[31m\u0085rifle' },
    field: 'keyword',
  },
  {
    // A field whose schema has no text rule is still caught before it reaches the database.
    name: 'sign-in password (no text rule of its own)',
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: accounts.DEMO_ACCOUNTS.buyer.email, password: `pass${NUL}word` },
    field: 'password',
  },
];

describe('control characters in text fields answer 400 naming the field, never 500', () => {
  it.each(NUL_CASES)('$name', async (testCase) => {
    const res = await send(testCase);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[testCase.field]).toBe(TEXT_MESSAGES.controlCharacters);
  });
});

describe('text-direction controls are refused in names and titles', () => {
  const cases: Case[] = [
    {
      name: 'registration first name',
      method: 'POST',
      url: '/api/users/register',
      payload: { ...registration, email: 'rtl@example.com', firstName: 'Nora\u202Egpj.exe' },
      field: 'firstName',
    },
    {
      name: 'seller display name',
      method: 'POST',
      url: '/api/users/updateAccountInfo',
      payload: { sellerDisplayName: 'Sam \u2066Support\u2069' },
      as: 'seller',
      field: 'sellerDisplayName',
    },
    {
      name: 'saved search name',
      method: 'POST',
      url: '/api/users/addOrUpdateSaveSearch',
      payload: { name: 'Deer \u202Brifles', searchQuery: 'keyword=deer' },
      as: 'buyer',
      field: 'name',
    },
  ];
  it.each(cases)('$name', async (testCase) => {
    const res = await send(testCase);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[testCase.field]).toBe(TEXT_MESSAGES.directionControls);
  });

  it('while right-to-left letters themselves stay welcome', async () => {
    const res = await send({
      name: 'hebrew name',
      method: 'POST',
      url: '/api/users/updateAccountInfo',
      payload: { firstName: 'נועה' },
      as: 'buyer',
      field: 'firstName',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.firstName).toBe('נועה');
  });
});
