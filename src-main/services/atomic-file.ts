/**
 * Small state files in the app's user-data folder, written so a crash or power cut leaves either
 * the old file or the new one, never half of one: the bytes go to a file beside it, are flushed to
 * the disk, then renamed over the old file (a rename within one folder is atomic).
 */

/** The part of `node:fs/promises` the state files use. */
export interface StateFileFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array, options: { mode: number; flush: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  mkdir(path: string, options: { recursive: true; mode: number }): Promise<unknown>;
}

export async function writeFileAtomically(
  fs: StateFileFs,
  directory: string,
  path: string,
  data: Uint8Array,
): Promise<void> {
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = `${path}.tmp`;
  await fs.writeFile(temporary, data, { mode: 0o600, flush: true });
  await fs.rename(temporary, path);
}

/** The file's bytes, or null when there is no file. */
export async function readFileIfPresent(fs: Pick<StateFileFs, 'readFile'>, path: string) {
  try {
    return await fs.readFile(path);
  } catch (error) {
    if (isMissingFile(error)) return null;
    throw error;
  }
}

export function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

/** A JSON value kept in one file; `read` gives null when there is none or it cannot be parsed. */
export interface JsonStateFile {
  read(): Promise<unknown>;
  write(value: unknown): Promise<void>;
}

export function createJsonStateFile(options: {
  fs: StateFileFs;
  directory: string;
  fileName: string;
}): JsonStateFile {
  const path = `${options.directory.replace(/[/\\]+$/, '')}/${options.fileName}`;
  /** Writes run one after another, so an older state never lands after a newer one. */
  let writes: Promise<unknown> = Promise.resolve();
  return {
    async read() {
      const bytes = await readFileIfPresent(options.fs, path).catch(() => null);
      if (bytes === null) return null;
      try {
        return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
      } catch {
        return null;
      }
    },
    write(value) {
      const data = new TextEncoder().encode(JSON.stringify(value));
      const run = writes.then(() => writeFileAtomically(options.fs, options.directory, path, data));
      writes = run.catch(() => undefined);
      return run;
    },
  };
}
