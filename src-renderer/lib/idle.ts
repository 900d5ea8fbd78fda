/** How long work left for an idle moment may wait on a browser that is never idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the browser is next idle (or after a short wait where it cannot say); answers
 * a function that cancels it. For work that should not share the page's first busy moments.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
