/**
 * The face of the content module (the digest, its articles, the social-proof figures and the sitemaps).
 * Other modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerContentModule } from './routes.ts';

export { readingMinutes } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const contentModule: ServerModule = {
  name: 'content',
  register(ctx) {
    registerContentModule(ctx);
  },
};
