/** Real HTTP to the cluster's servers and balancer, as a browser or the desktop client sends it. */
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { cameraJpeg, multipartForm } from '../../api/support/uploads.ts';

export interface Session {
  token: string;
  authorization: string;
}

/** POST /api/auth/login; the answer as is. */
export function login(
  origin: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in and answers the session (throws when refused). */
export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const response = await login(origin, email, password);
  const body = (await response.json()) as { jwtToken?: string };
  if (response.status !== 200 || !body.jwtToken) {
    throw new Error(`${email} could not sign in on ${origin}: ${response.status} ${JSON.stringify(body)}`);
  }
  return { token: body.jwtToken, authorization: `Bearer ${body.jwtToken}` };
}

/** A server-sent events stream read over real HTTP: its raw text, and each `data:` line parsed. */
export interface RawEventStream<T> {
  status: number;
  readonly text: string;
  events: T[];
  /** Waits for an event matching `match`, already received or still to come. */
  next(match: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

export async function openRawEventStream<T = unknown>(
  url: string,
  session: Session | null,
): Promise<RawEventStream<T>> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(session ? { authorization: session.authorization } : {}) },
    signal: controller.signal,
  });
  let text = '';
  const events: T[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += value;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as T);
            }
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
          for (const wake of [...waiters]) wake();
        }
      } catch {
        // Closed here, or cut.
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    get text() {
      return text;
    },
    events,
    ended,
    next: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

/** What a steady stream of reads through the balancer met. */
export interface ReadLoad {
  sent: number;
  failures: string[];
  /** Stops the loops and resolves once their last requests are answered. */
  stop(): Promise<void>;
}

/**
 * `connections` loops, each sending the reads of `paths` in turn (a GET each) with a pause between,
 * counting every answer that is not 2xx or 304, and every request that failed, as a failure.
 */
export function readLoad(origin: string, paths: readonly string[], connections = 6, pauseMs = 10): ReadLoad {
  let running = true;
  const load: ReadLoad = {
    sent: 0,
    failures: [],
    stop: async () => {
      running = false;
      await loops;
    },
  };
  const loop = async (offset: number) => {
    for (let index = offset; running; index++) {
      const target = paths[index % paths.length]!;
      load.sent += 1;
      try {
        const response = await fetch(`${origin}${target}`, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        if (!response.ok && response.status !== 304) load.failures.push(`${target}: ${response.status}`);
      } catch (error) {
        load.failures.push(`${target}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const loops = Promise.all(Array.from({ length: connections }, (_, offset) => loop(offset)));
  return load;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true, at most `timeoutMs`; answers how long it took. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** POST /api/listings/add with one photo, as the listing form sends it; its id and the photo's address. */
export async function addListing(
  origin: string,
  session: Session,
  title: string,
): Promise<{ id: string; src: string }> {
  const form = multipartForm(
    {
      request: JSON.stringify({
        title,
        description: '<p>Clear glass, no marks.</p>',
        familyId: CategoryFamilyId.Optics,
        condition: 'Used',
        quantity: 1,
        price: 499,
        zipCode: '75201',
      }),
    },
    [{ filename: 'scope.jpg', contentType: 'image/jpeg', data: await cameraJpeg(1000, 750) }],
  );
  const response = await fetch(`${origin}/api/listings/add`, {
    method: 'POST',
    headers: { ...form.headers, authorization: session.authorization },
    body: new Uint8Array(form.payload),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`listing refused on ${origin}: ${response.status} ${text}`);
  const body = JSON.parse(text) as { id: string; images: { src: string }[] };
  return { id: body.id, src: body.images[0]!.src };
}

/** POST /api/messages/addOrUpdate (multipart, as the message form sends it): a message about a listing to its seller. */
export function sendMessage(
  origin: string,
  authorization: string,
  listingId: string,
  body: string,
  signal?: AbortSignal,
): Promise<Response> {
  const form = multipartForm({ request: JSON.stringify({ listingId, body }) }, [], 'files');
  return fetch(`${origin}/api/messages/addOrUpdate`, {
    method: 'POST',
    headers: { ...form.headers, authorization },
    body: new Uint8Array(form.payload),
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/listings/search; the results' ids. */
export async function searchIds(origin: string, body: object): Promise<string[]> {
  const response = await fetch(`${origin}/api/listings/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`search answered ${response.status} on ${origin}`);
  return ((await response.json()) as { results: { id: string }[] }).results.map((listing) => listing.id);
}
