import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };

const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('a resolver loaded on first use', () => {
  it('loads once, whether preloaded or first used by a check, and answers as the loaded one', async () => {
    const loaded: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
      if (values.email) return { values, errors: {} };
      return { values: {}, errors: { email: { type: 'required', message: 'Email is required.' } } };
    };
    const load = vi.fn(async () => loaded);
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    const answer = await resolver({ email: '' }, undefined, options);
    expect(answer.errors.email?.message).toBe('Email is required.');
    expect((await resolver({ email: 'a@b.co' }, undefined, options)).values).toEqual({ email: 'a@b.co' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed (a dropped connection)', async () => {
    const loaded: Resolver<Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue(loaded);
    const { resolver } = lazyResolver<Values>(load);
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).rejects.toThrow('network');
    expect((await resolver({ email: 'a@b.co' }, undefined, options)).values).toEqual({ email: 'a@b.co' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
