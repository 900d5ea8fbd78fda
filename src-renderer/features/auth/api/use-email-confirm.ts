import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/email-confirm: the emailed confirmation link's user and token. */
export const useEmailConfirm = () => useEndpointMutation('usersEmailConfirm');
