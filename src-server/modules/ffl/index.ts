/**
 * The face of the ffl module (the federal licensee directory: dealer finder, dealer profiles, licence
 * copies, the ATF list import). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

export { importLicensees } from './import.ts';
export { parseLicenseeList } from './licensee-list.ts';
export { registerFflModule } from './routes.ts';
export { allowSellerToReadLicenseCopy, findActiveDealer, revokeSellerLicenseCopyAccess } from './service.ts';
