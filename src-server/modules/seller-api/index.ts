/**
 * The face of the seller-api module (the seller API: OAuth tokens, credentials, and a dealer software's
 * listing and inventory calls). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

export { sellerApiAuthenticator } from './access-tokens.ts';
export { listOrCreateCredentials, revokeCredential } from './credentials.ts';
export { registerSellerApiModule } from './routes.ts';
