/**
 * Ids carried by links from the previous site: legacy listing and lister ids are
 * positive integers. At most 18 digits, so every accepted id fits a PostgreSQL bigint.
 */
const LEGACY_ID_PATTERN = /^0*([1-9]\d{0,17})$/;

/** A string of digits naming a positive integer, in canonical form (no leading zeros); otherwise null. */
export function parseLegacyNumericId(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  return LEGACY_ID_PATTERN.exec(raw)?.[1] ?? null;
}

/** Legacy lister id (`/Search/Lister/{id}`, `Search.aspx?lid=`): digits only. */
export function parseLegacyListerId(raw: string | null | undefined): string | null {
  return parseLegacyNumericId(raw);
}

/**
 * Legacy listing id as it appears after `/classifieds/view`: one underscore and a trailing
 * `.aspx` are removed (`_123.aspx` → `123`), and what remains must be digits.
 */
export function parseLegacyListingId(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  return parseLegacyNumericId(raw.replace('_', '').replace(/\.aspx$/i, ''));
}

/** Short codes of `/l/{code}`: present, 1–64 letters, digits, `-` or `_` (letter case is significant). */
const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isShortCode(raw: string | null | undefined): raw is string {
  return typeof raw === 'string' && SHORT_CODE_PATTERN.test(raw);
}
