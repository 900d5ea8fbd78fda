// Must run before any schema is used.
import '../zod-config.ts';

/*
 * What the API client needs of the contract at run time: the endpoint table (paths, methods, the
 * answer schemas it checks) and the error envelope. Loaded with the first call, so pages that make
 * none (a server-rendered page for a visitor) never download the schemas.
 */
export { ERROR_STATUS, errorEnvelopeSchema } from '../../shared/contract/common.ts';
export { ENDPOINTS, endpointUrl } from '../../shared/contract/endpoints.ts';
