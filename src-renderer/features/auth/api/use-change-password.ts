import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/changePassword: answered with a fresh token (earlier ones stop working). */
export const useChangePassword = () => useEndpointMutation('usersChangePassword');
