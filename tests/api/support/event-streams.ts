/** Reads a server-sent events answer over real HTTP, as a browser's fetch does. */
export interface EventStreamReader<T> {
  status: number;
  events: T[];
  /** Waits for an event matching `match` (already received or still to come). */
  next(match: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` with the caller's bearer header (none for a visitor) and collects each event's data, parsed by `parse`. */
export async function openEventStream<T>(
  url: string,
  who: { authorization: string } | null,
  parse: (data: unknown) => T,
): Promise<EventStreamReader<T>> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: who ? { authorization: who.authorization } : {},
    signal: controller.signal,
  });
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
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(parse(JSON.parse(line.slice(6))));
            }
            for (const wake of waiters) wake();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    events,
    ended,
    next: (match, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
