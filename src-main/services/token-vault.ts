/**
 * Keeps the session token between launches, encrypted by the OS credential store (Keychain,
 * DPAPI, libsecret/KWallet) through Electron's safeStorage. The plain token never touches disk:
 * without encryption it lives in memory for this launch only.
 */

/** The part of Electron's `safeStorage` the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Uint8Array;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which store backs the encryption. */
  getSelectedStorageBackend?(): string;
}

/** The part of `node:fs/promises` the vault uses. */
export interface VaultFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array, options: { mode: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  mkdir(path: string, options: { recursive: true; mode: number }): Promise<unknown>;
}

export interface TokenVaultOptions {
  safeStorage: SafeStorageLike;
  fs: VaultFs;
  /** Folder for the encrypted file: the app's userData folder. */
  directory: string;
  /** The file's name in that folder (default `TOKEN_FILE_NAME`). */
  fileName?: string;
  platform: NodeJS.Platform;
  /** Told when a stored token could not be read back (e.g. the OS key changed); the token is dropped. */
  onDiscarded?(reason: string): void;
}

export interface TokenVault {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
  isStrong(): Promise<boolean>;
}

export const TOKEN_FILE_NAME = 'session-token.bin';
/** An admin's own token while they view the site as a user. */
export const ADMIN_TOKEN_FILE_NAME = 'admin-session-token.bin';

/**
 * Linux backends that are not a real keyring: 'basic_text' encrypts with a key hard-coded in
 * Chromium, so anyone who can read the file can read the token.
 */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export function isStrongStorage(safeStorage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend?.();
  return backend !== undefined && !WEAK_LINUX_BACKENDS.has(backend);
}

export function createTokenVault(options: TokenVaultOptions): TokenVault {
  const { safeStorage, fs } = options;
  const directory = options.directory.replace(/[/\\]+$/, '');
  const filePath = `${directory}/${options.fileName ?? TOKEN_FILE_NAME}`;
  const tempPath = `${filePath}.tmp`;
  /** This launch's token when the OS offers no encryption. */
  let memoryToken: string | null = null;
  /** Operations run one at a time, so a logout cannot be overtaken by an earlier login's write. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  };

  const removeFile = async () => {
    await fs.rm(filePath, { force: true });
    await fs.rm(tempPath, { force: true });
  };

  return {
    get: () =>
      serial(async () => {
        if (memoryToken !== null) return memoryToken;
        let encrypted: Uint8Array;
        try {
          encrypted = await fs.readFile(filePath);
        } catch (error) {
          if (isMissingFile(error)) return null;
          throw error;
        }
        if (!safeStorage.isEncryptionAvailable()) return null;
        try {
          const token = safeStorage.decryptString(Buffer.from(encrypted));
          return token === '' ? null : token;
        } catch (error) {
          options.onDiscarded?.(
            error instanceof Error ? error.message : 'the stored token could not be decrypted',
          );
          await removeFile();
          return null;
        }
      }),

    set: (token) =>
      serial(async () => {
        if (token === '') throw new Error('An empty session token cannot be stored');
        if (!safeStorage.isEncryptionAvailable()) {
          memoryToken = token;
          await removeFile();
          return;
        }
        memoryToken = null;
        const encrypted = safeStorage.encryptString(token);
        await fs.mkdir(directory, { recursive: true, mode: 0o700 });
        // Written beside and renamed over, so a crash never leaves half a token behind.
        await fs.writeFile(tempPath, encrypted, { mode: 0o600 });
        await fs.rename(tempPath, filePath);
      }),

    clear: () =>
      serial(async () => {
        memoryToken = null;
        await removeFile();
      }),

    isStrong: () => serial(async () => isStrongStorage(safeStorage, options.platform)),
  };
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
