import { type SQL, sql } from 'drizzle-orm';
import type { ParsedSearchRequest, SearchResponse } from '../../../../shared/contract/listing-search.ts';
import type { Database } from '../../../db/client.ts';
import { queryPrepared } from '../../../db/prepared-statements.ts';
import { toCard } from '../cards.ts';
import { readCounts, type SearchRow } from './facets.ts';
import { searchStatement } from './general-statement.ts';
import { keptKeyOf, ordering, planSearch, type SearchPlan } from './plan.ts';
import { postingSearchStatement, postingsMayAnswer } from './postings-statement.ts';
import { correctKeyword } from './spelling.ts';

/**
 * POST /listings/search: plans the request (filters as SQL, the ZIP code's centroid), runs the
 * postings statement or the general one, and maps the answer to the contract's response. A keyword
 * search that finds nothing is run again with its misspelt words corrected; when that finds
 * listings, they are the answer, with the keyword searched for in `correctedKeyword`.
 */
export async function searchListings(
  db: Database,
  request: ParsedSearchRequest,
  options: SearchOptions = {},
): Promise<SearchResponse> {
  const answer = await runSearch(db, request, options);
  if (answer.total > 0 || !request.keyword) return answer;
  const corrected = await correctKeyword(db, request.keyword);
  if (!corrected) return answer;
  const retried = await runSearch(db, { ...request, keyword: corrected }, options);
  return retried.total > 0 ? { ...retried, correctedKeyword: corrected } : answer;
}

async function runSearch(
  db: Database,
  request: ParsedSearchRequest,
  options: SearchOptions,
): Promise<SearchResponse> {
  const plan = await planSearch(db, request);
  const row = await querySearch(db, searchStatements(plan, request, options));
  const { facets, total, totalCapped } = readCounts(row);
  return {
    total,
    totalCapped,
    page: request.page,
    pageSize: request.pageSize,
    results: (row?.results ?? []).map(({ card, distance }) => toCard(card, distance)),
    facets,
  };
}

export interface SearchOptions {
  /** Whether a keyword that is one kept lexeme reads its postings (the default); off, every search runs the general statement. */
  postings?: boolean;
  /** The most postings a word's range may have to be read whole for a page newest first or ending soonest (set by the catalogue's size otherwise). */
  fewPostings?: number;
}

/**
 * The statements of a search: the postings' when it may apply, and the general one, built on first
 * use (a search the postings answer never needs it).
 */
export interface SearchStatements {
  /**
   * When the postings may answer the search: `kept`, a statement of one lookup answering the key
   * under which the postings keep the keyword's whole query (every match, not title matches alone)
   * or null, run for a keyword not yet known to be covered (most keywords of more than one word are
   * not kept, and their search then skips the postings statement, whose planning alone costs more
   * than the lookup); and `statement`, the postings statement for that key.
   */
  postings: { kept: SQL; statement: (lexeme: string) => SQL } | null;
  general: () => SQL;
  /**
   * What the postings statement's coverage depends on: the keyword, and for the orders that read a
   * word's range only when it has few postings (newest first, ending soonest) the order and the
   * page's end, which set how few (or the fixed `fewPostings`). Undefined without a keyword.
   */
  coverageKey: string | undefined;
}

export function searchStatements(
  plan: SearchPlan,
  request: ParsedSearchRequest,
  options: SearchOptions = {},
): SearchStatements {
  let general: SQL | undefined;
  const keyword = request.keyword?.trim().toLowerCase();
  const order = ordering(request.sort, plan);
  return {
    postings:
      options.postings === false || !plan.keyword || !postingsMayAnswer(plan, request)
        ? null
        : {
            kept: sql`select ${keptKeyOf(plan.keyword.query)} as lexeme`,
            statement: (lexeme) => {
              const statement = postingSearchStatement(plan, request, {
                fewPostings: options.fewPostings,
                lexeme,
              });
              if (!statement) throw new Error('The postings statement does not answer this search.');
              return statement;
            },
          },
    coverageKey:
      keyword &&
      (order === 'newest' || order === 'ending-soonest'
        ? `${order} ${request.page * request.pageSize} ${options.fewPostings ?? 'auto'} ${keyword}`
        : keyword),
    general: () => {
      general ??= searchStatement(plan, request);
      return general;
    },
  };
}

/**
 * Per database, the keywords last found not to be one kept lexeme or name (or, newest first and
 * ending soonest, a kept one of many postings: `SearchStatements.coverageKey`), whose searches then
 * skip the postings statement, and those last found covered with the key of their postings, whose
 * searches skip its lookup. Hints only: the postings statement checks again that the keyword is
 * kept under that key, a keyword wrongly missing here costs a lookup or an uncovered postings
 * statement, a keyword wrongly uncovered here (kept since) is answered by the general statement.
 * Cleared whenever the kept lexemes are refreshed.
 */
const keywordCoverage = new WeakMap<Database, { covered: Map<string, string>; uncovered: Set<string> }>();
const MAX_KNOWN_KEYWORDS = 10_000;

/** Forgets which keywords the postings did and did not cover (after the kept lexemes changed). */
export function forgetKeywordCoverage(db: Database): void {
  keywordCoverage.delete(db);
}

/** Remembers a keyword as covered under the postings key `lexeme`, or as uncovered (null). */
function remember(db: Database, key: string | undefined, lexeme: string | null): void {
  if (!key) return;
  let known = keywordCoverage.get(db);
  if (!known) {
    known = { covered: new Map(), uncovered: new Set() };
    keywordCoverage.set(db, known);
  }
  const { covered, uncovered } = known;
  if (lexeme === null) {
    if (uncovered.size >= MAX_KNOWN_KEYWORDS) uncovered.clear();
    uncovered.add(key);
    covered.delete(key);
  } else {
    if (covered.size >= MAX_KNOWN_KEYWORDS) covered.clear();
    covered.set(key, lexeme);
    uncovered.delete(key);
  }
}

/**
 * Runs a search's statements: the postings' first when there is one, the keyword is not known to be
 * uncovered and its query is kept (looked up unless known covered), the general one when the
 * postings do not cover it. They recur in a few hundred shapes: they run prepared where the
 * database keeps them (PGlite).
 */
export async function querySearch(
  db: Database,
  statements: SearchStatements,
): Promise<SearchRow | undefined> {
  const key = statements.coverageKey;
  const known = key ? keywordCoverage.get(db) : undefined;
  if (statements.postings && !(key && known?.uncovered.has(key))) {
    const lexeme =
      (key !== undefined ? known?.covered.get(key) : undefined) ??
      (await queryPrepared<{ lexeme: string | null }>(db, statements.postings.kept))[0]?.lexeme ??
      null;
    if (lexeme !== null) {
      const [row] = await queryPrepared<SearchRow>(db, statements.postings.statement(lexeme));
      if (row?.covered) {
        remember(db, key, lexeme);
        return row;
      }
    }
    remember(db, key, null);
  }
  const [row] = await queryPrepared<SearchRow>(db, statements.general());
  return row;
}
