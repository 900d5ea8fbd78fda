import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/updateAccountInfo: the whole profile, answered with a fresh token. */
export const useUpdateAccountInfo = () => useEndpointMutation('usersUpdateAccountInfo');
