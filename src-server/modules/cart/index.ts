/**
 * The face of the cart module (the server copy of a signed-in buyer's cart). Other modules and the app
 * import only what is exported here; everything else in this folder is the module's own (docs/code-
 * map.md).
 */

export { registerCartModule } from './routes.ts';
