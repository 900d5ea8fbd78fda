/**
 * The face of the shortlinks module (short links and their redirects). Other modules and the app import
 * only what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerShortLinksModule } from './routes.ts';

export { shortLinkTarget } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const shortLinksModule: ServerModule = {
  name: 'shortlinks',
  register(ctx) {
    registerShortLinksModule(ctx);
  },
};
