import { DEMO_ACCOUNTS, type DemoAccountKey } from '../../../src-server/seed/accounts.ts';

/** The accounts the fault tests write as; each keeps at most 100 saved searches. */
export const WRITERS: DemoAccountKey[] = ['buyer', 'seller', 'dealer', 'newSeller', 'admin'];

export async function call(
  baseUrl: string,
  path: string,
  options: { token?: string; body?: unknown; method?: string } = {},
): Promise<Response> {
  return fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(15_000),
  });
}

export async function signIn(baseUrl: string, key: DemoAccountKey): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[key];
  const res = await call(baseUrl, '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`${key} could not sign in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

export const saveSearch = (baseUrl: string, token: string, name: string) =>
  call(baseUrl, '/users/addOrUpdateSaveSearch', { token, body: { name, searchQuery: `keyword=${name}` } });

/** The names of the caller's saved searches (all of them: an account keeps at most 100). */
export async function savedSearchNames(baseUrl: string, token: string): Promise<string[]> {
  const res = await call(baseUrl, '/users/getSavedSearches', { token, body: { total: 100 } });
  if (res.status !== 200)
    throw new Error(`listing saved searches answered ${res.status} ${await res.text()}`);
  return ((await res.json()) as { results: { name: string }[] }).results.map((row) => row.name);
}
