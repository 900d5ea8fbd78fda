import { FIREARM_REFERENCE_ENDPOINTS } from '../../../shared/contract/firearm-reference.ts';
import type { ModuleContext } from '../../module-context.ts';
import { listCalibers, searchReference } from './read.ts';
import { removeCaliber, removeManufacturer, removeModel, removeVariant } from './removals.ts';
import {
  addCaliber,
  addManufacturer,
  addModel,
  addVariant,
  editCaliber,
  editManufacturer,
  editModel,
  editVariant,
} from './service.ts';

/**
 * The firearms reference in the admin console. The contract makes every call admin-only (and the
 * endpoint layer refuses impersonation tokens on admin calls); each write is recorded in the audit
 * log with the caller's address and moves the reference version.
 */
export function registerFirearmReferenceModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;
  endpoints(FIREARM_REFERENCE_ENDPOINTS, {
    adminFirearmReference: ({ query }) => searchReference(db, query),
    adminFirearmCalibers: ({ query }) => listCalibers(db, query),
    adminAddFirearmManufacturer: ({ auth, body, request }) =>
      addManufacturer(db, { auth, address: request.ip }, body),
    adminEditFirearmManufacturer: ({ auth, params, body, request }) =>
      editManufacturer(db, { auth, address: request.ip }, params.id, body),
    adminRemoveFirearmManufacturer: ({ auth, params, request }) =>
      removeManufacturer(db, { auth, address: request.ip }, params.id),
    adminAddFirearmModel: ({ auth, body, request }) => addModel(db, { auth, address: request.ip }, body),
    adminEditFirearmModel: ({ auth, params, body, request }) =>
      editModel(db, { auth, address: request.ip }, params.id, body),
    adminRemoveFirearmModel: ({ auth, params, request }) =>
      removeModel(db, { auth, address: request.ip }, params.id),
    adminAddFirearmVariant: ({ auth, body, request }) => addVariant(db, { auth, address: request.ip }, body),
    adminEditFirearmVariant: ({ auth, params, body, request }) =>
      editVariant(db, { auth, address: request.ip }, params.id, body),
    adminRemoveFirearmVariant: ({ auth, params, request }) =>
      removeVariant(db, { auth, address: request.ip }, params.id),
    adminAddFirearmCaliber: ({ auth, body, request }) => addCaliber(db, { auth, address: request.ip }, body),
    adminEditFirearmCaliber: ({ auth, params, body, request }) =>
      editCaliber(db, { auth, address: request.ip }, params.id, body),
    adminRemoveFirearmCaliber: ({ auth, params, request }) =>
      removeCaliber(db, { auth, address: request.ip }, params.id),
  });
}
