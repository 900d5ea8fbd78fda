/**
 * A firearms reference at the size of a national marketplace's: the demo catalogue's, plus made-up
 * manufacturers, models and variants (deterministic) until it holds the variants asked for. Used by
 * bench/identify.ts and bench/valuation.ts.
 */
import { CATEGORY_FAMILIES } from '../shared/domain/category.ts';
import type { FirearmReference, ReferenceModel, ReferenceVariant } from '../shared/domain/firearm-index.ts';
import { referenceId } from '../src-server/seed/firearm-reference.ts';

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
export function withMadeUpVariants(reference: FirearmReference, size: number): FirearmReference {
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
