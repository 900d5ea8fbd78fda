/**
 * The face of the users module (registration, the signed-in account, alerts, dashboard counts, listing
 * eligibility, unfreezing). Other modules and the app import only what is exported here; everything else
 * in this folder is the module's own (docs/code-map.md).
 */

export { registerUsersModule } from './routes.ts';
