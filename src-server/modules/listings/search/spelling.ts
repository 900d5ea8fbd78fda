import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client.ts';

/**
 * Spelling correction for keyword searches that find nothing ("glcok", "smith wesen"): each word
 * that is not a word shoppers search by is replaced with the closest one within a small edit
 * distance, the more common word winning a tie. The words come from the suggestion terms
 * (manufacturers, manufacturer + model, calibers of the listings on sale), read at most once a
 * minute per database.
 */

/** How long a database's word list is kept before it is read again. */
const VOCABULARY_TTL_MS = 60_000;

/** Words with fewer letters are left as typed: too many short words lie one edit apart. */
const MIN_WORD_LENGTH = 3;

interface Vocabulary {
  readAt: number;
  /** Each word with the number of listings on sale that carry it. */
  words: Map<string, number>;
  /** The same words grouped by length, for the length window of a lookup. */
  byLength: Map<number, string[]>;
}

const vocabularies = new WeakMap<Database, Promise<Vocabulary>>();

async function readVocabulary(db: Database): Promise<Vocabulary> {
  const rows = await queryRows<{ word: string; n: number }>(
    db,
    sql`select w.word, sum(t.listing_count)::int as n
      from suggestion_terms t cross join lateral regexp_split_to_table(lower(t.term), '[^a-z0-9]+') as w(word)
      where length(w.word) >= ${MIN_WORD_LENGTH}
      group by w.word`,
  );
  const words = new Map(rows.map((row) => [row.word, Number(row.n)]));
  const byLength = new Map<number, string[]>();
  for (const word of words.keys()) {
    const group = byLength.get(word.length);
    if (group) group.push(word);
    else byLength.set(word.length, [word]);
  }
  return { readAt: Date.now(), words, byLength };
}

async function vocabularyOf(db: Database): Promise<Vocabulary> {
  const kept = vocabularies.get(db);
  if (kept) {
    const vocabulary = await kept.catch(() => null);
    if (vocabulary && Date.now() - vocabulary.readAt < VOCABULARY_TTL_MS) return vocabulary;
  }
  const reading = readVocabulary(db);
  vocabularies.set(db, reading);
  return reading;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) from `a` to `b` (optimal string
 * alignment distance), or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Edits allowed for a word of this length: one for short words, two from five letters. */
const allowedEdits = (length: number) => (length >= 5 ? 2 : 1);

/** The closest known word to `word`, or null when it is known already or nothing is close enough. */
export function closestWord(
  word: string,
  words: ReadonlyMap<string, number>,
  byLength: ReadonlyMap<number, string[]>,
): string | null {
  if (word.length < MIN_WORD_LENGTH || words.has(word) || /\d/.test(word)) return null;
  const limit = allowedEdits(word.length);
  let best: { word: string; distance: number; count: number } | null = null;
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate, limit);
      if (distance > limit) continue;
      const count = words.get(candidate) ?? 0;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance &&
          (count > best.count || (count === best.count && candidate < best.word)))
      ) {
        best = { word: candidate, distance, count };
      }
    }
  }
  return best?.word ?? null;
}

/**
 * The keyword with its misspelt words corrected, or null when no word changed. Words with
 * anything but letters (quotes, a leading minus, codes, calibers like "9mm") are kept as typed.
 */
export async function correctKeyword(db: Database, keyword: string): Promise<string | null> {
  const typed = keyword.trim().split(/\s+/);
  if (!typed.some((word) => /^[a-z]+$/i.test(word))) return null;
  const { words, byLength } = await vocabularyOf(db);
  let changed = false;
  const corrected = typed.map((word) => {
    if (!/^[a-z]+$/i.test(word)) return word;
    const closest = closestWord(word.toLowerCase(), words, byLength);
    if (!closest) return word;
    changed = true;
    return closest;
  });
  return changed ? corrected.join(' ') : null;
}
