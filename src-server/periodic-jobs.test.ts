import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatementQueue } from './db/statement-queue.ts';
import { JobRunner, type PeriodicJob } from './periodic-jobs.ts';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** A job that writes what happens to it into `events`. */
function job(
  name: string,
  events: string[],
  intervalMs: number,
  extra: Partial<PeriodicJob> = {},
): PeriodicJob {
  return {
    atBoot: async () => {
      events.push(`${name} boot`);
    },
    run: async () => {
      events.push(`${name} run`);
    },
    intervalMs,
    failureMessage: `${name} failed`,
    ...extra,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner', () => {
  it('boots the jobs in the order declared, then runs each on its own timer until stopped', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const runner = new JobRunner();
    runner.add(job('index', events, 100), job('uploads', events, 30));
    await runner.start(log);
    expect(events).toEqual(['index boot', 'uploads boot']);
    await vi.advanceTimersByTimeAsync(100);
    expect(events.filter((event) => event === 'uploads run')).toHaveLength(3);
    expect(events.filter((event) => event === 'index run')).toHaveLength(1);
    await runner.stop();
    events.length = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual([]);
  });

  it("runs a job's boot work as background work: it waits for a busy database instead of failing the boot", async () => {
    const queue = new StatementQueue({ concurrency: 1, limit: 10, maxWaitMs: 50 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = queue.run(() => gate);
    const events: string[] = [];
    const runner = new JobRunner();
    runner.add(
      job('ending', events, 1000, {
        atBoot: async () => {
          await queue.run(async () => events.push('ending boot'));
        },
      }),
    );
    const booting = runner.start(log);
    // Longer than a request may wait for its turn.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await holder;
    await booting;
    expect(events).toEqual(['ending boot']);
    await runner.stop();
  });

  it('fails the boot with the first failing job and starts none after it', async () => {
    const events: string[] = [];
    const runner = new JobRunner();
    const broken = job('broken', events, 10, {
      atBoot: async () => {
        throw new Error('no index');
      },
    });
    runner.add(job('first', events, 10), broken, job('after', events, 10));
    await expect(runner.start(log)).rejects.toThrow('no index');
    expect(events).toEqual(['first boot']);
    await runner.stop();
  });

  it('stops the last declared first, each timer before its own closing work', async () => {
    const events: string[] = [];
    const runner = new JobRunner();
    runner.add(
      job('first', events, 1000, {
        atClose: async () => {
          events.push('first close');
        },
      }),
      job('second', events, 1000, {
        atClose: async () => {
          events.push('second close');
        },
      }),
    );
    await runner.start(log);
    await runner.stop();
    expect(events).toEqual(['first boot', 'second boot', 'second close', 'first close']);
  });

  it('tells a run under way that the server stops, and a second stop waits for the first', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let batches = 0;
    const runner = new JobRunner();
    runner.add(
      job('images', events, 100, {
        // A backlog of batches, as the photo-link job runs until nothing waits.
        run: async (stopping) => {
          while (!stopping?.aborted && batches < 1000) {
            batches += 1;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        },
        atClose: async () => {
          events.push('images close');
        },
      }),
    );
    await runner.start(log);
    await vi.advanceTimersByTimeAsync(130);
    const first = runner.stop();
    const second = runner.stop();
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all([first, second]);
    expect(batches).toBeLessThan(10);
    expect(events).toEqual(['images boot', 'images close']);
  });
});
