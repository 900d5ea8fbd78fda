import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import type { SellerApiResponse } from '../../../shared/contract/seller-api-credentials.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { authed, freshAddress } from './accounts.ts';
import { multipartForm } from './uploads.ts';

export interface Credential {
  id: string;
  clientId: string;
  clientSecret: string;
}

/** Creates a seller-API credential for the signed-in seller of `sessionToken`. */
export async function createCredential(
  app: FastifyInstance,
  sessionToken: string,
  name = 'Point of sale',
): Promise<Credential> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/sellerapi',
    headers: authed(sessionToken),
    payload: { generate: true, name },
  });
  if (res.statusCode !== 200) throw new Error(`credential not created: ${res.statusCode} ${res.body}`);
  const created = (res.json() as SellerApiResponse).created;
  if (!created) throw new Error('no credential in the answer');
  return { id: created.id, clientId: created.clientId, clientSecret: created.clientSecret };
}

export const basicAuth = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;

/** POST /api/oauth/token with a form body and optional headers. */
export function requestToken(
  app: FastifyInstance,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: freshAddress(),
  });
}

/** An access token of the seller API for a credential (client-credentials grant over HTTP Basic). */
export async function accessTokenOf(
  app: FastifyInstance,
  credential: Credential,
  scope?: string,
): Promise<string> {
  const res = await requestToken(
    app,
    { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
    { authorization: basicAuth(credential.clientId, credential.clientSecret) },
  );
  if (res.statusCode !== 200) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

let unique = 0;
/** A listing input of one seller, with a word no other listing carries. */
export function listingInput(overrides: Partial<ListingInput> = {}): ListingInput {
  unique += 1;
  return {
    title: `Ruger SP101 test ${unique}`,
    description: '<p>A revolver kept in its box.</p>',
    familyId: CategoryFamilyId.Revolvers,
    manufacturer: 'Ruger',
    model: 'SP101',
    caliber: '.357 Magnum',
    condition: 'Used',
    quantity: 1,
    price: 599.99,
    zipCode: '75201',
    ...overrides,
  };
}

/** Creates (or with `id` updates) a listing on the site as the signed-in seller. */
export async function saveListingOnSite(
  app: FastifyInstance,
  sessionToken: string,
  input: ListingInput,
): Promise<ListingDetail> {
  const form = multipartForm({ request: JSON.stringify(input) }, []);
  const res = await app.inject({
    method: 'POST',
    url: '/api/listings/add',
    headers: { ...form.headers, ...authed(sessionToken) },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`listing not saved: ${res.statusCode} ${res.body}`);
  return res.json() as ListingDetail;
}
