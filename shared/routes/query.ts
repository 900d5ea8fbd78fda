/** Normalises a query string to `?a=b` form, or '' when there is none. */
export function withQuery(search: string | URLSearchParams | null | undefined): string {
  const text = (typeof search === 'string' ? search : (search?.toString() ?? '')).replace(/^\?/, '');
  return text ? `?${text}` : '';
}

/** The first value of a query parameter, its name matched case-insensitively (legacy links vary). */
export function getParamIgnoreCase(query: URLSearchParams, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of query) {
    if (key.toLowerCase() === wanted) return value;
  }
  return null;
}

/** A copy of the query without the named parameters (names matched case-insensitively). */
export function withoutParams(query: URLSearchParams, ...names: readonly string[]): URLSearchParams {
  const dropped = new Set(names.map((name) => name.toLowerCase()));
  return new URLSearchParams([...query].filter(([key]) => !dropped.has(key.toLowerCase())));
}
