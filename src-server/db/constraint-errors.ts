/**
 * A write refused by a unique index (SQLSTATE 23505), as PostgreSQL and PGlite report it; Drizzle
 * may wrap the database's error in one of its own, with the original as `cause`. With `constraint`,
 * only a refusal by that index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = (value: unknown) =>
    typeof value === 'object' && value !== null
      ? (value as { code?: unknown; constraint?: unknown })
      : undefined;
  const cause = (error as { cause?: unknown } | null)?.cause;
  for (const candidate of [fields(error), fields(cause)]) {
    if (candidate?.code !== '23505') continue;
    if (constraint === undefined || candidate.constraint === undefined || candidate.constraint === constraint)
      return true;
  }
  return false;
}

/** The SQLSTATE of a database error, or of the one Drizzle wrapped in its own (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const code =
      typeof candidate === 'object' && candidate !== null
        ? (candidate as { code?: unknown }).code
        : undefined;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
