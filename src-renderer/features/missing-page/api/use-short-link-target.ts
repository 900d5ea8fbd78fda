import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /shortlinks/getByShortCode/{code}: where a short link leads (null when it has no target). */
export function useShortLinkTarget(): (code: string, signal: AbortSignal) => Promise<string | null> {
  const api = useApiClient();
  return useCallback(
    async (code, signal) =>
      (await api.call('shortlinksGetByShortCode', { params: { code } }, { signal })).items[0]?.fullLink ??
      null,
    [api],
  );
}
