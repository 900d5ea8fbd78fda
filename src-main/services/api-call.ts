/**
 * What the main process's own API calls share (the watched folder's uploads, the outbox): the URL
 * of a contract path, the session's bearer header, and the reason read out of an error answer.
 */
import { isErrorEnvelope } from '../../shared/contract/common.ts';
import { API_BASE } from '../../shared/contract/endpoint.ts';

/** The `fetch` the main process uses (Node's, or a fake in tests). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** `https://api.example/api/users/bulkuploads` from the origin and a contract path. */
export function apiUrl(apiOrigin: string, path: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}${API_BASE}${path}`;
}

/** The server's message (and first field problem) of an error answer, or a plain description. */
export async function problemOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorEnvelope(body)) {
    const field = Object.values(body.error.fields ?? {})[0];
    const message = body.error.message.trim();
    if (field && field !== message) return message ? `${message} ${field}` : field;
    if (message) return message;
  }
  return `The server answered ${response.status}.`;
}

/** Statuses after which the same request may go through later. */
export function isTransientStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;
}
