/**
 * Firearm identification (docs/capabilities/identification.md): accuracy on the labelled set of
 * seller-written titles (bench/identify-set.json) and the time to identify one text, against a
 * reference of 20,000 variants (the demo catalogue's, plus made-up manufacturers, models and variants
 * for the size). Targets of issue 34: top-1 ≥ 90 %, top-5 ≥ 98 %, ≤ 50 ms p95.
 *
 *   npm run bench:identify [-- --variants 20000 --rounds 5 --misses]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type FirearmCandidate, identifyFirearm } from '../shared/domain/firearm-identity.ts';
import { buildFirearmIndex } from '../shared/domain/firearm-index.ts';
import { catalogueReference } from '../src-server/seed/firearm-reference.ts';
import { withMadeUpVariants } from './reference-at-size.ts';

interface Labelled {
  text: string;
  expected: { manufacturer: string; model: string; variant: string | null };
  /** "blind": written from the reference's names only, without reading the parser. */
  source?: string;
}

const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    misses: { type: 'boolean', default: false },
  },
});

const matches = (candidate: FirearmCandidate | undefined, expected: Labelled['expected']) =>
  candidate !== undefined &&
  candidate.identity.manufacturer === expected.manufacturer &&
  candidate.identity.model === expected.model &&
  candidate.identity.variant === expected.variant;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const set = JSON.parse(readFileSync(path.join(import.meta.dirname, 'identify-set.json'), 'utf8')) as {
  entries: Labelled[];
};
const reference = withMadeUpVariants(catalogueReference(), Number(args.variants));
const buildStart = performance.now();
const index = buildFirearmIndex(reference);
const buildMs = performance.now() - buildStart;

const parts = new Map<string, { total: number; top1: number; top5: number }>();
const misses: string[] = [];
for (const entry of set.entries) {
  const part = entry.source ?? 'first';
  const tally = parts.get(part) ?? { total: 0, top1: 0, top5: 0 };
  parts.set(part, tally);
  tally.total += 1;
  const candidates = identifyFirearm(index, [{ field: 'title', text: entry.text }], {}, 5);
  if (matches(candidates[0], entry.expected)) tally.top1 += 1;
  else {
    const got = candidates[0]?.identity;
    misses.push(
      `${entry.source === undefined ? '' : `[${entry.source}] `}${entry.text}\n    expected ${Object.values(entry.expected).join(' / ')}; got ${got ? `${got.manufacturer} / ${got.model} / ${got.variant}` : 'nothing'}`,
    );
  }
  if (candidates.some((candidate) => matches(candidate, entry.expected))) tally.top5 += 1;
}
const top1 = [...parts.values()].reduce((sum, tally) => sum + tally.top1, 0);
const top5 = [...parts.values()].reduce((sum, tally) => sum + tally.top5, 0);

const times: number[] = [];
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const entry of set.entries) {
    const start = performance.now();
    identifyFirearm(index, [{ field: 'title', text: entry.text }], {}, 6);
    times.push(performance.now() - start);
  }
}
times.sort((a, b) => a - b);
const total = set.entries.length;
const percent = (count: number, of = total) => `${((count / of) * 100).toFixed(1)} %`;
console.info(
  [
    `reference: ${reference.manufacturers.length} manufacturers, ${reference.models.length} models, ${reference.variants.length} variants, ${reference.calibers.length} calibers (index built in ${buildMs.toFixed(0)} ms)`,
    `labelled set: ${total} texts`,
    `top-1 accuracy: ${percent(top1)} (${top1}/${total}; target ≥ 90 %)`,
    `top-5 accuracy: ${percent(top5)} (${top5}/${total}; target ≥ 98 %)`,
    ...[...parts].map(
      ([part, tally]) =>
        `  ${part} part: ${tally.total} texts, top-1 ${percent(tally.top1, tally.total)} (${tally.top1}), top-5 ${percent(tally.top5, tally.total)} (${tally.top5})`,
    ),
    `identification of one text, ${times.length} runs: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms (target p95 ≤ 50 ms)`,
  ].join('\n'),
);
if (args.misses) console.info(`top-1 misses:\n  ${misses.join('\n  ')}`);
