import { useEndpointMutation } from '../../../lib/use-endpoint-mutation.ts';

/** POST /users/addOrUpdateSaveSearch: the search a visitor asked to save before signing in. */
export const useSaveSearch = () => useEndpointMutation('usersAddOrUpdateSaveSearch');
