import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  type EndpointDefinition,
  fillPath,
  PLANNED_ENDPOINT_NAMES,
  pathParamNames,
} from '../../shared/contract/endpoints.ts';
import { type AccountsTestApp, authed, createAccountsTestApp, tokenOf } from './support/accounts.ts';

let t: AccountsTestApp;
const tokens: Record<string, string | undefined> = {};
beforeAll(async () => {
  t = await createAccountsTestApp();
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.admin = await tokenOf(t.app, 'admin');
});
afterAll(() => t.close());

const SOME_ID = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
const urlOf = (endpoint: EndpointDefinition) =>
  `/api${fillPath(endpoint.path, Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, SOME_ID])))}`;

/** Who gets through each access level to meet the 501: visitors are 401, too-low roles 403. */
const EXPECTED: Record<EndpointDefinition['access'], Record<string, number>> = {
  public: { visitor: 501, buyer: 501, seller: 501, admin: 501 },
  user: { visitor: 401, buyer: 501, seller: 501, admin: 501 },
  seller: { visitor: 401, buyer: 403, seller: 501, admin: 501 },
  admin: { visitor: 401, buyer: 403, seller: 403, admin: 501 },
  sellerApi: { visitor: 401, buyer: 401, seller: 401, admin: 401 },
};

describe('endpoints of the contract that are not built yet', () => {
  it('exist: the renderer meets a clear 501, never a 404', () => {
    expect(PLANNED_ENDPOINT_NAMES.length).toBeGreaterThan(0);
  });

  it.each(PLANNED_ENDPOINT_NAMES)(
    '%s answers 501 with the error envelope once access is checked',
    async (name) => {
      const endpoint = ENDPOINTS[name] as EndpointDefinition;
      for (const caller of ['visitor', 'buyer', 'seller', 'admin']) {
        const res = await t.app.inject({
          method: endpoint.method,
          url: urlOf(endpoint),
          headers: authed(tokens[caller]),
        });
        expect(res.statusCode, `${caller} ${endpoint.method} ${endpoint.path}`).toBe(
          EXPECTED[endpoint.access][caller],
        );
        expect(res.json().error.code).toBeTypeOf('string');
        if (res.statusCode === 501) expect(res.json().error.code).toBe('not_implemented');
      }
    },
  );
});
