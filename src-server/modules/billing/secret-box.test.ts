import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox', () => {
  const box = secretBox('a-server-secret-that-is-long-enough-for-tests');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('sk_live_abc123');
    expect(sealed).not.toContain('sk_live_abc123');
    expect(box.open(sealed)).toBe('sk_live_abc123');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a sealed text changed after sealing, or sealed under another server secret', () => {
    const sealed = box.seal('sk_live_abc123');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), `${parts[3]?.slice(0, -2)}AA`].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => secretBox('another-server-secret-long-enough-for-tests').open(sealed)).toThrow();
  });
});
