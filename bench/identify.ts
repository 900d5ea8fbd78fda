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
import { CATEGORY_FAMILIES } from '../shared/domain/category.ts';
import { type FirearmCandidate, identifyFirearm } from '../shared/domain/firearm-identity.ts';
import {
  buildFirearmIndex,
  type FirearmReference,
  type ReferenceModel,
  type ReferenceVariant,
} from '../shared/domain/firearm-index.ts';
import { catalogueReference, referenceId } from '../src-server/seed/firearm-reference.ts';

interface Labelled {
  text: string;
  expected: { manufacturer: string; model: string; variant: string | null };
}

const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    misses: { type: 'boolean', default: false },
  },
});

const SYLLABLES = [
  'Ar',
  'Bel',
  'Cor',
  'Dra',
  'Ex',
  'Fal',
  'Gar',
  'Hal',
  'Ira',
  'Jur',
  'Kal',
  'Lor',
  'Mar',
  'Nor',
];
const ENDINGS = [
  'ton',
  'vik',
  'dor',
  'mark',
  'ford',
  'wick',
  'ridge',
  'stone',
  'field',
  'well',
  'gard',
  'holt',
];
const KINDS = ['Arms', 'Firearms', 'Defense', 'Armory', 'Tactical', 'Precision', 'Industries', 'Rifle Co'];
const MODEL_WORDS = [
  'Ranger',
  'Sentinel',
  'Patriot',
  'Scout',
  'Guardian',
  'Vanguard',
  'Falcon',
  'Striker',
  'Nomad',
];
const VARIANT_NAMES = [
  'Compact',
  'Carry',
  'Full Size',
  'Tactical',
  'Sport',
  'Hunter',
  'Target',
  'Gen 2',
  'Gen 3',
  'Elite',
  'Pro',
  'Subcompact',
  'Long Range',
  'Carbine',
  'Match',
  'Lite',
];

/** Made-up manufacturers, models and variants, deterministic, until the reference holds `size` variants. */
function withMadeUpVariants(reference: FirearmReference, size: number): FirearmReference {
  const families = CATEGORY_FAMILIES.filter((family) => family.group === 'Firearm').map(
    (family) => family.id,
  );
  let state = 34;
  const next = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  const manufacturers = [...reference.manufacturers];
  const models: ReferenceModel[] = [...reference.models];
  const variants: ReferenceVariant[] = [...reference.variants];
  for (let maker = 0; variants.length < size; maker += 1) {
    const name = `${SYLLABLES[maker % SYLLABLES.length]}${ENDINGS[Math.floor(maker / SYLLABLES.length) % ENDINGS.length]} ${KINDS[Math.floor(maker / (SYLLABLES.length * ENDINGS.length)) % KINDS.length]}`;
    const manufacturerId = referenceId('manufacturer', name);
    manufacturers.push({ id: manufacturerId, name, aliases: [] });
    for (let model = 0; model < 6 && variants.length < size; model += 1) {
      const letters = `${String.fromCharCode(65 + next(26))}${String.fromCharCode(65 + next(26))}`;
      const modelName =
        next(3) === 0
          ? `${MODEL_WORDS[next(MODEL_WORDS.length)]} ${next(90) + 10}`
          : `${letters}-${next(900) + 100}`;
      const modelId = referenceId('model', `${name}|${modelName}`);
      if (models.some((row) => row.id === modelId)) continue;
      models.push({
        id: modelId,
        manufacturerId,
        name: modelName,
        aliases: [],
        familyId: families[next(families.length)] ?? 18,
      });
      const caliberId = reference.calibers[next(reference.calibers.length)]?.id ?? '';
      const names = new Set(
        Array.from({ length: 5 }, () => VARIANT_NAMES[next(VARIANT_NAMES.length)] ?? null),
      );
      for (const variant of [null, ...names]) {
        if (variants.length >= size) break;
        variants.push({
          id: referenceId('variant', `${name}|${modelName}|${variant ?? ''}`),
          modelId,
          name: variant,
          aliases: [],
          familyId: null,
          barrelInches: 3 + next(200) / 10,
          caliberIds: [caliberId],
        });
      }
    }
  }
  return { manufacturers, calibers: reference.calibers, models, variants };
}

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

let top1 = 0;
let top5 = 0;
const misses: string[] = [];
for (const entry of set.entries) {
  const candidates = identifyFirearm(index, [{ field: 'title', text: entry.text }], {}, 5);
  if (matches(candidates[0], entry.expected)) top1 += 1;
  else {
    const got = candidates[0]?.identity;
    misses.push(
      `${entry.text}\n    expected ${Object.values(entry.expected).join(' / ')}; got ${got ? `${got.manufacturer} / ${got.model} / ${got.variant}` : 'nothing'}`,
    );
  }
  if (candidates.some((candidate) => matches(candidate, entry.expected))) top5 += 1;
}

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
const percent = (count: number) => `${((count / total) * 100).toFixed(1)} %`;
console.info(
  [
    `reference: ${reference.manufacturers.length} manufacturers, ${reference.models.length} models, ${reference.variants.length} variants, ${reference.calibers.length} calibers (index built in ${buildMs.toFixed(0)} ms)`,
    `labelled set: ${total} texts`,
    `top-1 accuracy: ${percent(top1)} (${top1}/${total}; target ≥ 90 %)`,
    `top-5 accuracy: ${percent(top5)} (${top5}/${total}; target ≥ 98 %)`,
    `identification of one text, ${times.length} runs: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms (target p95 ≤ 50 ms)`,
  ].join('\n'),
);
if (args.misses) console.info(`top-1 misses:\n  ${misses.join('\n  ')}`);
