/**
 * One idempotency key per checkout attempt: the same request sent again (a retry after a failure,
 * a second click) carries the same key, so the server makes one order; a changed request (another
 * card, another dealer) is a new attempt with a new key.
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; request: string } | null = null;
  return {
    /** The key for this request (its body without the key). */
    keyFor(request: unknown): string {
      const serialized = JSON.stringify(request);
      if (current?.request !== serialized) current = { key: newKey(), request: serialized };
      return current.key;
    },
    /** After an order was made: the next checkout is a new attempt whatever it holds. */
    reset(): void {
      current = null;
    },
  };
}
