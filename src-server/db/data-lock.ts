import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataFolderLockedError extends Error {
  readonly folder: string;
  constructor(folder: string) {
    super(
      `Another Ironsight server is already using the data folder ${folder}. ` +
        'The embedded database allows one process at a time: stop the other server, ' +
        'or start this one with a different DATA_DIR (or DATABASE_URL for PostgreSQL).',
    );
    this.folder = folder;
  }
}

/**
 * Holds an exclusive lock on the embedded database folder for the life of the process.
 * Two processes writing one PGlite folder corrupt it, so a second server is refused.
 * The lock is refreshed while held and counts as stale 15 s after its holder dies.
 */
export async function lockDataFolder(folder: string): Promise<() => Promise<void>> {
  mkdirSync(folder, { recursive: true });
  try {
    return await lockfile.lock(folder, {
      lockfilePath: `${folder}.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        // Losing the lock means another process may be writing: stop rather than risk corruption.
        console.error(`Lost the lock on ${folder}: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderLockedError(folder);
    throw error;
  }
}
