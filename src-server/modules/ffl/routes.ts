import { FFL_ENDPOINTS } from '../../../shared/contract/ffl.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import {
  findDealer,
  getDealerProfile,
  readLicenseCopy,
  saveLicenseCopy,
  searchDealers,
  updateDealerProfile,
} from './service.ts';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The dealer finder, dealers' own profiles and their licence copies. */
export function registerFflModule({ endpoints, database, blobs }: ModuleContext): void {
  const { db } = database;

  endpoints(FFL_ENDPOINTS, {
    fflSearch: async ({ query }) => searchDealers(db, query),
    fflDealer: async ({ params }) => {
      const dealer = await findDealer(db, params.id);
      if (!dealer) throw notFound('No dealer has that id.');
      return dealer;
    },
    fflProfile: async ({ auth }) => getDealerProfile(db, auth),
    fflUpdateProfile: async ({ auth, body }) => updateDealerProfile(db, blobs, auth, body),
    fflUploadLicenseCopy: async ({ auth, files }) => {
      const [file] = files;
      if (!file) throw badRequest('Choose the licence copy to upload.');
      return saveLicenseCopy(db, blobs, auth, file);
    },
    fflLicenseCopy: async ({ auth, params, reply }) => {
      const copy = await readLicenseCopy(db, blobs, auth, params.id);
      reply
        .type(copy.mediaType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `inline; filename="ffl-license-${params.id}.${EXTENSIONS[copy.mediaType] ?? 'bin'}"`,
        );
      return new Uint8Array(copy.data);
    },
  });
}
