/**
 * glibc's allocator settings for the server process. Its defaults suit short programs, not a
 * server that runs WebAssembly PostgreSQL beside V8: a freed large buffer raises the threshold
 * for mapping allocations of their own, so later ones land in the heap and stay resident once
 * freed, and each thread that allocates (V8's compiler and GC helpers, libuv's pool) may get an
 * arena of its own (up to eight per core) that keeps its high-water mark. With the defaults the
 * server on PGlite is 55–70 MB larger from its start on, and more after a 100,000-row bulk upload.
 *
 * Allocations of 32 kB and more are mapped on their own, so they go back to the system when
 * freed. That includes the segments of V8's optimizing compiler, which takes about 600 MB for a
 * moment while it compiles PGlite's SQL parser soon after start; with a 128 kB threshold part of
 * that stayed in the heap, fragmented, and the server started its work 10–60 MB larger.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * V8's young generation, each of its two semi-spaces, in MB, by database. A search keeps its
 * statement, its rows and its answer alive while it waits for the database; with 50 at once on
 * PostgreSQL, 8 MB semi-spaces fill between two answers, and what a search still holds is copied
 * and then promoted to the old generation, which collects it later at a higher cost. With 32 MB
 * the server's CPU per search of the uncached mix fell from 5.4–5.5 to 3.2–3.5 ms and the mix
 * went from 124–126 to 142–154 searches a second (100,000 listings, 50 connections, one machine;
 * `docs/benchmarks.md`), for about 45 MB more at peak (184–192 → 227–238 MB). On embedded PGlite,
 * whose one connection runs one statement at a time, the larger young generation gained nothing
 * measurable and cost 38 MB (299 → 337 MB before a run): it keeps 8 MB. Without a cap V8 grows
 * it to 64 MB per semi-space on a machine with plenty of memory while the modules load, and keeps
 * it.
 */
export const YOUNG_GENERATION_MB = { pglite: 8, postgres: 32 } as const;

/** Whether a Node option in the command line or `NODE_OPTIONS` already sets the semi-spaces. */
const SETS_SEMI_SPACE = /--max[-_]semi[-_]space[-_]size/;

/**
 * What the server's relaunch adds (`relaunchWithProcessSettings`): glibc's settings, unless any of
 * them is set in the environment (an operator who sets any keeps all of theirs), and the young
 * generation's size for the database the environment names (`DATABASE_URL`: PostgreSQL), unless
 * the command line or `NODE_OPTIONS` sets it. Nothing when both are there: the relaunched process
 * is not relaunched again.
 */
export function relaunchChanges(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
): { env: Record<string, string>; flags: string[] } {
  const mallocSet = Object.keys(MALLOC_SETTINGS).some((name) => env[name] !== undefined);
  const semiSpaceSet =
    execArgv.some((flag) => SETS_SEMI_SPACE.test(flag)) || SETS_SEMI_SPACE.test(env.NODE_OPTIONS ?? '');
  const database = env.DATABASE_URL ? 'postgres' : 'pglite';
  return {
    env: mallocSet ? {} : { ...MALLOC_SETTINGS },
    flags: semiSpaceSet ? [] : [`--max-semi-space-size=${YOUNG_GENERATION_MB[database]}`],
  };
}

/**
 * glibc reads its settings from the environment only when a process starts, and V8 sizes its
 * young generation when it starts. On Linux, when `relaunchChanges` has anything to add, the
 * process replaces itself with the same command line and those added; it keeps its process id,
 * standard streams and arguments. Elsewhere, or where the runtime cannot, nothing changes.
 */
export function relaunchWithProcessSettings(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  const changes = relaunchChanges(process.env, process.execArgv);
  if (Object.keys(changes.env).length === 0 && changes.flags.length === 0) return;
  process.execve(
    process.execPath,
    [process.execPath, ...changes.flags, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, ...changes.env },
  );
}
