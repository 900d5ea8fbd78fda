import { describe, expect, it } from 'vitest';
import {
  followEvents,
  parseEventStream,
  RECONNECT_DELAY,
  type StreamResponse,
  type Timers,
} from './follow-events.ts';

/** Timers that run only when the test moves the clock. */
class FakeClock implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; run: () => void }>();
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, run });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
      await settle();
    }
    this.now = until;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A stream answer whose body is `text`, ended by the server (or cut, with `cut`). */
function streamOf(text: string, { cut = false } = {}): StreamResponse {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!cut) controller.close();
    },
    // Cut once what was sent has been read.
    pull(controller) {
      if (cut) controller.error(new Error('connection reset'));
    },
  });
  return { ok: true, status: 200, body, json: async () => ({}) };
}

/** Follows a channel whose answers are given in turn (none left: the connection fails); notes when each attempt came. */
function follow(answers: Array<() => StreamResponse>, random = () => 0.5) {
  const clock = new FakeClock();
  const attemptsAt: number[] = [];
  const events: unknown[] = [];
  const follower = followEvents<unknown>({
    url: 'https://api.ironsight.example/api/messages/live',
    headers: async () => ({ authorization: 'Bearer token' }),
    fetch: async () => {
      attemptsAt.push(clock.now);
      const answer = answers.shift();
      if (!answer) throw new TypeError('fetch failed');
      return answer();
    },
    parse: (data) => data,
    onEvent: (event) => events.push(event),
    timers: clock,
    random,
  });
  return { clock, attemptsAt, events, follower };
}

describe('parseEventStream', () => {
  it('reads the data of each event and the last `retry:` the server sent, digits only', () => {
    expect(parseEventStream('retry: 3000\n\ndata: {"a":1}\n\n')).toEqual({
      events: [{ a: 1 }],
      rest: '',
      retryMs: 3000,
    });
    expect(parseEventStream('retry: 3000\n\ndata: {"a":1}\nretry:750\n\ndata: {"b"').retryMs).toBe(750);
    expect(parseEventStream('retry: soon\n\nretry: 1.5\n\n').retryMs).toBeNull();
    expect(parseEventStream('data: {"a":1}\n\n: ping\n\n').retryMs).toBeNull();
    // A field still coming is not read until its block is whole.
    expect(parseEventStream('retry: 900')).toEqual({ events: [], rest: 'retry: 900', retryMs: null });
  });
});

describe('followEvents honours the server’s retry hint', () => {
  it('reconnects after the wait the closing stream asked for, not its own first wait', async () => {
    // The server opens with its usual hint, then ends the stream (it is stopping) with a short one.
    const t = follow([() => streamOf('retry: 3000\n\ndata: {"n":1}\n\nretry: 700\n\n'), () => streamOf('')]);
    await settle();
    expect(t.events).toEqual([{ n: 1 }]);
    await t.clock.advance(699);
    expect(t.attemptsAt).toEqual([0]);
    await t.clock.advance(1);
    expect(t.attemptsAt).toEqual([0, 700]);
    t.follower.stop();
  });

  it('waits the hint after a dropped stream, and doubles from it while reconnecting fails', async () => {
    const t = follow([() => streamOf('retry: 3000\n\ndata: {"n":1}\n\n', { cut: true })]);
    await settle();
    await t.clock.advance(21_000);
    const gaps = t.attemptsAt.slice(1).map((at, index) => at - (t.attemptsAt[index] ?? 0));
    expect(gaps).toEqual([3_000, 6_000, 12_000]);
    t.follower.stop();
  });

  it('keeps a hint within bounds: 0 is not a busy loop, an hour is not a silence', async () => {
    const soon = follow([() => streamOf('retry: 0\n\n')]);
    await settle();
    await soon.clock.advance(1_000);
    expect(soon.attemptsAt).toEqual([0, RECONNECT_DELAY.min, RECONNECT_DELAY.min * 3]);
    soon.follower.stop();

    const late = follow([() => streamOf('retry: 3600000\n\n')]);
    await settle();
    await late.clock.advance(RECONNECT_DELAY.max);
    expect(late.attemptsAt).toEqual([0, RECONNECT_DELAY.max]);
    late.follower.stop();
  });

  it('without a hint, waits its own first wait with a random spread', async () => {
    const t = follow([() => streamOf('data: {"n":1}\n\n')], () => 1);
    await settle();
    await t.clock.advance(RECONNECT_DELAY.first * 1.2);
    expect(t.attemptsAt).toEqual([0, RECONNECT_DELAY.first * 1.2]);
    t.follower.stop();
  });
});
