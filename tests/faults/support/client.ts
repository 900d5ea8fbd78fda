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

/** How long a sign-in keeps asking again while the server answers that it is busy. */
const SIGN_IN_BUSY_MS = 30_000;

/**
 * Signs in as a demo account. A 503 ("busy, try again") is asked again after its Retry-After, as a
 * person would: a server resuming background work (a bulk upload's batch transactions on the
 * embedded database) may answer so for a moment; any other answer but 200 fails at once.
 */
export async function signIn(baseUrl: string, key: DemoAccountKey): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[key];
  const deadline = Date.now() + SIGN_IN_BUSY_MS;
  for (;;) {
    const res = await call(baseUrl, '/auth/login', { body: { email, password } });
    if (res.status === 200) return ((await res.json()) as { jwtToken: string }).jwtToken;
    const body = await res.text();
    if (res.status !== 503 || Date.now() >= deadline)
      throw new Error(`${key} could not sign in: ${res.status} ${body}`);
    const seconds = Number(res.headers.get('retry-after'));
    await new Promise((resolve) => setTimeout(resolve, 1000 * (seconds > 0 ? Math.min(seconds, 5) : 1)));
  }
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
