import { type SQL, sql } from 'drizzle-orm';
import { loadInBulk } from '../../../db/bulk-load.ts';
import { type Database, liftStatementTimeout, queryRows } from '../../../db/client.ts';
import { canonicalQuery, keywordQuery, QUERY_PART } from '../search/plan.ts';

/**
 * Postings for frequent lexemes, names and sets of words. A keyword search for one frequent word ('9mm'
 * matches a fifth of the catalogue) or a frequent name ('sig sauer') would otherwise read, rank,
 * sort and count every matching keyword row; with postings its page is the first rows of one index
 * range, already in rank order (ranked as the search ranks it, by the search's own query), and its
 * facet counts come from the same range without visiting a table (`search/postings-statement.ts`).
 *
 * Which lexemes are kept follows the planner's statistics of the keyword copy (its most common
 * elements): every lexeme that enough listings contain, within a share that keeps the postings'
 * size bounded, and of the words past that share their title matches alone (`titles_only`), which
 * a page by relevance reads before the description's matches; the names come from the suggestion
 * terms, and the pairs and triples of kept words that stand together in many titles ('9mm 10rd',
 * 'ruger .22 lr') from a sample of the keyword copy. The rows are kept in step by the
 * `keyword_postings_sync` trigger on `listing_search`.
 */
export interface PostingPolicy {
  /**
   * A lexeme is kept once at least this many keyword rows contain it. Below it the general keyword
   * search ranks and counts the matches within a few milliseconds.
   */
  minListings: number;
  /**
   * ...and while at most this share of rows contain it: a word nearly every description repeats
   * (the shipping terms) would cost a posting per listing and narrows nothing for a shopper.
   */
  maxShare: number;
  /**
   * At most this many lexemes, the most frequent first: postings stay under maxLexemes × maxShare rows
   * per listing. Set above what a catalogue of a million listings holds (about 650 words in 3,000
   * listings or more; the ones past the first 256 add a tenth to the postings), so the threshold
   * decides and no word of more matches than that ranks them all.
   */
  maxLexemes: number;
  /**
   * At most this many names of more than one word, the most listed first: the suggestion terms
   * (manufacturers, manufacturer and model, calibers: "sig sauer", "smith & wesson model 686 plus",
   * "12 gauge") within the same bounds, kept as the query a search for them builds ('sig' & 'sauer').
   * A suggestion is counted by its search (`search/keyword-totals.ts`), and a shopper follows it:
   * both read one range of the postings, where the words one by one are frequent ('smith', 'model'
   * and 'plus' intersected read every listing of each). And as many hyphenated words of the terms
   * ("Kel-Tec", "AR-15", ".30-06"), kept as the phrase a search for one builds ('ar' <-> '-15'),
   * counted by the listings of the terms that hold them.
   */
  maxPhrases: number;
  /**
   * At most this many words past `maxShare` (the most frequent first) keep the postings of their
   * title matches only: the listings whose title, manufacturer, model or caliber has the word, which
   * rank above every listing that has it in the description alone (those all rank alike). A page by
   * relevance reads them in rank order, then the description's matches newest first, instead of
   * ranking a third of the catalogue (`search/general-statement.ts`).
   */
  maxTitleLexemes: number;
  /**
   * A set of two or three kept words is kept as a name too ('9mm' & '10rd', 'ruger' & '22' & 'lr', the
   * query a search for the words builds) once this many listings have them all in their title,
   * manufacturer, model or caliber. Two such words rank far above every other match of the pair
   * (`keyword_pairless_rank()`), so a page by relevance ranks all of them: 25,537 for '9mm 10rd' at
   * a million listings, 23 ms of ranking where a page of postings is read in under 5. Of three, any
   * two positioned rank as high, so a page by relevance ranks every match (21,707 for 'ruger .22 lr',
   * about 24 ms). Fewer are ranked within about 15 ms there. The sets come from a sample of the
   * keyword copy (`frequentWordSets`).
   */
  minSetListings: number;
  /** At most this many sets, the most listed first: at a million listings 184 pass 15,000 listings. */
  maxSets: number;
}

export const POSTING_POLICY: PostingPolicy = {
  minListings: 3000,
  maxShare: 0.35,
  maxLexemes: 1024,
  maxPhrases: 256,
  maxTitleLexemes: 64,
  minSetListings: 15_000,
  maxSets: 256,
};

/**
 * How many keyword rows `frequentWordSets` samples: about 2 s at a million listings (a page read
 * per page of the copy, the sampled rows' pairs and triples counted), and a set at the threshold is
 * counted from a few hundred of its listings.
 */
const SET_SAMPLE_ROWS = 20_000;

/** The one-lexeme tsquery a keyword search builds for a lexeme, written as a tsquery literal. */
export function lexemeQueryLiteral(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The lexemes the latest statistics of `listing_search.search_vector` place within the policy, most
 * frequent first: within its share (`within`, every posting kept) or past it (title postings only).
 */
export async function frequentLexemes(
  db: Database,
  policy: PostingPolicy = POSTING_POLICY,
  share: 'within' | 'past' = 'within',
): Promise<string[]> {
  const rows = await queryRows<{ lexeme: string }>(
    db,
    sql`select e.lexeme from pg_stats s
      cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, share)
      cross join (select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'listing_search'::regclass) c
      where s.schemaname = current_schema() and s.tablename = 'listing_search' and s.attname = 'search_vector'
        and e.lexeme is not null and e.share * c.rows >= ${policy.minListings}
        and ${share === 'within' ? sql`e.share <= ${policy.maxShare}` : sql`e.share > ${policy.maxShare}`}
      order by e.share desc, e.lexeme
      limit ${share === 'within' ? policy.maxLexemes : policy.maxTitleLexemes}`,
  );
  return rows.map((row) => row.lexeme);
}

/**
 * The names of the suggestion terms (rebuilt before the postings) of more than one lexeme, within
 * the policy, most listed first, each as the text of the tsquery a keyword search for it builds
 * ('sig' & 'sauer', 'smith' & 'wesson' & 'm' <-> 'p9'; none with an alternative or a negation,
 * which `queryLiteralOf` would not read back); then as many of the hyphenated words the terms hold,
 * each as the phrase a search for the word alone builds ('kel-tec' <-> 'kel' <-> 'tec',
 * 'ar' <-> '-15'), counted by the listings of the terms with it.
 */
export async function frequentPhrases(
  db: Database,
  policy: PostingPolicy = POSTING_POLICY,
): Promise<string[]> {
  const within = (n: SQL) => sql`${n} >= ${policy.minListings} and ${n} <= ${policy.maxShare} * (
    select greatest(reltuples, 0)::float8 from pg_class where oid = 'listing_search'::regclass)`;
  const rows = await queryRows<{ phrase: string }>(
    db,
    sql`(select p.query::text as phrase
      from (select ${keywordQuery(sql`t.term`)} as query, sum(t.listing_count) as n
        from suggestion_terms t group by 1) p
      where numnode(p.query) > 1 and p.query::text !~ '[|!]' and ${within(sql`p.n`)}
      order by p.n desc, phrase
      limit ${policy.maxPhrases})
    union all
    (select h.phrase from (
        select w.word[1] as phrase, sum(t.listing_count) as n
        from suggestion_terms t
        cross join lateral regexp_matches(${keywordQuery(sql`t.term`)}::text,
          '''[^'' ]+''(?: <-> ''[^'' ]+'')+', 'g') as w(word)
        group by 1) h
      where ${within(sql`h.n`)}
      order by h.n desc, h.phrase
      limit ${policy.maxPhrases})`,
  );
  return rows.map((row) => row.phrase);
}

/**
 * The sets of two or three kept words and hyphenated words (within the share: a set is in no more
 * listings than any of its parts) that stand together in the title, manufacturer, model or caliber
 * (the positioned lexemes) of at least `minSetListings` listings, most listed first, each as the
 * text of a tsquery a search for them builds ('10rd' & '9mm', '22' & 'lr' & 'ruger',
 * 'kel-tec' <-> 'kel' <-> 'tec' & '5.56' & 'nato'; a search in any other order finds it too:
 * `keptKeyOf`), leaving out those kept already in any order (a suggestion term's name,
 * 'sig' & 'sauer'). A hyphenated word is one of the kept phrases (`frequentPhrases`), counted where
 * a listing has all its lexemes, and stands for them: 'kel' and 'tec' of such a listing make no set
 * of their own. Counted in a fixed sample of the keyword copy (`SET_SAMPLE_ROWS`), like the
 * statistics the lexemes come from; none when the catalogue is too small for a set to reach the
 * threshold. Read outside the refresh's lock: listing writes do not wait for it.
 */
export async function frequentWordSets(
  db: Database,
  keptNames: readonly string[],
  policy: PostingPolicy = POSTING_POLICY,
): Promise<string[]> {
  if (policy.maxSets === 0) return [];
  const [catalogue] = await queryRows<{ rows: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'listing_search'::regclass`,
  );
  const rows = catalogue?.rows ?? 0;
  if (rows * policy.maxShare < policy.minSetListings) return [];
  const words = await frequentLexemes(db, policy);
  if (words.length < 2) return [];
  const percent = Math.min(100, (100 * SET_SAMPLE_ROWS) / rows);
  const phrases = keptNames.filter(isPhrase);
  const phraseRows = phrases.length
    ? sql`values ${sql.join(
        phrases.map((phrase) => {
          const lexemes = [...phrase.matchAll(QUOTED)].map((m) =>
            m[1]!.replaceAll("''", "'").replaceAll('\\\\', '\\'),
          );
          return sql`(${lexemes[0]!}, array[${lexemeList(lexemes)}]::text[], ${phrase})`;
        }),
        sql`, `,
      )}`
    : sql`select null::text, null::text[], null::text where false`;
  // Each sampled row's parts: its kept phrases, and its kept positioned words but those of its
  // phrases; then every pair and triple of them.
  const sets = await queryRows<{ key: string }>(
    db,
    sql`with s as materialized (
        select row_number() over () as i, tsvector_to_array(ts_filter(search_vector, '{a,b,c,d}')) as lexemes
        from listing_search tablesample bernoulli (${percent}::float8) repeatable (${SET_SAMPLE_SEED})),
      ph (first, lexemes, part) as (${phraseRows}),
      wd (lexeme, part) as (values ${sql.join(
        words.map((word) => sql`(${word}, ${lexemeQueryLiteral(word)})`),
        sql`, `,
      )}),
      p as materialized (
        select s.i, ph.part, ph.lexemes from s cross join lateral unnest(s.lexemes) w(lexeme)
        join ph on ph.first = w.lexeme where s.lexemes @> ph.lexemes),
      e as materialized (
        select p.i, p.part from p
        union
        select s.i, wd.part from s cross join lateral unnest(s.lexemes) w(lexeme)
        join wd on wd.lexeme = w.lexeme
        where not exists (select 1 from p where p.i = s.i and w.lexeme = any(p.lexemes))),
      c as (
        select a.part || ' & ' || b.part as key
        from e a join e b on b.i = a.i and a.part < b.part
        union all
        select a.part || ' & ' || b.part || ' & ' || c.part
        from e a join e b on b.i = a.i and a.part < b.part join e c on c.i = a.i and b.part < c.part)
      select c.key from c group by c.key
      having count(*) * ${rows}::float8 / greatest((select count(*) from s), 1) >= ${policy.minSetListings}
      order by count(*) desc, c.key`,
  );
  const keys = sets.map((set) => set.key);
  if (keys.length === 0) return [];
  // The names' canonical forms and the sets': a set kept as a name in any order is left out.
  const forms = await queryRows<{ key: string; form: string }>(
    db,
    sql`select k.key, ${canonicalQuery(sql`k.key::tsquery`)}::text as form
      from unnest(array[${lexemeList([...keptNames, ...keys])}]::text[]) k(key)`,
  );
  const formOf = new Map(forms.map((row) => [row.key, row.form]));
  const named = new Set(keptNames.map((name) => formOf.get(name)));
  return keys.filter((key) => !named.has(formOf.get(key))).slice(0, policy.maxSets);
}

const SET_SAMPLE_SEED = 4242;

/** A kept phrase alone ('ar' <-> '-15', 'kel-tec' <-> 'kel' <-> 'tec'): one part of a query, of more than one word. */
const ONE_PART = new RegExp(`^${QUERY_PART}$`);
const isPhrase = (name: string) => ONE_PART.test(name) && name.includes(' <');
/** Each lexeme of a tsquery's text, quoted. */
const QUOTED = /'((?:[^']|'')*)'/g;

/** A kept key's tsquery literal: a phrase or name is its own query's text, a lexeme is quoted. */
const queryLiteralOf = (key: string) =>
  key.includes(' & ') || key.includes(' <-> ') ? key : lexemeQueryLiteral(key);

const lexemeList = (lexemes: readonly string[]) =>
  sql.join(
    lexemes.map((lexeme) => sql`${lexeme}`),
    sql`, `,
  );

/** Writes the postings of the given kept lexemes (all of them when `only` is null) from the keyword copy, in index order. */
async function insertPostings(db: Database, only: readonly string[] | null): Promise<void> {
  await db.execute(sql`insert into keyword_postings
      (lexeme, listing_id, rank, listing_start_date, offered_until, facet_key, price, latitude, longitude)
    select f.lexeme, s.listing_id, keyword_rank(r.rank), s.listing_start_date, s.offered_until, s.facet_key,
      s.price, s.latitude, s.longitude
    from keyword_posting_lexemes f join listing_search s on s.search_vector @@ f.query
      cross join lateral (select ts_rank(s.search_vector, f.query) as rank offset 0) r
    where (not f.titles_only or r.rank >= keyword_title_rank())
    ${only ? sql`and f.lexeme in (${lexemeList(only)})` : sql``}
    order by 1, 3 desc, 4 desc, 2`);
}

/**
 * Rewrites every posting of the kept lexemes from the keyword copy and builds the indexes once
 * afterwards. Runs inside the keyword copy's rewrite (`keyword-copy.ts`), which has just written
 * the copy with the sync trigger off, and for the first lexemes kept (an empty table).
 */
export async function rewritePostings(tx: Database): Promise<void> {
  await tx.execute(sql`truncate keyword_postings`);
  await loadInBulk(tx, 'keyword_postings', () => insertPostings(tx, null));
  await tx.execute(sql`analyze keyword_postings`);
}

export interface PostingChange {
  added: string[];
  removed: string[];
}

/**
 * Brings the kept lexemes in line with the policy: postings of lexemes that fell out of it are
 * deleted, those of new ones written (a word that crossed the share, its postings rewritten). Listing writes wait meanwhile (a lock on the keyword copy
 * that searches pass), so no write's trigger misses a lexeme being added; so does another server's
 * refresh, which then finds the set already current. The first lexemes kept (none before: after
 * seeding, or the first start on a catalogue) are written in bulk, and keyword searches that look
 * for postings wait for that write too. Run after statistics were taken: at boot, after seeding and
 * with the periodic catalogue refresh. The caller vacuums the table afterwards (not possible inside
 * a transaction) so searches read the index alone.
 */
export async function refreshKeywordPostings(
  db: Database,
  policy: PostingPolicy = POSTING_POLICY,
): Promise<PostingChange> {
  const names = await frequentPhrases(db, policy);
  const sets = await frequentWordSets(db, names, policy);
  return db.transaction(async (tx) => {
    await liftStatementTimeout(tx);
    // Blocks listing writes (their trigger writes this table) and other servers' refreshes, not searches.
    await tx.execute(sql`lock table listing_search in share row exclusive mode`);
    // Each key with whether only its title postings are kept; a word that crosses the share is
    // removed and added again.
    const wanted = new Map<string, boolean>();
    for (const lexeme of await frequentLexemes(tx, policy, 'past')) wanted.set(lexeme, true);
    for (const lexeme of [...(await frequentLexemes(tx, policy)), ...names, ...sets]) {
      wanted.set(lexeme, false);
    }
    const current = new Map(
      (
        await queryRows<{ lexeme: string; titles_only: boolean }>(
          tx,
          sql`select lexeme, titles_only from keyword_posting_lexemes`,
        )
      ).map((row) => [row.lexeme, row.titles_only]),
    );
    const added = [...wanted.keys()].filter((lexeme) => current.get(lexeme) !== wanted.get(lexeme));
    const removed = [...current.keys()].filter((lexeme) => wanted.get(lexeme) !== current.get(lexeme));
    if (removed.length) {
      await tx.execute(sql`delete from keyword_postings where lexeme in (${lexemeList(removed)})`);
      await tx.execute(sql`delete from keyword_posting_lexemes where lexeme in (${lexemeList(removed)})`);
    }
    if (added.length) {
      await tx.execute(
        sql`insert into keyword_posting_lexemes (lexeme, query, canonical, titles_only)
          select k.lexeme, k.query, ${canonicalQuery(sql`k.query`)}, k.titles_only from (values ${sql.join(
            added.map(
              (lexeme) =>
                sql`(${lexeme}, ${queryLiteralOf(lexeme)}::tsquery, ${wanted.get(lexeme) === true}::boolean)`,
            ),
            sql`, `,
          )}) k (lexeme, query, titles_only)`,
      );
      // The first lexemes kept (after seeding or the first start) fill the table in one bulk write.
      if (current.size === 0) await rewritePostings(tx);
      else await insertPostings(tx, added);
    }
    return { added, removed };
  });
}
