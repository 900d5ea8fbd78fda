import { type SQL, sql } from 'drizzle-orm';
import { type ParsedSearchRequest, SEARCH_COUNT_LIMIT } from '../../../../shared/contract/listing-search.ts';
import { ListingOption, ListingType } from '../../../../shared/domain/listing.ts';
import { OFFERED, offeredInCopy } from '../cards.ts';
import { answerSql, cappedCountsSql, DECODED_FACET_KEY, facetFlags, flagColumns } from './facets.ts';
import {
  boundedCount,
  distanceSql,
  evenCostRows,
  facetKeysOf,
  keptKeyOf,
  list,
  nearPlaces,
  notRunningAuction,
  type Ordering,
  orderBy,
  ordering,
  runningAuctionEnd,
  type SearchPlan,
  SOLD_AUCTION,
} from './plan.ts';
import { relevanceWalk } from './relevance-walk.ts';

const FEATURED_BITS = ListingOption.Featured | ListingOption.Homepage;

/** A keyword of one word, letters and digits only: the keywords a word past the postings' share may be. */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * A listing's positioned lexemes (title, manufacturer, model and caliber; the description is kept
 * without positions): the expression of `listing_search_title_pairs_idx` (migration 0055), written
 * as the index writes it, or the planner would not read that index for it.
 */
const POSITIONED_LEXEMES = sql`ts_filter(l.search_vector, '{a,b,c,d}')`;

/**
 * The cost of a running auction passed by the walk in order of end (its listing looked up and
 * matched), relative to an auction listing of chosen families read whole (its auction looked up).
 * Estimated from plans at a million listings (`docs/benchmarks.md`): 6–11 µs per auction listing
 * read whole, about 13 µs per running auction walked, on a 2-core machine.
 */
export const AUCTION_WALK_COST = 1.3;

/**
 * The cost of a row passed by a keyword's walk in the order's index, relative to a match read whole:
 * by end, each running auction's keyword row is looked up (about twice a match's read); in the
 * listings' order indexes the keyword is checked on the row the walk is at (about half). A walk
 * passes about page's end × catalogue ÷ matches rows. Estimates from the same plans as
 * `AUCTION_WALK_COST`, not measured crossovers: two kept words of 2,500–6,500 matches at a million
 * listings are read whole by end in under 21 ms each where the walk took 45–145 ms.
 */
export const KEYWORD_WALK_COST = { 'ending-soonest': 2, other: 0.5 } as const;

/**
 * The cost of a listing passed by the walk in price or featured order within a radius (its distance
 * worked out from the order index's row), relative to a listing of the radius read place by place:
 * about the same. A walk passes about page's end × catalogue ÷ the radius's listings rows.
 */
export const RADIUS_WALK_COST = 1;

/**
 * The general statement, one per search (PGlite has one connection), in bounded reads:
 *
 * - `m`, the facet sample: up to SEARCH_COUNT_LIMIT + 1 rows matching every filter but the facets'
 *   own, each with its facet key, a flag per facet filter and the page's columns. When it holds them
 *   all, each facet counts the rows that pass the other two facets' filters (standard faceted
 *   search), the total counts the rows that pass all three, and the page is those rows sorted;
 * - `r`, with a facet filter and a full sample: the rows matching every filter, up to the same
 *   limit, read from the facet key index when a family is chosen. It is the total (exact or "1,000+")
 *   and, when it holds them all, the page is those rows sorted;
 * - otherwise the page is read from an index in its order, stopping at the page's end: a thousand
 *   matches or more leave few rows to pass over. By price with a family chosen, each facet key's
 *   range of the facet key index is read in price order up to the page's end, and the page is the
 *   first of those (cheap families do not stand before the chosen ones in the price order).
 *   Relevance has no index order: its page ranks every match (a keyword narrows them); a set that
 *   holds every match carries its rank.
 *
 * Ending soonest reads the running auctions from their index in order of end, each matched by its
 * listing, then the other matches newest first, each up to the page's end (the other matches only
 * when the running auctions leave room in the page). Completed auctions read
 * the listings of the sold auctions instead of those on sale: latest sale first from the sold
 * auctions' index, any other order by sorting their matches.
 *
 * Each branch of the page is gated by the counts of `m` and `r` (one-time filters): the branches not
 * taken read nothing. Keyword searches read the narrow `listing_search` rows (same column names),
 * other searches the listings and their indexes.
 */
export function searchStatement(plan: SearchPlan, request: ParsedSearchRequest): SQL {
  const order = ordering(request.sort, plan);
  const offset = (request.page - 1) * request.pageSize;
  const pageEnd = offset + request.pageSize;
  // The time is a parameter, not a call per row.
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const id = plan.keyword ? sql`l.listing_id` : sql`l.id`;
  // The page's rows carry what its order and its answer read.
  const orderColumns: Record<Ordering, { columns: SQL; names: SQL }> = {
    'price-asc': { columns: sql`, l.price`, names: sql`, price` },
    'price-desc': { columns: sql`, l.price`, names: sql`, price` },
    newest: { columns: sql``, names: sql`` },
    distance: { columns: sql``, names: sql`` },
    relevance: plan.keyword
      ? {
          columns: sql`, ts_rank(l.search_vector, ${plan.keyword.query}) as rank${plan.keyword.codeMatch ? sql`, (${plan.keyword.codeMatch}) is true as code_match` : sql``}`,
          names: sql`, rank${plan.keyword.codeMatch ? sql`, code_match` : sql``}`,
        }
      : { columns: sql``, names: sql`` },
    featured: {
      columns: sql`, (l.listing_options & ${sql.raw(String(FEATURED_BITS))}) <> 0 as featured`,
      names: sql`, featured`,
    },
    'ending-soonest': {
      columns: sql`, ${runningAuctionEnd(id, now)} as auction_end`,
      names: sql`, auction_end`,
    },
    'latest-sale': { columns: sql`, a.ends_at as sold_at`, names: sql`, sold_at` },
  };
  const distance = plan.origin ? distanceSql(plan.origin) : null;
  const flags = facetFlags(plan.facets);
  const flagKeys = sql.join(flags.all.map((flag) => sql`, ${flag}`));
  // The keyword copy folds "offered" into one column. Completed auctions read the listings (or their
  // keyword copy) of the sold auctions instead, whatever their state now.
  const table = plan.keyword ? sql`listing_search l` : sql`listings l`;
  const source = plan.completed
    ? sql`${table} join auctions a on a.listing_id = ${id} where ${SOLD_AUCTION}`
    : plan.keyword
      ? sql`${table} where ${offeredInCopy('l', now)}`
      : sql`${table} where ${OFFERED}`;
  const within = plan.radius === null || !distance ? null : sql`${distance} <= ${plan.radius}::float8`;
  const filtered = (conditions: (SQL | null)[]) => {
    const active = conditions.filter((condition) => condition !== null);
    return sql`${source}${active.length ? sql` and ${sql.join(active, sql` and `)}` : sql``}`;
  };
  const matching = (extra: (SQL | null)[]) => filtered([...plan.where, within, ...extra]);
  const facetFilters = [plan.facets.family, plan.facets.condition, plan.facets.listingType];
  const pageColumns = sql`${id} as id, l.listing_start_date${orderColumns[order].columns}${distance ? sql`, ${distance} as distance` : sql``}`;
  const pageNames = sql`id, listing_start_date${orderColumns[order].names}${distance ? sql`, distance` : sql``}`;
  const limit = sql.raw(String(SEARCH_COUNT_LIMIT));
  const faceted = flags.all.length > 0;
  // Within a radius of a ZIP code, the listings are read by place (`nearPlaces`): each place in the
  // radius is an index range of its own, where the box's index range would also pass every listing
  // at the places of the box's latitudes outside its longitudes (most of the catalogue's band).
  const byPlace = plan.origin !== null && plan.radius !== null && !plan.keyword && !plan.completed;
  // The facet sample: by place within a radius (the facet filters' matches, `r`, are read from the
  // facet key index when a family is chosen, or as the planner finds best).
  const sample = (columns: SQL, rows: number) =>
    byPlace
      ? sql`select k.* from near pl cross join lateral (
          select ${columns} from ${filtered(plan.where)}
            and l.latitude = pl.latitude and l.longitude = pl.longitude limit ${rows}) k
        limit ${rows}`
      : sql`select ${columns} from ${matching([])} limit ${rows}`;
  // The facet keys stand for the three facet filters: the facet key index answers them alone.
  const keys = plan.facetKeys ? sql`l.facet_key in (${list(plan.facetKeys)})` : null;
  // The matches in the page's order up to the page's end: the planner walks the order's index where
  // there is one (relevance has none: every match is ranked). Behind the fence (offset 0) it reads
  // the matches and sorts them, for a keyword of few matches.
  const sortedMatches = (fence: boolean) =>
    sql`select * from (select ${pageColumns} from ${matching(facetFilters)}${fence ? sql` offset 0` : sql``}) s
      order by ${orderBy(order, plan, 's')} limit ${pageEnd}`;
  // Ending soonest: the running auctions in order of end from their index (`auctions_open_end_idx`),
  // each matched against the filters by its listing, then every other match newest first.
  // A listing type other than Auction has no running auction: its matches are newest first. The
  // fence keeps the walk a lookup per auction in order of end: joined, the planner may read every
  // match of the other filters (a large box) to hash them.
  const noAuctions = request.listingType !== undefined && request.listingType !== ListingType.Auction;
  // The running auctions among the matches, by end. A narrow filter's index (the chosen families'
  // facet keys of auctions, a seller's listings) gives the auction listings among its matches, each
  // looked up in the auctions and sorted: cost bounded by that filter. Otherwise the running
  // auctions are walked in order of end, each matched by its listing, to the page's end (most
  // auctions are new this week: that filter passes most of them).
  const auctionKeys = plan.facetKeys
    ? facetKeysOf(request.familyIds ?? [], request.conditions, ListingType.Auction)
    : null;
  const narrow = !plan.keyword && (auctionKeys !== null || request.uid !== undefined);
  const auctionFilter = auctionKeys
    ? sql`l.facet_key in (${list(auctionKeys)})`
    : sql`l.listing_type = ${sql.raw(String(ListingType.Auction))}`;
  // The other matches, newest first: walked in the newest index. Auctions only, with a narrow
  // filter, they are the few auction listings not running (scheduled, or ended and not settled):
  // read from that filter's index and sorted, where a walk would pass every listing.
  const otherOnlyAuctions = request.listingType === ListingType.Auction && narrow;
  const otherMatches = byPlace
    ? sql`(${placesPage(
        'newest',
        filtered([...plan.where, ...facetFilters, notRunningAuction(id, now)]),
        pageEnd,
        sql`, null::timestamptz as auction_end`,
      )})`
    : otherOnlyAuctions
      ? sql`(select * from (select ${pageColumns} from ${matching([...facetFilters, auctionFilter, notRunningAuction(id, now)])} offset 0) s
      order by s.listing_start_date desc, s.id limit ${pageEnd})`
      : sql`(select ${pageColumns} from ${matching([...facetFilters, notRunningAuction(id, now)])}
      order by l.listing_start_date desc, ${id} limit ${pageEnd})`;
  const narrowRead = sql`(select * from (select ${pageColumns} from ${matching([...facetFilters, auctionFilter])}) s where s.auction_end is not null
      order by s.auction_end, s.listing_start_date desc, s.id limit ${pageEnd})`;
  const walkRead = sql`(select k.* from auctions r cross join lateral (
        select ${pageColumns} from ${matching([...facetFilters, sql`${id} = r.listing_id`])} offset 0) k
      where r.outcome is null and r.ends_at > ${now} and r.starts_at <= ${now}
      order by r.ends_at, k.listing_start_date desc, k.id limit ${pageEnd})`;
  // Chosen families hold few auction listings or many: few are read whole from the facet key index
  // (a lookup of its auction each); many are better met walking the running auctions by end (the
  // page is found within pageEnd × running auctions ÷ the families' auctions). The families'
  // auction listings are counted up to where the two cost the same (`fa`), never further.
  const byFamilyAuctions =
    order === 'ending-soonest' && narrow && auctionKeys !== null && request.uid === undefined;
  const familyAuctions = boundedCount(
    'fa',
    filtered([auctionFilter]),
    evenCostRows('auctions', AUCTION_WALK_COST * pageEnd),
  );
  // Within a radius, the auction listings of its places (`listings_offered_auction_location_idx`, a
  // range per place) are read whole when few, each one's running auction looked up: a small radius
  // holds few, where the walk by end passes every running auction outside it. Counted up to where
  // the two cost the same (`pa`), never further; many are met sooner walking by end.
  const byPlaceAuctions = order === 'ending-soonest' && byPlace && !narrow && !noAuctions;
  // The radius's matches (and `extra`) read place by place, a range of the location index each (`k`).
  const atPlaces = (extra: SQL[], columns: SQL) => sql`near pl cross join lateral (
        select ${columns} from ${filtered([...plan.where, ...facetFilters, ...extra])}
          and l.latitude = pl.latitude and l.longitude = pl.longitude offset 0) k`;
  const placeAuctions = boundedCount(
    'pa',
    atPlaces([auctionFilter], sql`1`),
    evenCostRows('auctions', AUCTION_WALK_COST * pageEnd),
  );
  const placeRead = sql`(select k.* from ${atPlaces([auctionFilter], pageColumns)} where k.auction_end is not null
      order by k.auction_end, k.listing_start_date desc, k.id limit ${pageEnd})`;
  const runningAuctions = byPlaceAuctions
    ? sql`(select * from ${placeRead} n where ${placeAuctions.few}
        union all select * from ${walkRead} w where not ${placeAuctions.few})`
    : !narrow
      ? walkRead
      : byFamilyAuctions
        ? sql`(select * from ${narrowRead} n where ${familyAuctions.few}
        union all select * from ${walkRead} w where not ${familyAuctions.few})`
        : narrowRead;
  // The running auctions stand first in the order: when they fill the page (`es`, at most pageEnd
  // rows), the other matches are not read.
  const endingSoonest = () =>
    noAuctions
      ? otherMatches
      : sql`select * from es
    union all
    select * from ${otherMatches} o where (select count(*) from es) < ${pageEnd}`;
  const byEnd = order === 'ending-soonest' && !noAuctions;
  // Completed auctions: the latest sales are read from the sold auctions' index in order; in any
  // other order the matches are read and sorted (the listings' order indexes hold the listings on sale).
  // By relevance, a word in more than the postings' share of the listings (its title postings kept,
  // `titles_only`): its title matches in rank order from their postings, each matched by its keyword
  // row, then its matches in the description alone (which all rank alike, below every title match)
  // newest first from the order index, each read up to the page's end, and the few code matches.
  // Any other keyword ranks every match (a keyword of more than one word never is such a word: its
  // statement is not given the branch, which every search would plan).
  const byRelevance = (keyword: NonNullable<SearchPlan['keyword']>, ranked: SQL) => {
    const titled = keptKeyOf(keyword.query, { titlesOnly: true });
    const tiers = sql`select * from (select t.* from keyword_postings k cross join lateral (
          select ${pageColumns} from ${matching([...facetFilters, sql`l.listing_id = k.listing_id`])}) t
        where k.lexeme = ${titled}
        order by k.rank desc, k.listing_start_date desc, k.listing_id limit ${pageEnd}) a
      union
      select * from (select ${pageColumns} from ${matching([
        ...facetFilters,
        sql`ts_rank(l.search_vector, ${keyword.query}) < keyword_title_rank()`,
      ])}
        order by l.listing_start_date desc, l.listing_id limit ${pageEnd}) d${
          keyword.codeMatch
            ? sql`
      union
      select ${pageColumns} from ${matching([...facetFilters, keyword.codeMatch])}`
            : sql``
        }`;
    return sql`select * from (${tiers}) t where ${titled} is not null
      union all
      select * from (${ranked}) s where ${titled} is null`;
  };
  // A keyword of two words ranks by how near they stand (ts_rank's proximity): a listing with both
  // positioned (title, manufacturer, model or caliber) ranks far above any other, whose pair has a
  // word of the description (no positions: under `keyword_pairless_rank()`). Those listings are
  // read from an index of their own (`listing_search_title_pairs_idx`), a fraction of the bitmap of
  // every match when the words are frequent in descriptions (`keyword_title_pair` is null for any
  // other keyword, and so are these reads):
  // - by relevance, the page is the first of them (`tp`) when they fill it above that bound: no other
  //   match can stand in it. Otherwise the other matches follow newest first (below);
  // - in any order, the facet sample is a thousand and one of them when there are as many (`mt`): the
  //   total is then "1,000+" and no facet is counted, as from any sample of every match.
  const oneWord = ONE_WORD.test(request.keyword?.trim() ?? '');
  const byTitlePairs = plan.keyword !== null && !plan.completed && !oneWord;
  const rankTitlePairs = byTitlePairs && order === 'relevance' && plan.keyword?.codeMatch === null;
  const titlePairs = (keyword: NonNullable<SearchPlan['keyword']>, extra: (SQL | null)[]) =>
    filtered([
      ...plan.where.filter((condition) => condition !== keyword.condition),
      within,
      ...extra,
      sql`${POSITIONED_LEXEMES} @@ keyword_title_pair(${keyword.query})`,
    ]);
  const titlePairsPage = (keyword: NonNullable<SearchPlan['keyword']>) =>
    sql`select * from (select ${pageColumns} from ${titlePairs(keyword, facetFilters)}) s
      order by ${orderBy(order, plan, 's')} limit ${pageEnd}`;
  // The sample leaves out the end of a running auction, looked up per auction listing: it is read
  // only when the sample holds every match (`fromSet`), from the listing type of the facet key.
  const sampleColumns = sql`l.facet_key${flagColumns(plan.facets, flags)}, ${
    order === 'ending-soonest'
      ? sql`${id} as id, l.listing_start_date${distance ? sql`, ${distance} as distance` : sql``}`
      : pageColumns
  }`;
  const titlePairsFill = sql`((select count(*) from tp) = ${pageEnd} and (select min(rank) from tp) > keyword_pairless_rank())`;
  // Below the listings with two words positioned, the other matches by relevance (`relevance-walk.ts`).
  const underPairs =
    rankTitlePairs && plan.keyword
      ? relevanceWalk({
          keyword: plan.keyword,
          pageEnd,
          pageColumns,
          rows: (keyword, extra) =>
            filtered([
              ...plan.where.filter((condition) => condition !== keyword.condition),
              within,
              ...facetFilters,
              ...extra,
            ]),
          order: orderBy(order, plan, 's'),
          rankedMatches: sortedMatches(false),
          positioned: POSITIONED_LEXEMES,
        })
      : null;
  // By price or featured first within a radius: the radius's listings read place by place and
  // sorted when few (a small radius, or a rural one); when many (a city's), the order's index
  // walked, each listing's distance checked, which passes about page's end × catalogue ÷ the
  // radius's listings (the planner, taking latitude and longitude as unrelated, expects a city's box
  // to hold a thirtieth of what it does and would read it whole). Counted up to where the two cost
  // the same (`pp`).
  const byPlaceOrdered =
    byPlace && !plan.facetKeys && (order === 'price-asc' || order === 'price-desc' || order === 'featured');
  const placeListings = boundedCount(
    'pp',
    atPlaces([], sql`1`),
    evenCostRows('listings', RADIUS_WALK_COST * pageEnd),
  );
  const orderedByPlace = sql`select k.* from ${atPlaces([], pageColumns)}
    order by ${orderBy(order, plan, 'k')} limit ${pageEnd}`;
  // The box is left out of the walk (it holds the whole circle: the distance alone decides), so the
  // location index is not the planner's to choose there. Featured first is the featured index's
  // expression (`listings_search_featured_idx`).
  const orderedWalk = sql`select ${pageColumns} from ${filtered([
    ...plan.where.filter((condition) => condition !== plan.box),
    ...facetFilters,
    within,
  ])}
    order by ${
      order === 'featured'
        ? sql`(l.listing_options & ${sql.raw(String(FEATURED_BITS))}) <> 0 desc, l.listing_start_date desc, l.id`
        : orderBy(order, plan, 'l')
    } limit ${pageEnd}`;
  const walk = plan.completed
    ? sortedMatches(order !== 'latest-sale')
    : byPlaceOrdered
      ? sql`select * from (${orderedByPlace}) f where ${placeListings.few}
        union all select * from (${orderedWalk}) w where not ${placeListings.few}`
      : order === 'relevance' && plan.keyword && oneWord
        ? byRelevance(plan.keyword, sortedMatches(false))
        : underPairs
          ? sql`select * from tp where ${titlePairsFill}
        union all select * from (${underPairs.page}) s where not ${titlePairsFill}`
          : byPlace && (order === 'distance' || order === 'newest')
            ? placesPage(order, filtered([...plan.where, ...facetFilters]), pageEnd)
            : plan.facetKeys && !plan.keyword && (order === 'price-asc' || order === 'price-desc')
              ? sql`select k.* from unnest(array[${list(plan.facetKeys)}]::int[]) as fk(key) cross join lateral (
            select ${pageColumns} from ${matching([sql`l.facet_key = fk.key`])}
            order by ${orderBy(order, plan, 'l')} limit ${pageEnd}) k`
              : order === 'ending-soonest'
                ? endingSoonest()
                : sortedMatches(false);
  const mComplete = sql`(select count(*) from m) <= ${limit}`;
  const rComplete = sql`(select count(*) from r) <= ${limit}`;
  const neither = sql`not ${mComplete}${faceted ? sql` and not ${rComplete}` : sql``}`;
  // A keyword with a word the postings do not keep matches fewer listings than the postings'
  // threshold (POSTING_POLICY.minListings): its matches are read and sorted rather than walked for
  // in the order's index, past the listings of every other word (cheap ones first, by price). So is
  // a phrase ('tac-tx' is 'tac-tx' <-> 'tac' <-> 'tx'): frequent words, few listings in that order,
  // unless the phrase is kept as a whole ('kel-tec', 'ar-15': in thousands of listings).
  // Completed auctions are walked from the auctions or sorted already.
  const everyWordKept =
    plan.keyword && request.keyword && order !== 'relevance' && order !== 'distance' && !plan.completed
      ? sql`((not exists (select 1 from unnest(tsvector_to_array(to_tsvector('english', ${request.keyword.trim()}))) w(lexeme)
          where not exists (select 1 from keyword_posting_lexemes f where f.lexeme = w.lexeme))
          and strpos(${plan.keyword.query}::text, '<->') = 0)
          or ${keptKeyOf(plan.keyword.query)} is not null)`
      : null;
  // Words kept one by one may still match few listings together ('walther p38': 2,852 of a million,
  // a few dozen of them running auctions): with more than one lexeme, the matches are counted up to
  // where reading them all and walking the order's index for them cost the same (`km`), never further.
  const keywordMatches =
    everyWordKept !== null && plan.keyword
      ? {
          query: plan.keyword.query,
          ...boundedCount(
            'km',
            matching([]),
            evenCostRows(
              'listing_search',
              KEYWORD_WALK_COST[order === 'ending-soonest' ? 'ending-soonest' : 'other'] * pageEnd,
            ),
          ),
        }
      : null;
  const walkGate = keywordMatches
    ? sql`(${everyWordKept} and (numnode(${keywordMatches.query}) = 1 or not ${keywordMatches.few}))`
    : everyWordKept;
  const walked = walkGate
    ? sql`select * from (${walk}) w where ${neither} and ${walkGate}
      union all
      select * from (${sortedMatches(true)}) v where ${neither} and not ${walkGate}`
    : sql`select * from (${walk}) w where ${neither}`;
  // The rows of a set that holds every match, as the page reads them. Relevance's rank too: a full
  // sample ranks at most 1,001 rows more than the walk, which ranks every match anyway.
  const fromSet = (set: 'm' | 'r', gate: SQL) =>
    set === 'm' && order === 'ending-soonest'
      ? sql`select id, listing_start_date, ${runningAuctionEnd(sql`m.id`, now, sql`listing_facet_listing_type(m.facet_key)`)} as auction_end${
          distance ? sql`, distance` : sql``
        } from m where ${gate}`
      : sql`select ${pageNames} from ${sql.raw(set)} where ${gate}`;
  const page = sql`
      ${fromSet('m', sql`${mComplete}${sql.join(flags.all.map((flag) => sql` and ${flag}`))}`)}
      union all
      ${faceted ? sql`${fromSet('r', sql`not ${mComplete} and ${rComplete}`)} union all ` : sql``}
      ${walked}`;
  return sql`
    with ${byPlace && plan.origin && plan.radius !== null ? sql`recursive ${nearPlaces(plan.origin, plan.radius)},` : sql``}
    ${byFamilyAuctions ? familyAuctions.ctes : sql``}
    ${byPlaceAuctions ? placeAuctions.ctes : sql``}
    ${byPlaceOrdered ? placeListings.ctes : sql``}
    ${keywordMatches ? keywordMatches.ctes : sql``}
    ${rankTitlePairs && plan.keyword ? sql`tp as materialized (${titlePairsPage(plan.keyword)}),` : sql``}
    ${underPairs ? underPairs.ctes : sql``}
    ${
      byTitlePairs && plan.keyword
        ? sql`mt as materialized (
      select ${sampleColumns} from ${titlePairs(plan.keyword, [])} limit ${SEARCH_COUNT_LIMIT + 1}
    ),
    m as materialized (
      select * from mt where (select count(*) from mt) > ${limit}
      union all
      select * from (${sample(sampleColumns, SEARCH_COUNT_LIMIT + 1)}) s where (select count(*) from mt) <= ${limit}
    ),`
        : sql`m as materialized (
      ${sample(sampleColumns, SEARCH_COUNT_LIMIT + 1)}
    ),`
    }
    ${
      faceted
        ? sql`r as materialized (
      select ${pageColumns} from ${matching(keys ? [keys] : facetFilters)}
      limit ${SEARCH_COUNT_LIMIT + 1}
    ),`
        : sql``
    }
    ${byEnd ? sql`es as materialized (select * from ${runningAuctions} ra),` : sql``}
    p as (
      select * from (${page}) s
      order by ${orderBy(order, plan, 's')}
      limit ${request.pageSize} offset ${offset}
    ),
    c as (
      select ${DECODED_FACET_KEY}${flagKeys}, n
      from (select facet_key${flagKeys}, count(*) as n from m group by facet_key${flagKeys}) k
    )
    select ${cappedCountsSql(faceted ? sql`select 1 from r` : null)},
      ${answerSql(plan, order, flags)}`;
}

/**
 * The page of a search within a radius by distance or newest, read by place (`near`): each place
 * gives at most a page of its newest matches, read in order from the location index, and the page
 * is the first of those in its order. Rows read: the radius's places and a page per place.
 * `columns` adds constant columns after the start date (the page's other order columns).
 */
function placesPage(order: 'distance' | 'newest', matches: SQL, pageEnd: number, columns = sql``): SQL {
  return sql`
      select n.id, n.listing_start_date${columns}, pl.distance
      from near pl
      cross join lateral (
        select l.id, l.listing_start_date from ${matches} and l.latitude = pl.latitude and l.longitude = pl.longitude
        order by l.listing_start_date desc, l.id
        limit ${pageEnd}
      ) n
      order by ${order === 'distance' ? sql`pl.distance, ` : sql``}n.listing_start_date desc, n.id
      limit ${pageEnd}`;
}
