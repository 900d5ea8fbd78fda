import type { FetchFunction } from '../lib/api-client.ts';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: RequestInit['body'];
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A stand-in for the network: answers each request with `respond` and records what was sent.
 * It plays the transport only; what the server would answer is spelled out in each test.
 */
export function createFakeFetch(respond: Responder): FetchFunction & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fake = async (input: string, init: RequestInit) => {
    const request: RecordedRequest = {
      url: input,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError');
    return respond(request);
  };
  return Object.assign(fake, { requests });
}
