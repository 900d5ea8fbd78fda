import { describe, expect, it, vi } from 'vitest';
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';
import type { StreamResponse, Timers } from '../../shared/live/follow-messages.ts';
import { POLL_INTERVAL_MS } from '../../shared/live/follow-messages.ts';
import { createMessageFollower } from '../../src-main/services/message-follower.ts';
import { createUnreadNotifier } from '../../src-main/services/unread-notifier.ts';

const ORIGIN = 'https://api.ironsight.example';
const CONVERSATION_ID = '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60';
const MESSAGE_ID = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';

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

/** A live stream the test writes events into. */
function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: { ok: true, status: 200, body, json: async () => ({}) } satisfies StreamResponse,
    send: (event: object) =>
      controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`)),
    drop: () => controller.error(new Error('connection reset')),
  };
}

const json = (status: number, value: unknown): StreamResponse => ({
  ok: status >= 200 && status < 300,
  status,
  body: null,
  json: async () => value,
});

function setup(options: { token?: string | null; enabled?: boolean } = {}) {
  const clock = new FakeClock();
  const present = vi.fn((_notice: DesktopNotice) => true);
  const setBadgeCount = vi.fn();
  const notifier = createUnreadNotifier({
    present,
    badge: { setBadgeCount },
    notificationsEnabled: () => options.enabled ?? true,
  });
  const requests: { url: string; authorization: string | undefined }[] = [];
  /** What the live channel answers, one per attempt, and what the unread count answers, one per poll. */
  const answers: Array<() => Promise<StreamResponse>> = [];
  const polls: Array<() => Promise<StreamResponse>> = [];
  const fetch = vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
    requests.push({ url, authorization: init.headers.authorization });
    const answer = (url.endsWith('/messages/live') ? answers : polls).shift();
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  });
  let token = options.token === undefined ? 'vault.session.token' : options.token;
  const follower = createMessageFollower({
    apiOrigin: ORIGIN,
    getToken: async () => token,
    fetch,
    notifier,
    timers: clock,
  });
  return {
    clock,
    present,
    setBadgeCount,
    requests,
    answers,
    polls,
    follower,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

const arrived = (unreadCount: number) => ({
  type: 'message',
  unreadCount,
  message: {
    id: MESSAGE_ID,
    conversationId: CONVERSATION_ID,
    senderDisplayName: 'Blake B.',
    subject: 'Scope',
  },
});

describe('the desktop follows the live channel of messages', () => {
  it('with the stored token in the Authorization header, never in the URL: a rise gives one notification', async () => {
    const t = setup();
    const stream = liveStream();
    t.answers.push(async () => stream.response);
    await t.follower.restart();
    await settle();
    expect(t.requests).toEqual([
      { url: `${ORIGIN}/api/messages/live`, authorization: 'Bearer vault.session.token' },
    ]);

    stream.send({ type: 'unread', unreadCount: 2 });
    stream.send(arrived(3));
    stream.send({ type: 'unread', unreadCount: 3 });
    await settle();
    expect(t.present).toHaveBeenCalledTimes(1);
    expect(t.present).toHaveBeenCalledWith({
      title: 'New message from Blake B.',
      body: 'Scope',
      path: `/dashboard/messages/inbox?conversation=${CONVERSATION_ID}`,
    });
    expect(t.setBadgeCount).toHaveBeenLastCalledWith(3);
    t.follower.stop();
  });

  it('shows nothing when notifications are turned off, but keeps the badge', async () => {
    const t = setup({ enabled: false });
    const stream = liveStream();
    t.answers.push(async () => stream.response);
    await t.follower.restart();
    await settle();
    stream.send({ type: 'unread', unreadCount: 0 });
    stream.send(arrived(1));
    await settle();
    expect(t.present).not.toHaveBeenCalled();
    expect(t.setBadgeCount).toHaveBeenLastCalledWith(1);
    t.follower.stop();
  });

  it('polls the count every minute while the stream is down, and stops polling once it is back', async () => {
    const t = setup();
    // The stream fails (every attempt, until one is queued); the first poll answers 1.
    t.polls.push(async () => json(200, { unreadCount: 1 }));
    await t.follower.restart();
    await settle();
    expect(t.requests.map((request) => request.url)).toEqual([
      `${ORIGIN}/api/messages/live`,
      `${ORIGIN}/api/messages/getUnreadMessagesCount`,
    ]);
    expect(t.setBadgeCount).toHaveBeenLastCalledWith(1);

    // Reconnects keep failing; the poll a minute on finds a new message.
    t.polls.push(async () => json(200, { unreadCount: 2 }));
    await t.clock.advance(POLL_INTERVAL_MS - 1);
    expect(t.present).not.toHaveBeenCalled();
    await t.clock.advance(1);
    expect(t.present).toHaveBeenCalledWith({
      title: 'New messages',
      body: 'You have 2 unread messages.',
      path: '/dashboard/messages/inbox',
    });

    // The stream comes back at the next attempt (at most about 72 s away): polling stops.
    const stream = liveStream();
    t.answers.push(async () => stream.response);
    await t.clock.advance(75_000);
    const afterReconnect = t.requests.length;
    expect(t.requests.at(-1)?.url).toBe(`${ORIGIN}/api/messages/live`);
    await t.clock.advance(3 * POLL_INTERVAL_MS);
    expect(t.requests.length).toBe(afterReconnect);
    t.follower.stop();
  });

  it('reconnects with growing waits after the stream drops', async () => {
    const t = setup();
    const stream = liveStream();
    t.answers.push(async () => stream.response);
    await t.follower.restart();
    await settle();
    stream.drop();
    await settle();
    const reconnects = () => t.requests.filter((request) => request.url.endsWith('/messages/live')).length;
    // The poll that fills the gap answers nothing here (fetch fails), the reconnects keep coming, slower each time.
    const attemptsAt: number[] = [];
    for (let step = 0; step < 200; step += 1) {
      const before = reconnects();
      await t.clock.advance(1_000);
      if (reconnects() > before) attemptsAt.push(t.clock.now);
    }
    const gaps = attemptsAt.slice(1).map((at, index) => at - (attemptsAt[index] ?? 0));
    expect(gaps.length).toBeGreaterThan(3);
    expect(gaps[2]! > gaps[0]!).toBe(true);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(73_000);
    t.follower.stop();
  });

  it('follows nothing while signed out, and stops when the session is refused', async () => {
    const signedOut = setup({ token: null });
    await signedOut.follower.restart();
    await settle();
    expect(signedOut.requests).toEqual([]);

    const refused = setup();
    refused.answers.push(async () => json(401, { error: { code: 'unauthorized', message: 'Sign in.' } }));
    await refused.follower.restart();
    await settle();
    await refused.clock.advance(10 * POLL_INTERVAL_MS);
    expect(refused.requests).toHaveLength(1);
  });

  it('starts again for the new session when the token changes', async () => {
    const t = setup({ token: null });
    await t.follower.restart();
    t.setToken('new.session.token');
    const stream = liveStream();
    t.answers.push(async () => stream.response);
    await t.follower.restart();
    await settle();
    expect(t.requests).toEqual([
      { url: `${ORIGIN}/api/messages/live`, authorization: 'Bearer new.session.token' },
    ]);
    t.follower.stop();
  });
});
