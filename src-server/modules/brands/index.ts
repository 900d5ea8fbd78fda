/**
 * The face of the brands module (brand pages and their photos). Other modules and the app import only what
 * is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerBrandsModule } from './routes.ts';

export { listBrands } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const brandsModule: ServerModule = {
  name: 'brands',
  register(ctx) {
    registerBrandsModule(ctx);
  },
};
