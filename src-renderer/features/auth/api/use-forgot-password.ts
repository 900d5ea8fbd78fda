import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/forgot-password: emails a reset link when the account exists. */
export const useForgotPassword = () => useEndpointMutation('usersForgotPassword');
