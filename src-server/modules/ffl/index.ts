/**
 * The face of the ffl module (the federal licensee directory: dealer finder, dealer profiles, licence
 * copies, the ATF list import). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerFflModule } from './routes.ts';

export { importLicensees } from './import.ts';
export { parseLicenseeList } from './licensee-list.ts';
export { allowSellerToReadLicenseCopy, findActiveDealer, revokeSellerLicenseCopyAccess } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const fflModule: ServerModule = {
  name: 'ffl',
  register(ctx) {
    registerFflModule(ctx);
  },
};
