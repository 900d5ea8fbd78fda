/**
 * The face of the docs module (the API reference (OpenAPI document and its readable page)). Other modules
 * and the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerDocsModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const docsModule: ServerModule = {
  name: 'docs',
  register(ctx) {
    registerDocsModule(ctx);
  },
};
