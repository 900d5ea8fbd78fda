import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { backgroundMailSettled, inBackground } from './delivery.ts';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('mail work after the answer', () => {
  it('is waited for until it has finished, failures included, and work it starts meanwhile too', async () => {
    const finished: string[] = [];
    inBackground({ log }, 'a notice', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished.push('notice');
      inBackground({ log }, 'a follow-up', async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished.push('follow-up');
      });
    });
    inBackground({ log }, 'a failing send', async () => {
      throw new Error('smtp refused');
    });
    expect(finished).toEqual([]);
    await backgroundMailSettled();
    expect(finished).toEqual(['notice', 'follow-up']);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('settles at once when nothing is under way', async () => {
    await expect(backgroundMailSettled()).resolves.toBeUndefined();
  });
});
