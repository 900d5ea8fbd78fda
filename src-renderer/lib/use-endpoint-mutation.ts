import { type DefaultError, type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { EndpointName, EndpointResponse } from '../../shared/contract/endpoints.ts';
import type { ApiCallArgs, ApiCallInput } from './api-client.ts';
import { useApiClient } from './api-client-context.tsx';

/** A mutation that sends one endpoint of the contract: `mutateAsync(input)` answers or throws its ApiError. */
export function useEndpointMutation<N extends EndpointName>(
  name: N,
): UseMutationResult<EndpointResponse<N>, DefaultError, ApiCallInput<N>> {
  const api = useApiClient();
  return useMutation({
    // The input is the endpoint's own, whichever of its parts are required.
    mutationFn: (input: ApiCallInput<N>) => api.call(name, ...([input] as ApiCallArgs<N>)),
  });
}
