/**
 * The face of the alerts module (buyer alerts: the alert job, Buyer Tools' alert settings and the digest's
 * unsubscribe link). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

export { registerAlertsModule } from './routes.ts';
