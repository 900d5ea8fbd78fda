import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/register: a new account (or a pending one completed), answered with a token. */
export const useRegister = () => useEndpointMutation('usersRegister');
