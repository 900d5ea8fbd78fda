import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /auth/login: a token, or the answer that says why not (403, 402, 429). */
export const useLogin = () => useEndpointMutation('authLogin');
