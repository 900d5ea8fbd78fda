import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/unfreeze: pays the past-due balance and answers a fresh token. */
export const useUnfreeze = () => useEndpointMutation('usersUnfreeze');
