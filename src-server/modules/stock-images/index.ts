/**
 * The face of the stock-images module (stock category artwork). Other modules and the app import only what
 * is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerStockImagesModule } from './routes.ts';

export { familyImagePath } from './artwork.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const stockImagesModule: ServerModule = {
  name: 'stock-images',
  register(ctx) {
    registerStockImagesModule(ctx);
  },
};
