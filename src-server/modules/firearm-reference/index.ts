/**
 * The face of the firearm-reference module (staff keep the firearms reference in the admin console:
 * manufacturers, models, variants, calibers and their aliases). Other modules and the app import only
 * what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerFirearmReferenceModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const firearmReferenceModule: ServerModule = {
  name: 'firearm-reference',
  register(ctx) {
    registerFirearmReferenceModule(ctx);
  },
};
