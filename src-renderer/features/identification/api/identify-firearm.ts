import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FirearmIdentification, FirearmInfo } from '../../../../shared/contract/identification.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export interface IdentifyRequest {
  info: FirearmInfo;
  photos: readonly File[];
}

/** POST /firearms/identify: the photos as `images` and what the owner knows as `FirearmInfoJson`. */
export function identifyFirearm(
  api: ApiClient,
  { info, photos }: IdentifyRequest,
  onProgress: (sent: number) => void,
): Promise<FirearmIdentification> {
  return api.call(
    'firearmsIdentify',
    { body: info, files: photos },
    { onUploadProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0) },
  );
}

/**
 * Sends an identification; `progress` is the share of the photos sent (0 to 1) while they upload,
 * 1 while the server reads them, null otherwise.
 */
export function useIdentifyFirearm() {
  const api = useApiClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (request: IdentifyRequest) => {
      setProgress(0);
      return identifyFirearm(api, request, setProgress);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
