import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import {
  catalogVersion,
  createSharedCache,
  etagOf,
  freshReader,
  matchesIfNoneMatch,
} from './shared-cache.ts';

/** A promise settled from outside, to hold a read or a computation open. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function counting<T>(values: () => T) {
  const state = { calls: 0 };
  const compute = async () => {
    state.calls += 1;
    return values();
  };
  return { state, compute };
}

describe('shared cache', () => {
  it('computes once per key and version, and again after the version moves', async () => {
    let version = '1';
    const cache = createSharedCache({ version: async () => version });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const first = await cache.get('featured', compute);
    expect(await cache.get('featured', compute)).toBe(first);
    expect(computed).toBe(1);
    version = '2';
    const second = await cache.get('featured', compute);
    expect(computed).toBe(2);
    expect(second.value).toEqual({ n: 2 });
    expect(second.etag).not.toBe(first.etag);
  });

  it('shares an answer it may not keep with the calls that joined it, then computes afresh', async () => {
    const cache = createSharedCache({ version: async () => '1' });
    const held = gate<{ complete: boolean }>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return calls === 1 ? held.promise : Promise.resolve({ complete: true });
    };
    const keep = (value: { complete: boolean }) => value.complete;
    const first = cache.get('page', compute, keep);
    const joined = cache.get('page', compute, keep);
    held.open({ complete: false });
    expect((await first).value).toEqual({ complete: false });
    expect(await joined).toBe(await first);
    expect(cache.size).toBe(0);
    // The next call computes again; a complete answer is kept.
    expect((await cache.get('page', compute, keep)).value).toEqual({ complete: true });
    expect(await cache.get('page', compute, keep)).toBe(await cache.get('page', compute, keep));
    expect(calls).toBe(2);
  });

  it('forgets an answer older than its lifetime', async () => {
    let clock = 0;
    const cache = createSharedCache({ version: async () => '1', ttlMs: 1000, now: () => clock });
    const { state, compute } = counting(() => 'answer');
    await cache.get('k', compute);
    clock = 999;
    await cache.get('k', compute);
    expect(state.calls).toBe(1);
    clock = 1000;
    await cache.get('k', compute);
    expect(state.calls).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = createSharedCache({ version: async () => '1', maxEntries: 2 });
    const { state, compute } = counting(() => 'answer');
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('a', compute);
    await cache.get('c', compute);
    expect(cache.size).toBe(2);
    expect(state.calls).toBe(3);
    await cache.get('a', compute);
    expect(state.calls).toBe(3);
    await cache.get('b', compute);
    expect(state.calls).toBe(4);
  });

  it('lets concurrent misses for one key share a single computation', async () => {
    const cache = createSharedCache({ version: async () => '1' });
    const held = gate<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return held.promise;
    };
    const answers = Promise.all(Array.from({ length: 10 }, () => cache.get('k', compute)));
    await new Promise((resolve) => setImmediate(resolve));
    held.open('value');
    expect((await answers).map((answer) => answer.value)).toEqual(Array(10).fill('value'));
    expect(calls).toBe(1);
  });

  it('does not let a miss after a write join a computation started before it', async () => {
    let version = '1';
    const cache = createSharedCache({ version: async () => version });
    const held = gate<string>();
    const before = cache.get('k', () => held.promise);
    await new Promise((resolve) => setImmediate(resolve));
    version = '2';
    const after = await cache.get('k', async () => 'new rows');
    held.open('old rows');
    expect((await before).value).toBe('old rows');
    expect(after.value).toBe('new rows');
  });

  it('keeps nothing when the computation fails, so the next call tries again', async () => {
    const cache = createSharedCache({ version: async () => '1' });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', async () => 'up')).value).toBe('up');
  });

  it('turned off, computes every call, concurrent ones too, and never reads the version', async () => {
    let versionReads = 0;
    const cache = createSharedCache({
      version: async () => {
        versionReads += 1;
        return '1';
      },
      enabled: false,
    });
    let n = 0;
    const { state, compute } = counting(() => ({ n: ++n }));
    const first = await cache.get('k', compute);
    const second = await cache.get('k', compute);
    await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(state.calls).toBe(4);
    expect(first.value).toEqual({ n: 1 });
    expect(second.value).toEqual({ n: 2 });
    expect(second.etag).toBe(etagOf({ n: 2 }));
    expect(cache.size).toBe(0);
    expect(versionReads).toBe(0);
  });
});

describe('freshReader', () => {
  it('starts a new read for a caller arriving during one, shared by everyone who arrived meanwhile', async () => {
    const reads: ReturnType<typeof gate<number>>[] = [];
    const read = freshReader(() => {
      const next = gate<number>();
      reads.push(next);
      return next.promise;
    });
    const first = read();
    const late = [read(), read(), read()];
    expect(reads).toHaveLength(1);
    reads[0]!.open(1);
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
    reads[1]!.open(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
  });
});

describe('If-None-Match', () => {
  const etag = etagOf({ results: [] });
  it('matches the tag, a list holding it, its weak form and *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });
  it('does not match another tag or none', () => {
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(etagOf({ results: [1] })).not.toBe(etag);
  });
});

describe('catalogue version on a database that announces its own writes', () => {
  function database(stored: string) {
    const state = { reads: 0, stored, heard: null as ((payload: string) => void) | null };
    const db = {
      execute: async () => {
        state.reads += 1;
        return { rows: [{ version: state.stored }] };
      },
    };
    const handle = {
      db,
      kind: 'pglite',
      close: async () => {},
      listenToOwnWrites: async (_channel: string, onPayload: (payload: string) => void) => {
        state.heard = onPayload;
        return async () => {};
      },
    } as unknown as DatabaseHandle;
    return { state, handle };
  }

  it('reads the version once, then follows what it hears', async () => {
    const { state, handle } = database('7');
    const version = catalogVersion(handle);
    expect(await Promise.all([version(), version()])).toEqual(['7', '7']);
    state.heard?.('8');
    expect(await version()).toBe('8');
    expect(state.reads).toBe(1);
  });

  it('never goes back to an older version heard late', async () => {
    const { state, handle } = database('9');
    const version = catalogVersion(handle);
    expect(await version()).toBe('9');
    state.heard?.('8');
    expect(await version()).toBe('9');
  });

  it('reads per request when it cannot listen', async () => {
    const { state, handle } = database('3');
    const failing = {
      ...handle,
      listenToOwnWrites: async () => {
        throw new Error('no notifications');
      },
    } as DatabaseHandle;
    const version = catalogVersion(failing);
    expect(await version()).toBe('3');
    state.stored = '4';
    expect(await version()).toBe('4');
    expect(state.reads).toBe(2);
  });
});
