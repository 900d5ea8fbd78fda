import { describe, expect, it, vi } from 'vitest';
import {
  createTokenVault,
  isStrongStorage,
  type SafeStorageLike,
  TOKEN_FILE_NAME,
} from '../../src-main/services/token-vault.ts';
import { FakeFs } from './fakes.ts';

const USER_DATA = '/home/ada/.config/Ironsight';
const TOKEN_PATH = `${USER_DATA}/${TOKEN_FILE_NAME}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1bmlxdWVfbmFtZSI6IjQyIn0.c2lnbmF0dXJl';

/** Stands in for the OS store: "encrypts" by reversing and prefixing, so plain text never matches. */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike & {
  available: boolean;
} {
  const fake = {
    available: options.available ?? true,
    isEncryptionAvailable: () => fake.available,
    encryptString: (plain: string) => new TextEncoder().encode(`enc:${[...plain].reverse().join('')}`),
    decryptString: (encrypted: Buffer) => {
      const text = new TextDecoder().decode(encrypted);
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided');
      return [...text.slice(4)].reverse().join('');
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend as string } : {}),
  };
  return fake;
}

function setup(options: { available?: boolean; backend?: string; platform?: NodeJS.Platform } = {}) {
  const fs = new FakeFs();
  const safeStorage = fakeSafeStorage(options);
  const onDiscarded = vi.fn();
  const vault = createTokenVault({
    safeStorage,
    fs,
    directory: `${USER_DATA}/`,
    platform: options.platform ?? 'darwin',
    onDiscarded,
  });
  return { fs, safeStorage, vault, onDiscarded };
}

describe('token vault', () => {
  it('has no token before login', async () => {
    const { vault } = setup();
    await expect(vault.get()).resolves.toBeNull();
  });

  it('keeps the token encrypted in a private file under userData and reads it back', async () => {
    const { vault, fs } = setup();
    await vault.set(JWT);
    const stored = fs.files.get(TOKEN_PATH);
    expect(stored).toBeDefined();
    expect(new TextDecoder().decode(stored)).not.toContain(JWT);
    expect(fs.modes.get(TOKEN_PATH)).toBe(0o600);
    expect(fs.files.has(`${TOKEN_PATH}.tmp`)).toBe(false);
    await expect(vault.get()).resolves.toBe(JWT);
  });

  it('survives a restart: a new vault reads the same file', async () => {
    const { vault, fs, safeStorage } = setup();
    await vault.set(JWT);
    const restarted = createTokenVault({ safeStorage, fs, directory: USER_DATA, platform: 'darwin' });
    await expect(restarted.get()).resolves.toBe(JWT);
  });

  it('forgets the token on logout', async () => {
    const { vault, fs } = setup();
    await vault.set(JWT);
    await vault.clear();
    expect(fs.files.size).toBe(0);
    await expect(vault.get()).resolves.toBeNull();
  });

  it('drops a token the OS can no longer decrypt, rather than failing every launch', async () => {
    const { vault, fs, onDiscarded } = setup();
    fs.files.set(TOKEN_PATH, new TextEncoder().encode('written-by-another-key'));
    await expect(vault.get()).resolves.toBeNull();
    expect(onDiscarded).toHaveBeenCalled();
    expect(fs.files.has(TOKEN_PATH)).toBe(false);
  });

  it('runs operations in order, so a logout is never undone by an earlier login', async () => {
    const { vault } = setup();
    const pending = [vault.set(JWT), vault.clear()];
    await Promise.all(pending);
    await expect(vault.get()).resolves.toBeNull();
  });

  it('without encryption, keeps the token in memory only and never writes it to disk', async () => {
    const { vault, fs } = setup({ available: false });
    await vault.set(JWT);
    expect(fs.files.size).toBe(0);
    await expect(vault.get()).resolves.toBe(JWT);
    await expect(vault.isStrong()).resolves.toBe(false);
  });

  it('refuses an empty token', async () => {
    const { vault } = setup();
    await expect(vault.set('')).rejects.toThrow('empty');
  });
});

describe('keychain strength', () => {
  it.each([
    ['darwin', undefined, true],
    ['win32', undefined, true],
    ['linux', 'gnome_libsecret', true],
    ['linux', 'kwallet6', true],
    ['linux', 'basic_text', false],
    ['linux', 'unknown', false],
    ['linux', undefined, false],
  ] as const)('on %s with backend %s, strong is %s', async (platform, backend, strong) => {
    const { vault } = setup({ platform, ...(backend ? { backend } : {}) });
    await expect(vault.isStrong()).resolves.toBe(strong);
  });

  it('reports the weak Linux store (basic_text) as not strong, though the token is still kept', async () => {
    const { vault, fs } = setup({ platform: 'linux', backend: 'basic_text' });
    await vault.set(JWT);
    await expect(vault.isStrong()).resolves.toBe(false);
    expect(fs.files.has(TOKEN_PATH)).toBe(true);
  });

  it('is never strong when encryption is unavailable', () => {
    expect(isStrongStorage(fakeSafeStorage({ available: false }), 'darwin')).toBe(false);
  });
});
