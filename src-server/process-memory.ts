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
 * glibc reads these settings from the environment only when a process starts. On Linux, when
 * none of them is set (an operator who sets any keeps all of theirs), the process replaces
 * itself with the same command line and these added to its environment; it keeps its process id,
 * standard streams and arguments. Elsewhere, or where the runtime cannot, nothing changes.
 */
export function relaunchWithMallocSettings(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (Object.keys(MALLOC_SETTINGS).some((name) => process.env[name] !== undefined)) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...MALLOC_SETTINGS,
  });
}
