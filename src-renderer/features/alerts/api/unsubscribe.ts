import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /alerts/unsubscribe with the token of a digest e-mail's link (no sign-in needed). */
export const useUnsubscribeFromAlerts = () => useEndpointMutation('alertsUnsubscribe');
