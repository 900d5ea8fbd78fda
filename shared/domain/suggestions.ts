/**
 * How the header search bar orders suggestions: exact matches first, then under the
 * heading 'Other searches you may want to try' the rest. A suggestion is an exact match when it
 * is the typed text or starts with it (case and spacing ignored); within each group, suggestions
 * with more listings come first, then alphabetical. The server ranks by the same tiers.
 */
export const OTHER_SUGGESTIONS_HEADING = 'Other searches you may want to try';

export function noSuggestionsMessage(text: string): string {
  return `No results found for "${text}", try a different search.`;
}

export interface Suggestion {
  text: string;
  /** Listings matching the suggestion. */
  count: number;
  /** Whether more listings match than were counted: `count` is then a floor ("1,000+"). */
  capped?: boolean;
}

export interface OrderedSuggestions {
  exact: Suggestion[];
  other: Suggestion[];
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export function isExactSuggestion(query: string, suggestion: string): boolean {
  const q = normalize(query);
  return q !== '' && normalize(suggestion).startsWith(q);
}

const byCountThenText = (a: Suggestion, b: Suggestion) => b.count - a.count || a.text.localeCompare(b.text);

/** Splits a `querySummary` (suggestion text → listing count) into the two groups, each ordered. */
export function orderSuggestions(
  query: string,
  querySummary: Readonly<Record<string, number>>,
  countsCapped: readonly string[] = [],
): OrderedSuggestions {
  const capped = new Set(countsCapped);
  const exact: Suggestion[] = [];
  const other: Suggestion[] = [];
  const seen = new Set<string>();
  for (const [text, count] of Object.entries(querySummary)) {
    const key = normalize(text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    (isExactSuggestion(query, text) ? exact : other).push(
      capped.has(text) ? { text, count, capped: true } : { text, count },
    );
  }
  return { exact: exact.sort(byCountThenText), other: other.sort(byCountThenText) };
}
