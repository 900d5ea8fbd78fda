import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, inStatementScope, isDatabaseBusy, StatementQueue } from './statement-queue.ts';

/** Work that holds the thread, as a PGlite statement does while its WebAssembly runs. */
const blockFor = (ms: number) => async () => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: no timer can fire meanwhile
  }
  return ms;
};
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** A request's statement sent while another statement holds the queue: answered, or refused at once. */
async function requestBehindOne(queue: StatementQueue) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holder = queue.run(() => gate);
  const request = settle(inStatementScope(() => queue.run(async () => 'answered')));
  release();
  await holder;
  return request;
}

/** A queue of one at a time, and statements of 2 ms that record their names in the order they ran. */
function recordingQueue() {
  const queue = new StatementQueue({ concurrency: 1, limit: 20, maxWaitMs: 0 });
  const order: string[] = [];
  const statement = (name: string) =>
    queue.run(async () => {
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
  return { order, statement };
}

describe('the statement queue', () => {
  it('runs waiting work one at a time, first come first served', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 10, maxWaitMs: 0 });
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        queue.run(async () => {
          order.push(n);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('serves the next statement of a started request before the first statements of new ones', async () => {
    const { order, statement } = recordingQueue();
    // Three requests of three statements each, arriving together: without the follow-up lane each
    // statement would queue behind every other request's (a1 b1 c1 a2 b2 c2 a3 b3 c3).
    const request = (name: string) =>
      inStatementScope(async () => {
        for (const step of [1, 2, 3]) await statement(`${name}${step}`);
      });
    await Promise.all([request('a'), request('b'), request('c'), statement('outside')]);
    expect(order).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3', 'outside']);
  });

  it('serves an urgent request from its first statement ahead of the requests waiting to start', async () => {
    const { order, statement } = recordingQueue();
    const request = (name: string, urgent = false) =>
      inStatementScope(
        async () => {
          for (const step of [1, 2]) await statement(`${name}${step}`);
        },
        { urgent },
      );
    // a holds the database; b and c wait to start; the urgent u, arriving last, goes before them
    // (and before a's second statement, which joins the follow-ups once a's first has ended).
    const a = request('a');
    const waiting = [request('b'), request('c')];
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([a, ...waiting, request('u', true)]);
    expect(order).toEqual(['a1', 'u1', 'a2', 'u2', 'b1', 'b2', 'c1', 'c2']);
  });

  it('gives the event loop a turn between statements even when nobody waits', async () => {
    // PGlite's statements run synchronously: without a turn of the loop between them, a request
    // would run to its answer before the server read any other socket or accepted a connection.
    const queue = new StatementQueue({ concurrency: 1, limit: 10, maxWaitMs: 0 });
    const order: string[] = [];
    const request = inStatementScope(async () => {
      for (const step of [1, 2, 3]) {
        await queue.run(async () => {
          await blockFor(2)();
          order.push(`statement ${step}`);
        });
      }
    });
    setImmediate(() => order.push('the loop'));
    await request;
    expect(order).toEqual(['statement 1', 'the loop', 'statement 2', 'statement 3']);
  });

  it('does not count a slot being handed on as work ahead: the statement after a slow one is taken', async () => {
    // The longest wait is far above a turn of the event loop on a machine busy with other work, so
    // only the estimate can refuse here.
    const queue = new StatementQueue({ concurrency: 1, limit: 10, maxWaitMs: 500 });
    // Slow statements one after another, as a bulk write runs them: the second waits only for the
    // hand-over, although the average hold (the first's) passes the longest wait.
    for (let i = 0; i < 2; i += 1) expect(await queue.run(blockFor(600))).toBe(600);
  });

  it('refuses work past its limit at once', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 2, maxWaitMs: 0 });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => settle(queue.run(blockFor(1)))));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, false, false]);
  });

  it('refuses waiters past the longest wait even when the work ahead kept the timers from firing', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 10, maxWaitMs: 100 });
    const results = await Promise.all([250, 1, 1].map((ms) => settle(queue.run(blockFor(ms)))));
    expect(results[0]).toEqual({ ok: true, value: 250 });
    expect(results.slice(1).every((result) => !result.ok && result.error instanceof DatabaseBusyError)).toBe(
      true,
    );
    // The slot came back: the next work runs.
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses at once work that would wait past the longest wait behind slow statements', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 100, maxWaitMs: 2000 });
    // The first statement's hold starts the average: each waiter is expected to wait about 600 ms.
    await queue.run(blockFor(600));
    // The holder ends when the test says so; the three admitted then start at once, far inside the
    // longest wait however busy the machine.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = queue.run(() => gate);
    // Three fit in 2000 ms (600, 1200, 1800), the fourth would not (2400).
    const waiting = [1, 2, 3, 4].map(() => settle(queue.run(async () => 'ran')));
    const started = performance.now();
    const fourth = await waiting[3]!;
    expect(fourth.ok).toBe(false);
    // Refused at once, not by the 2000 ms timer.
    expect(performance.now() - started).toBeLessThan(1000);
    release();
    await holder;
    expect((await Promise.all(waiting.slice(0, 3))).map((result) => result.ok)).toEqual([true, true, true]);
  });

  it('does not turn work away behind quick statements because one statement was slow', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 100, maxWaitMs: 1000 });
    for (let i = 0; i < 30; i += 1) await queue.run(blockFor(5));
    await queue.run(blockFor(300));
    // Twenty quick statements wait about 100 ms in all (the longest wait is ten times that, for a
    // busy machine). An average moved far by the one slow statement (a fifth of it: 64 ms) would
    // expect 1280 ms behind them and refuse the last ones; the running average expects about 280.
    const holder = queue.run(blockFor(5));
    const waiting = Array.from({ length: 20 }, () => settle(queue.run(blockFor(5))));
    await holder;
    const results = await Promise.all(waiting);
    expect(results.filter((result) => !result.ok)).toEqual([]);
  });

  it('never refuses background work, past the limit or the longest wait, and serves it as newcomers', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 1, maxWaitMs: 100 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = queue.run(() => gate);
    const order: string[] = [];
    const job = (name: string) =>
      inStatementScope(
        async () => {
          for (const step of [1, 2]) await queue.run(async () => order.push(`${name}${step}`));
        },
        { background: true },
      );
    // Three units of background work wait behind the holder: past the limit of one, and for longer
    // than the longest wait. A request arriving meanwhile is still refused by the limit.
    const jobs = [job('a'), job('b'), job('c')];
    await new Promise((resolve) => setTimeout(resolve, 250));
    const request = await settle(inStatementScope(() => queue.run(async () => 'answered')));
    expect(request.ok).toBe(false);
    release();
    await Promise.all([holder, ...jobs]);
    // A job's second statement queued as a newcomer, behind the other jobs' first.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  });

  it('does not count background work in the average turn by which requests are refused', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 100, maxWaitMs: 500 });
    // A boot's long transaction first, as a vacuum or a seeding runs: as the first turn it would
    // set the average, and every request arriving while anything ran would be expected to wait
    // 700 ms and be refused at once.
    await inStatementScope(() => queue.run(blockFor(700)), { background: true });
    expect(await requestBehindOne(queue)).toEqual({ ok: true, value: 'answered' });
  });

  it('does not count work given up for waiting too long in the average turn', async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 100, maxWaitMs: 500 });
    // A statement that waited 700 ms further on (on PGlite's thread, behind slow work) and was
    // given up there: it never ran, so its turn says nothing of how long statements run.
    const givenUp = settle(
      queue.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        throw new DatabaseBusyError('waited too long');
      }),
    );
    expect(await givenUp).toMatchObject({ ok: false, error: expect.any(DatabaseBusyError) });
    expect(await requestBehindOne(queue)).toEqual({ ok: true, value: 'answered' });
  });

  it('recognises a busy queue and a cancelled statement through wrapping errors', () => {
    expect(isDatabaseBusy(new Error('query failed', { cause: new DatabaseBusyError('full') }))).toBe(true);
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(isDatabaseBusy(new Error('query failed', { cause: cancelled }))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
