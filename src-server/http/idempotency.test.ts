import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, idempotencyKeyOf, requestHashOf } from './idempotency.ts';

describe('idempotencyKeyOf', () => {
  it('takes a UUID or 8 to 128 printable characters without spaces; none is null', () => {
    expect(idempotencyKeyOf({})).toBeNull();
    expect(idempotencyKeyOf({ 'idempotency-key': '7d7b3f0e-2c4e-4c1a-9a63-0c1f4b8f2f10' })).toBe(
      '7d7b3f0e-2c4e-4c1a-9a63-0c1f4b8f2f10',
    );
    expect(idempotencyKeyOf({ 'idempotency-key': 'a'.repeat(8) })).toBe('aaaaaaaa');
    expect(idempotencyKeyOf({ 'idempotency-key': '~'.repeat(128) })).toHaveLength(128);
  });

  it('refuses anything else with 400 and a clear message', () => {
    for (const value of [
      '',
      'seven77',
      'a'.repeat(129),
      'with space',
      'tab\there1',
      'ünïcode-key',
      ['a'.repeat(8), 'b'.repeat(8)],
    ]) {
      expect(() => idempotencyKeyOf({ 'idempotency-key': value })).toThrow(IDEMPOTENCY_MESSAGES.invalid);
    }
  });
});

describe('requestHashOf', () => {
  const file = (data: string) => ({ name: 'a.png', mediaType: 'image/png', data: Buffer.from(data) });

  it('is the same for the same request whatever the order of its keys', () => {
    const a = requestHashOf({
      params: { id: '1' },
      query: undefined,
      body: { x: 1, y: { b: 2, a: 1 } },
      files: [],
    });
    const b = requestHashOf({
      params: { id: '1' },
      query: undefined,
      body: { y: { a: 1, b: 2 }, x: 1 },
      files: [],
    });
    expect(a).toBe(b);
  });

  it('differs with the path parameters, the body or a file’s content', () => {
    const base = { params: { id: '1' }, query: undefined, body: { x: 1 }, files: [file('one')] };
    const hash = requestHashOf(base);
    expect(requestHashOf({ ...base, params: { id: '2' } })).not.toBe(hash);
    expect(requestHashOf({ ...base, body: { x: 2 } })).not.toBe(hash);
    expect(requestHashOf({ ...base, files: [file('two')] })).not.toBe(hash);
    expect(requestHashOf({ ...base, files: [] })).not.toBe(hash);
  });
});
