import { sql } from 'drizzle-orm';
import type { SuggestionsResponse } from '../../../shared/contract/listings.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { OFFERED } from './cards.ts';

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

export async function suggest(db: Database, query: string): Promise<SuggestionsResponse> {
  const ordered = orderSuggestions(query, await suggestionCandidates(db, query));
  const querySummary: Record<string, number> = {};
  for (const candidate of ordered) querySummary[candidate.term] = candidate.listingCount;
  const top = ordered[0] ? familyById(ordered[0].topFamilyId) : undefined;
  return {
    querySummary,
    topFamily: top ? { id: top.id, key: top.key, name: top.displayName } : null,
  };
}

/**
 * Rebuilds the suggestion terms from the offered listings: manufacturers, manufacturer + model
 * and calibers, each with its listing count and the family most of its listings are in. One
 * transaction, so a suggestion request never sees the table half built.
 *
 * The terms follow the listings by this rebuild alone: the seeder runs it, the listings module runs
 * it at boot and every SUGGESTION_TERMS_REFRESH_MS (`startSuggestionTermsRefresh`). A listings-write
 * path (POST /listings/add, close, relist, a sale) should also run it, or schedule it, once it
 * changes what is offered.
 */
export async function rebuildSuggestionTerms(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from suggestion_terms`);
    await tx.execute(sql`
      insert into suggestion_terms (term, kind, listing_count, top_family_id, top_family_share)
      select term, kind, sum(n)::int,
        (array_agg(family_id order by n desc, family_id))[1],
        (max(n)::real / sum(n))::real
      from (
        select l.manufacturer as term, 'manufacturer' as kind, l.family_id, count(*) as n
          from listings l where ${OFFERED} and l.manufacturer is not null group by 1, 3
        union all
        select l.manufacturer || ' ' || l.model, 'model', l.family_id, count(*)
          from listings l where ${OFFERED} and l.manufacturer is not null and l.model is not null group by 1, 3
        union all
        select l.caliber, 'caliber', l.family_id, count(*)
          from listings l where ${OFFERED} and l.caliber is not null group by 1, 3
      ) grouped
      group by term, kind`);
  });
}

/** How often the suggestion terms are rebuilt while the server runs (sold and expired listings drop out). */
export const SUGGESTION_TERMS_REFRESH_MS = 10 * 60 * 1000;

export interface SuggestionTermsRefresh {
  /** Stops the timer and waits for a rebuild under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `rebuild` every `intervalMs` on an unref'd timer (it never keeps the process alive); a
 * tick while the previous rebuild still runs is skipped; failures go to `onError`.
 */
export function startSuggestionTermsRefresh(options: {
  rebuild: () => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): SuggestionTermsRefresh {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .rebuild()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? SUGGESTION_TERMS_REFRESH_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
