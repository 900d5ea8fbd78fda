/** Whether a value read from storage is a plain object (not null, not an array): the first check of a stored shape. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
