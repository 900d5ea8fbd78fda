/**
 * The face of the newsletter module (newsletter sign-up, confirmation and unsubscribe). Other modules and
 * the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerNewsletterModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const newsletterModule: ServerModule = {
  name: 'newsletter',
  register(ctx, deps) {
    registerNewsletterModule(ctx, deps.accounts);
  },
};
