/** The all-zero id: "no distributor" in search links, never a real listing or user. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in any letter case, returned in its lower-case canonical form; anything else gives null. */
export function parseUuid(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return UUID_PATTERN.test(text) ? text.toLowerCase() : null;
}

/** A listing or user id: a UUID other than the empty GUID, in canonical form; otherwise null. */
export function parseEntityId(raw: string | null | undefined): string | null {
  const id = parseUuid(raw);
  return id === EMPTY_GUID ? null : id;
}
