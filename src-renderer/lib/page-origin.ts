/**
 * The origin of the page shown, for page metadata. On the server there is no window; the head of a
 * first load is written by the server, and the metadata a page computes is only applied in effects.
 */
export function pageOrigin(): string {
  return globalThis.location?.origin ?? '';
}
