import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /users/getUserIdFromLegacyListerID: the user behind an old lister link; rejects when unknown. */
export function useLegacyListerUserId(): (legacyListerId: string, signal: AbortSignal) => Promise<string> {
  const api = useApiClient();
  return useCallback(
    async (legacyListerId, signal) =>
      (
        await api.call(
          'usersGetUserIdFromLegacyListerId',
          { query: { legacyListerID: legacyListerId } },
          { signal },
        )
      ).userId,
    [api],
  );
}
