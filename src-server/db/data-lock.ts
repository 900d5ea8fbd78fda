import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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

/** Who holds the lock, written beside it so a successor can tell a crashed holder from a live one. */
interface LockOwner {
  pid: number;
  /** The process's start time as the system reports it (Linux clock ticks since boot); null elsewhere. */
  start: string | null;
  host: string;
}

/**
 * The start time of a process from /proc (Linux), and whether it has exited without being reaped
 * (a zombie): a pid alone can be reused, a pid with its start time names one process.
 */
function processStat(pid: number): { start: string; zombie: boolean } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name field may hold spaces and parentheses; the fields after its last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start ? { start, zombie: fields[0] === 'Z' } : undefined;
  } catch {
    return undefined;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ownerPathOf = (lockPath: string) => `${lockPath}.owner`;

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerPathOf(lockPath), 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return undefined;
    return { pid: owner.pid, start: owner.start ?? null, host: owner.host };
  } catch {
    return undefined;
  }
}

/**
 * True only when the recorded holder certainly no longer runs: same machine, and its pid is gone,
 * a zombie, or now another process (a different start time). Anything unsure counts as alive, and
 * the lock then goes stale by its age alone.
 */
function lockOwnerIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  if (!processExists(owner.pid)) return true;
  const stat = processStat(owner.pid);
  if (!stat) return false;
  return stat.zombie || (owner.start !== null && owner.start !== stat.start);
}

const STALE_MS = 15_000;

/**
 * Holds an exclusive lock on the embedded database folder for the life of the process.
 * Two processes writing one PGlite folder corrupt it, so a second server is refused. The holder's
 * pid and start time are recorded beside the lock: a server that crashed (kill -9, power loss of
 * the process) is taken over at once; otherwise the lock, refreshed while held, goes stale 15 s
 * after its holder stops refreshing it (a holder on another machine sharing the folder).
 */
export async function lockDataFolder(folder: string): Promise<() => Promise<void>> {
  mkdirSync(folder, { recursive: true });
  const lockPath = `${folder}.lock`;
  // Acquiring and taking over happen behind a short-lived gate, so two servers starting after a
  // crash cannot both remove the dead holder's lock and one of them break the other's fresh one.
  // proper-lockfile keys its locks by the path locked, so the gate locks a path of its own.
  const openGate = await lockfile
    .lock(`${folder}.gate`, {
      lockfilePath: `${lockPath}.gate`,
      stale: 5_000,
      realpath: false,
      retries: { retries: 40, minTimeout: 25, maxTimeout: 250 },
    })
    .catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ELOCKED' ? new DataFolderLockedError(folder) : error;
    });
  try {
    const release = await acquire(folder, lockPath);
    const owner: LockOwner = {
      pid: process.pid,
      start: processStat(process.pid)?.start ?? null,
      host: hostname(),
    };
    writeFileSync(ownerPathOf(lockPath), JSON.stringify(owner));
    return async () => {
      // The owner record goes first: a lock without one is never taken over early, only when stale.
      rmSync(ownerPathOf(lockPath), { force: true });
      await release();
    };
  } finally {
    await openGate();
  }
}

async function acquire(folder: string, lockPath: string): Promise<() => Promise<void>> {
  const options = {
    lockfilePath: lockPath,
    stale: STALE_MS,
    update: 5_000,
    realpath: false,
    onCompromised: (error: Error) => {
      // Losing the lock means another process may be writing: stop rather than risk corruption.
      console.error(`Lost the lock on ${folder}: ${error.message}`);
      process.exit(1);
    },
  };
  try {
    return await lockfile.lock(folder, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(lockPath);
    if (!owner || !lockOwnerIsGone(owner)) throw new DataFolderLockedError(folder);
  }
  // The holder crashed: its lock is removed and taken at once rather than after it goes stale.
  rmSync(ownerPathOf(lockPath), { force: true });
  rmSync(lockPath, { recursive: true, force: true });
  try {
    return await lockfile.lock(folder, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderLockedError(folder);
    throw error;
  }
}
