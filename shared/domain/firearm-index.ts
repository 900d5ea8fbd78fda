/**
 * The firearms reference as rows (what the server loads from its reference tables) and the index
 * `identifyFirearm` reads: every name and alias by its key, the trigrams of the names a misspelling
 * may be near, and the models of each manufacturer and variants of each model.
 */
import { firearmKey, trigramsOf } from './firearm-text.ts';

export type ReferencePart = 'manufacturer' | 'model' | 'variant' | 'caliber';

export interface ReferenceManufacturer {
  id: string;
  name: string;
  aliases: readonly string[];
}

export interface ReferenceCaliber {
  id: string;
  name: string;
  aliases: readonly string[];
}

export interface ReferenceModel {
  id: string;
  manufacturerId: string;
  name: string;
  aliases: readonly string[];
  /** The category family of the model's variants, unless a variant says otherwise. */
  familyId: number;
}

export interface ReferenceVariant {
  id: string;
  modelId: string;
  /** Null for the model's plain variant ("Glock 48"); otherwise "Gen 5", "XL", "2.0". */
  name: string | null;
  aliases: readonly string[];
  /** A variant of another family than its model's (a short-barrelled 590 is an NFA item). */
  familyId: number | null;
  barrelInches: number | null;
  caliberIds: readonly string[];
}

export interface FirearmReference {
  manufacturers: readonly ReferenceManufacturer[];
  calibers: readonly ReferenceCaliber[];
  models: readonly ReferenceModel[];
  variants: readonly ReferenceVariant[];
}

export interface IndexEntry {
  part: ReferencePart;
  id: string;
}

/** A variant with its family settled (its own, or its model's). */
export interface IndexedVariant extends Omit<ReferenceVariant, 'familyId'> {
  familyId: number;
}

export interface FirearmIndex {
  /** Every name and alias by its key (`firearmKey`), with what it names. */
  phrases: Map<string, IndexEntry[]>;
  /** The most pieces a name has: longer runs of text are never looked up. */
  maxPieces: number;
  /** The keys a misspelling may be read as, and the keys holding each trigram. */
  vocabulary: string[];
  grams: Map<string, number[]>;
  manufacturers: Map<string, ReferenceManufacturer>;
  models: Map<string, ReferenceModel>;
  variants: Map<string, IndexedVariant>;
  calibers: Map<string, ReferenceCaliber>;
  modelsOf: Map<string, ReferenceModel[]>;
  variantsOf: Map<string, IndexedVariant[]>;
}

/** The longest name looked up, in pieces ("smith and wesson" is 3, ".45-70 government" 3). */
const MAX_NAME_PIECES = 8;

export function buildFirearmIndex(reference: FirearmReference): FirearmIndex {
  const phrases = new Map<string, IndexEntry[]>();
  let maxPieces = 1;
  const add = (part: ReferencePart, id: string, names: readonly (string | null)[]) => {
    for (const name of names) {
      if (!name) continue;
      const key = firearmKey(name);
      if (key === '') continue;
      const entries = phrases.get(key) ?? [];
      if (!entries.some((entry) => entry.part === part && entry.id === id)) entries.push({ part, id });
      phrases.set(key, entries);
      const pieces = key.match(/[a-z]+|[0-9]+/g)?.length ?? 1;
      maxPieces = Math.min(MAX_NAME_PIECES, Math.max(maxPieces, pieces));
    }
  };
  for (const row of reference.manufacturers) add('manufacturer', row.id, [row.name, ...row.aliases]);
  for (const row of reference.calibers) add('caliber', row.id, [row.name, ...row.aliases]);
  for (const row of reference.models) add('model', row.id, [row.name, ...row.aliases]);
  for (const row of reference.variants) add('variant', row.id, [row.name, ...row.aliases]);

  // Misspellings are looked for among names of four letters or more that hold a letter.
  const vocabulary = [...phrases.keys()].filter((key) => key.length >= 4 && /[a-z]/.test(key));
  const grams = new Map<string, number[]>();
  vocabulary.forEach((key, at) => {
    for (const gram of trigramsOf(key)) {
      const holders = grams.get(gram);
      if (holders) holders.push(at);
      else grams.set(gram, [at]);
    }
  });

  const models = new Map(reference.models.map((row) => [row.id, row]));
  const modelsOf = new Map<string, ReferenceModel[]>();
  for (const row of reference.models) {
    const own = modelsOf.get(row.manufacturerId);
    if (own) own.push(row);
    else modelsOf.set(row.manufacturerId, [row]);
  }
  const variants = new Map<string, IndexedVariant>();
  const variantsOf = new Map<string, IndexedVariant[]>();
  for (const row of reference.variants) {
    const model = models.get(row.modelId);
    if (!model) continue;
    const variant = { ...row, familyId: row.familyId ?? model.familyId };
    variants.set(row.id, variant);
    const own = variantsOf.get(row.modelId);
    if (own) own.push(variant);
    else variantsOf.set(row.modelId, [variant]);
  }
  return {
    phrases,
    maxPieces,
    vocabulary,
    grams,
    manufacturers: new Map(reference.manufacturers.map((row) => [row.id, row])),
    models,
    variants,
    calibers: new Map(reference.calibers.map((row) => [row.id, row])),
    modelsOf,
    variantsOf,
  };
}
