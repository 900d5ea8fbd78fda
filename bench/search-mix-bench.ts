/**
 * The `mix` group of `bench:search`: every search of the generated mix (`search-mix.ts`) and every
 * suggestion text, once per pass, one client, through the API of a server whose shared cache keeps
 * nothing (SHARED_CACHE=off) beside the same SQL run directly, API and SQL in alternation as the
 * other scenarios are timed. Figures per scenario and overall, then the slowest searches.
 *
 * The mix meets each keyword once per pass. The API remembers, per process, a keyword the postings
 * did not cover and skips their statement for it the next time; the SQL side always runs what the
 * API runs on first sight (the postings statement first when there is one).
 */
import type { FastifyInstance } from 'fastify';
import { type ParsedSearchRequest, searchRequestSchema } from '../shared/contract/listing-search.ts';
import type { Database } from '../src-server/db/client.ts';
import {
  planSearch,
  querySearch,
  searchStatements,
  suggestionCandidates,
} from '../src-server/modules/listings/index.ts';
import { MIX_SEED, type MixRequest, mixCatalogue, searchMix, suggestionPrefixes } from './search-mix.ts';
import { collectGarbage, type Figures, figuresOf, tableHeader, tableRow } from './timing.ts';

const WIDTH = 24;
const SLOWEST_SHOWN = 8;

interface Sample {
  scenario: string;
  api: number;
  sql: number;
}

/**
 * Times `passes` passes of the mix after `warmup` searches of another mix (so none is timed warm
 * from its own warm-up); answers the API figures per scenario (and of all searches).
 */
export async function benchMix(
  app: FastifyInstance,
  db: Database,
  { passes, warmup }: { passes: number; warmup: number },
): Promise<Map<string, Figures>> {
  const catalogue = await mixCatalogue(db);
  const mix = searchMix(catalogue);
  const prefixes = suggestionPrefixes(catalogue);
  const warmups = searchMix(catalogue, { seed: MIX_SEED + 1, size: warmup });

  const prepare = async (requests: readonly MixRequest[]) => {
    const parsed: ParsedSearchRequest[] = requests.map((request) => searchRequestSchema.parse(request.body));
    const plans = await Promise.all(parsed.map((request) => planSearch(db, request)));
    return parsed.map((request, index) => ({
      request,
      statements: searchStatements(plans[index]!, request),
    }));
  };
  const search = async (body: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/listings/search', payload: body });
    if (res.statusCode !== 200)
      throw new Error(`mix: ${res.statusCode} ${res.body} for ${JSON.stringify(body)}`);
    return res.body;
  };
  const suggest = async (text: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/listings/suggestions?query=${encodeURIComponent(text)}`,
    });
    if (res.statusCode !== 200) throw new Error(`mix suggestions: ${res.statusCode} for ${text}`);
  };

  const warm = await prepare(warmups);
  for (const [index, request] of warmups.entries()) {
    await search(request.body);
    await querySearch(db, warm[index]!.statements);
  }
  const timed = await prepare(mix);
  collectGarbage();

  const samples: Sample[] = [];
  const totals: number[] = [];
  const apiByRequest: number[][] = mix.map(() => []);
  const time = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  for (let pass = 0; pass < passes; pass++) {
    for (const [index, request] of mix.entries()) {
      let body = '';
      const api = await time(async () => {
        body = await search(request.body);
      });
      // Without the keyword, querySearch neither reads nor records which keywords the postings do not
      // cover: the SQL side runs what the API runs for a keyword it meets the first time.
      const sql = await time(() => querySearch(db, timed[index]!.statements));
      samples.push({ scenario: request.scenario, api, sql });
      apiByRequest[index]!.push(api);
      totals[index] = (JSON.parse(body) as { total: number }).total;
    }
    for (const text of prefixes) {
      const api = await time(() => suggest(text));
      const sql = await time(() => suggestionCandidates(db, text));
      samples.push({ scenario: 'suggestions', api, sql });
    }
  }

  const scenarios = [...new Set(samples.map((sample) => sample.scenario))].sort();
  console.info(
    `\nmix: ${mix.length.toLocaleString('en-US')} distinct searches and ${prefixes.length} suggestion texts, ${passes} pass${passes === 1 ? '' : 'es'}, shared cache off; ms`,
  );
  console.info(tableHeader(WIDTH));
  const figures = new Map<string, Figures>();
  const rowOf = (name: string, of: readonly Sample[]) => {
    const api = figuresOf(of.map((sample) => sample.api));
    figures.set(name, api);
    console.info(tableRow(name, api, figuresOf(of.map((sample) => sample.sql)), WIDTH));
  };
  for (const scenario of scenarios)
    rowOf(
      scenario,
      samples.filter((sample) => sample.scenario === scenario),
    );
  rowOf(
    'all searches',
    samples.filter((sample) => sample.scenario !== 'suggestions'),
  );

  const median = (list: number[]) => figuresOf(list).p50;
  const slowest = mix
    .map((request, index) => ({ request, ms: median(apiByRequest[index]!), total: totals[index] ?? 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN);
  console.info('slowest searches (API, median of the passes):');
  for (const { request, ms, total } of slowest)
    console.info(
      `  ${ms.toFixed(1).padStart(7)} ms  ${total.toLocaleString('en-US').padStart(9)} matches  ${request.scenario}: ${JSON.stringify(request.body)}`,
    );
  return figures;
}
