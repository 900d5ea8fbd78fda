/**
 * The face of the seller-api module (the seller API: OAuth tokens, credentials, and a dealer software's
 * listing and inventory calls). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerSellerApiModule } from './routes.ts';

export { sellerApiAuthenticator } from './access-tokens.ts';
export { listOrCreateCredentials, revokeCredential } from './credentials.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const sellerApiModule: ServerModule = {
  name: 'seller-api',
  register(ctx) {
    registerSellerApiModule(ctx);
  },
};
