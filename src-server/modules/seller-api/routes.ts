import { SELLER_API_ENDPOINTS } from '../../../shared/contract/seller-api.ts';
import { endpointOptionsFor, type ModuleContext } from '../../module-context.ts';
import { listOrCreateCredentials, revokeCredential } from './credentials.ts';
import { upsertBatch, upsertOne } from './inventory.ts';
import { closeOwnListing, listOwnListings, ownListing } from './listings.ts';
import { registerTokenEndpoint } from './oauth.ts';

const { oauthToken: _token, ...API_ENDPOINTS } = SELLER_API_ENDPOINTS;

/**
 * The seller API: a seller's client credentials, the OAuth token endpoint, and the calls a dealer's
 * software makes with its token, each acting for the credential's seller on their own listings only.
 */
export function registerSellerApiModule(ctx: ModuleContext): void {
  const db = ctx.database.db;
  registerTokenEndpoint(ctx.app, { db, secret: ctx.config.jwtSecret }, endpointOptionsFor(ctx.config));
  ctx.endpoints(API_ENDPOINTS, {
    usersSellerApi: ({ body, auth }) =>
      listOrCreateCredentials({ db, secret: ctx.config.jwtSecret }, auth, body),
    usersDeleteClientCredentials: ({ params, auth }) =>
      revokeCredential({ db, secret: ctx.config.jwtSecret }, auth, params.id),
    sellerApiUpsertItem: ({ client, params, body }) => upsertOne(db, client, params.stockNumber, body),
    sellerApiUpsertBatch: ({ client, body }) => upsertBatch(db, client, body.items),
    sellerApiListings: ({ client, query }) => listOwnListings(db, client, query),
    sellerApiListing: ({ client, params }) => ownListing(db, client, params.id),
    sellerApiCloseListing: ({ client, params }) => closeOwnListing(db, client, params.id),
  });
}
