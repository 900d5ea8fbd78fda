import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT } from '../../../shared/contract/listing-search.ts';
import type { SuggestionsResponse } from '../../../shared/contract/listings.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { keywordSearchTotals } from './search/keyword-totals.ts';

export const SUGGESTIONS_LIMIT = 10;
/** Candidates read from the terms table before ordering. */
const CANDIDATES = 40;

export interface SuggestionCandidate {
  term: string;
  listingCount: number;
  topFamilyId: number;
  /** pg_trgm word similarity of the typed text to the term, 0..1. */
  similarity: number;
}

export type SuggestionTier = 0 | 1 | 2 | 3;

/** 0 exact match, 1 the term starts with the text, 2 a word of the term starts with it, 3 similar only. */
export function suggestionTier(query: string, term: string): SuggestionTier {
  const q = normalize(query);
  const t = normalize(term);
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  if (` ${t}`.includes(` ${q}`)) return 2;
  return 3;
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Exact and prefix matches first (the header shows them above 'Other searches you may want to
 * try'), then word-prefix matches, then merely similar terms; within a tier, terms with more
 * listings first, then closer spelling, then alphabetical. Duplicate texts keep their best entry.
 */
export function orderSuggestions(
  query: string,
  candidates: readonly SuggestionCandidate[],
  limit = SUGGESTIONS_LIMIT,
): SuggestionCandidate[] {
  const ranked = candidates
    .map((candidate) => ({ candidate, tier: suggestionTier(query, candidate.term) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        (a.tier === 3 ? b.candidate.similarity - a.candidate.similarity : 0) ||
        b.candidate.listingCount - a.candidate.listingCount ||
        b.candidate.similarity - a.candidate.similarity ||
        a.candidate.term.localeCompare(b.candidate.term),
    );
  const seen = new Set<string>();
  const ordered: SuggestionCandidate[] = [];
  for (const { candidate } of ranked) {
    const key = normalize(candidate.term);
    if (seen.has(key)) continue;
    seen.add(key);
    ordered.push(candidate);
    if (ordered.length === limit) break;
  }
  return ordered;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function suggestionCandidates(db: Database, query: string): Promise<SuggestionCandidate[]> {
  const q = normalize(query);
  const prefix = `${escapeLike(q)}%`;
  const wordPrefix = `% ${escapeLike(q)}%`;
  const rows = await queryRows<{
    term: string;
    listing_count: number;
    top_family_id: number;
    similarity: number;
  }>(
    db,
    sql`select term, listing_count, top_family_id, word_similarity(${q}, lower(term)) as similarity
        from suggestion_terms
        where lower(term) like ${prefix} or lower(term) like ${wordPrefix} or ${q} <% lower(term)
        order by (lower(term) like ${prefix}) desc, similarity desc, listing_count desc
        limit ${CANDIDATES}`,
  );
  return rows.map((row) => ({
    term: row.term,
    listingCount: row.listing_count,
    topFamilyId: row.top_family_id,
    similarity: Number(row.similarity),
  }));
}

/**
 * The header's suggestions for the typed text. The terms table finds and orders the candidates; the
 * count shown beside each is what a search for it finds (`keywordSearchTotals`, the search's own
 * counting), and a term whose search would find nothing is not suggested.
 */
export async function suggest(db: Database, query: string): Promise<SuggestionsResponse> {
  const candidates = orderSuggestions(query, await suggestionCandidates(db, query));
  const totals = await keywordSearchTotals(
    db,
    candidates.map((candidate) => candidate.term),
  );
  // Ordered again by what their searches find, so a larger count never sits below a smaller one of its tier.
  const ordered = orderSuggestions(
    query,
    candidates
      .map((candidate) => ({ ...candidate, listingCount: totals.get(candidate.term) ?? 0 }))
      .filter((candidate) => candidate.listingCount > 0),
  );
  const querySummary: Record<string, number> = {};
  const countsCapped: string[] = [];
  for (const candidate of ordered) {
    querySummary[candidate.term] = Math.min(candidate.listingCount, SEARCH_COUNT_LIMIT);
    if (candidate.listingCount > SEARCH_COUNT_LIMIT) countsCapped.push(candidate.term);
  }
  const top = ordered[0] ? familyById(ordered[0].topFamilyId) : undefined;
  return {
    querySummary,
    topFamily: top ? { id: top.id, key: top.key, name: top.displayName } : null,
    ...(countsCapped.length ? { countsCapped } : {}),
  };
}
