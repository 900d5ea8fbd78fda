import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/reset-password: the emailed link's new password. */
export const useResetPassword = () => useEndpointMutation('usersResetPassword');
