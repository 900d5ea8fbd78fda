/**
 * The face of the identification module (what a firearm is, from photos and what the owner knows;
 * the backfill of listing identities). Other modules and the app import only what is exported here;
 * everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerIdentificationModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const identificationModule: ServerModule = {
  name: 'identification',
  register: (ctx) => registerIdentificationModule(ctx),
};
