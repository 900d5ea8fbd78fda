import { ENDPOINTS, type EndpointName, type EndpointResponse } from '../../shared/contract/endpoints.ts';
import type { EndpointCaller, EndpointCallInput } from '../../shared/server-render.ts';
import {
  type ApiCallArgs,
  type ApiClient,
  ApiError,
  ClientErrorCode,
  createApiClient,
} from './api-client.ts';

/**
 * The API client of a page rendered on the server: the same calls, keyed the same way, answered by
 * the server's handlers inside its process (no HTTP), as for a visitor with no session. A failed call
 * throws the same `ApiError` a browser would get, so the hooks decide the same way on both sides.
 */
export function createInProcessApiClient(caller: EndpointCaller, pageUrl: string): ApiClient {
  const urls = createApiClient({
    platform: { apiOrigin: '', getToken: async () => null },
    pageUrl: () => pageUrl,
  });
  async function call<N extends EndpointName>(
    name: N,
    ...args: ApiCallArgs<N>
  ): Promise<EndpointResponse<N>> {
    const [input] = args;
    const answer = await caller(name, (input ?? {}) as EndpointCallInput);
    if (!answer.ok) {
      throw new ApiError({
        status: answer.status,
        code: answer.code,
        message: answer.message,
        ...(answer.fields ? { fields: answer.fields } : {}),
      });
    }
    const parsed = ENDPOINTS[name].response.safeParse(answer.data);
    if (!parsed.success) {
      throw new ApiError({
        status: 200,
        code: ClientErrorCode.InvalidResponse,
        message: 'The server answered in an unexpected form.',
        body: answer.data,
      });
    }
    return parsed.data as EndpointResponse<N>;
  }
  return { call, url: urls.url };
}
