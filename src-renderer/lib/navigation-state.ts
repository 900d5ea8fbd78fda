/**
 * The state of a navigation that only rewrites the current entry (say, to forget a one-time
 * notice it carried): the page stays mounted, where a navigation to the address already shown
 * otherwise reloads it.
 */
export const REWRITE_ENTRY = { rewriteEntry: true } as const;

export function isEntryRewrite(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { rewriteEntry?: unknown }).rewriteEntry === true
  );
}
