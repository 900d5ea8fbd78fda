import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox', () => {
  const box = secretBox('a-server-secret-that-is-long-enough-for-tests');
  const owner = '4b0c1e38-2f7e-4d1a-9a51-0d6f2b9f3c11';

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('sk_live_abc123', owner);
    expect(sealed).not.toContain('sk_live_abc123');
    expect(box.open(sealed, owner)).toBe('sk_live_abc123');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('same', owner)).not.toBe(box.seal('same', owner));
  });

  it('refuses a sealed text changed after sealing, or sealed under another server secret', () => {
    const sealed = box.seal('sk_live_abc123', owner);
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), `${parts[3]?.slice(0, -2)}AA`].join('.');
    expect(() => box.open(tampered, owner)).toThrow();
    expect(() => secretBox('another-server-secret-long-enough-for-tests').open(sealed, owner)).toThrow();
  });

  it('refuses a secret sealed for another account', () => {
    const sealed = box.seal('sk_live_abc123', owner);
    expect(() => box.open(sealed, 'd2a5c7e0-6b1f-4c3e-8f00-1a2b3c4d5e6f')).toThrow();
  });

  it('refuses a truncated authentication tag', () => {
    const [version, iv, tag, data] = box.seal('sk_live_abc123', owner).split('.');
    const short = Buffer.from(tag ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(() => box.open([version, iv, short, data].join('.'), owner)).toThrow();
  });
});
