import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/change-expired-password: a new password in place of an expired one. */
export const useChangeExpiredPassword = () => useEndpointMutation('usersChangeExpiredPassword');
