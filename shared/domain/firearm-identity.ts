/**
 * Which firearm a text describes, read against the firearms reference the marketplace owns
 * (manufacturers, models, variants or generations, calibers, each with its aliases). The same
 * reading names the firearm of an identification request and of every listing, so both get the
 * same identity. Names are found as whole phrases ("S&W" = "Smith & Wesson", "9x19" = "9mm Luger",
 * "Gen5" = "Gen 5"), misspelt names within one or two edits ("Glcok", "Remmington"), then each
 * model and variant they point at is scored on what agrees: manufacturer, model, variant, caliber,
 * barrel length and category family. Every candidate says which words of which field matched.
 */
import { type CategoryFamily, type CategoryFamilyId, familyById } from './category.ts';
import { itemFacts } from './compliance.ts';
import type { FirearmIndex, IndexEntry, IndexedVariant, ReferencePart } from './firearm-index.ts';
import { editDistance, PLAIN_LISTING_WORDS, readFirearmText, trigramsOf } from './firearm-text.ts';

/** Where a text comes from: a field of the identification form or of a listing. */
export type TextField = 'title' | 'manufacturer' | 'model' | 'caliber' | 'markings' | 'finish' | 'notes';

export interface FirearmText {
  field: TextField;
  text: string;
}

/** What else is known besides the texts. */
export interface IdentityHints {
  familyId?: number | null;
  barrelInches?: number | null;
}

/** One match behind a candidate: what was written, where, and what it was read as. */
export interface MatchReason {
  part: ReferencePart | 'barrel' | 'family';
  field: TextField | 'familyId' | 'barrelInches';
  written: string;
  value: string;
  /** Read through a misspelling. */
  typo: boolean;
}

export interface FirearmIdentity {
  manufacturerId: string;
  manufacturer: string;
  modelId: string;
  model: string;
  /** Null when the text does not say which variant or generation of the model it is. */
  variantId: string | null;
  variant: string | null;
  caliberId: string | null;
  caliber: string | null;
  family: CategoryFamily;
  familyId: CategoryFamilyId;
  /** Ships only to a licensed dealer (the family's FFL rule). */
  requiresFfl: boolean;
  /** A National Firearms Act item (suppressors, short-barrelled rifles and shotguns). */
  nfa: boolean;
}

export interface FirearmCandidate {
  identity: FirearmIdentity;
  /** 0 to 1. */
  confidence: number;
  reasons: MatchReason[];
}

/** Below this a best candidate is a guess, not an identity. */
export const MIN_IDENTITY_CONFIDENCE = 0.55;

const WEIGHT = { manufacturer: 0.3, model: 0.42, variant: 0.12, caliber: 0.1, barrel: 0.03, family: 0.03 };
const PENALTY = { otherManufacturer: 0.25, otherCaliber: 0.1 };
/** How sure a match is: an exact phrase of whole words, an exact phrase inside a word, a misspelling. */
const QUALITY = { exact: 1, insideWord: 0.85, typo: 0.8 };
/** The most words a misspelt name may span ("sig saur", "smith and weson"). */
const TYPO_WORDS = 3;

interface Span {
  segment: number;
  start: number;
  end: number;
  written: string;
  typo: boolean;
  aligned: boolean;
  entries: readonly IndexEntry[];
}

interface Evidence {
  quality: number;
  span: Span;
}

interface Segment {
  field: TextField;
  read: ReturnType<typeof readFirearmText>;
}

/** The candidates for what the texts describe, best first (at most `limit`); empty when nothing matched. */
export function identifyFirearm(
  index: FirearmIndex,
  texts: readonly FirearmText[],
  hints: IdentityHints = {},
  limit = 6,
): FirearmCandidate[] {
  const segments: Segment[] = texts
    .filter((text) => text.text.trim() !== '')
    .map((text) => ({ field: text.field, read: readFirearmText(text.text) }));
  const spans = findSpans(index, segments);
  const evidence = collectEvidence(spans);
  const barrel = hints.barrelInches ?? segments.find((s) => s.read.barrelInches !== null)?.read.barrelInches;
  const context: ScoringContext = {
    index,
    evidence,
    segments,
    barrelInches: barrel ?? null,
    familyId: hints.familyId ?? null,
  };
  const candidates: FirearmCandidate[] = [];
  for (const modelId of candidateModels(index, evidence)) candidates.push(...scoreModel(context, modelId));
  candidates.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      a.identity.model.localeCompare(b.identity.model) ||
      (a.identity.variant ?? '').localeCompare(b.identity.variant ?? ''),
  );
  return candidates.slice(0, limit);
}

/** The exact phrases first (whole words, then longer ones), then misspellings among the words left. */
function findSpans(index: FirearmIndex, segments: readonly Segment[]): Span[] {
  const chosen: Span[] = [];
  segments.forEach((segment, segmentIndex) => {
    const { pieces, words } = segment.read;
    const exact: Span[] = [];
    for (let start = 0; start < pieces.length; start += 1) {
      let key = '';
      for (let end = start; end < pieces.length && end - start < index.maxPieces; end += 1) {
        key += pieces[end]?.key ?? '';
        const entries = index.phrases.get(key);
        if (!entries) continue;
        const aligned = (pieces[start]?.first ?? false) && (pieces[end]?.last ?? false);
        const written = words.slice(pieces[start]?.word, (pieces[end]?.word ?? 0) + 1).join(' ');
        exact.push({ segment: segmentIndex, start, end, written, typo: false, aligned, entries });
      }
    }
    exact.sort(
      (a, b) =>
        Number(b.aligned) - Number(a.aligned) || b.end - b.start - (a.end - a.start) || a.start - b.start,
    );
    const taken = new Array<boolean>(pieces.length).fill(false);
    const take = (span: Span) => {
      for (let piece = span.start; piece <= span.end; piece += 1) if (taken[piece]) return;
      for (let piece = span.start; piece <= span.end; piece += 1) taken[piece] = true;
      chosen.push(span);
    };
    for (const span of exact) take(span);
    for (const span of typoSpans(index, segment, segmentIndex, taken)) take(span);
  });
  return chosen;
}

/** Runs of whole words not matched exactly, read as the nearest name within one or two edits. */
function typoSpans(
  index: FirearmIndex,
  segment: Segment,
  segmentIndex: number,
  taken: readonly boolean[],
): Span[] {
  const { pieces, words } = segment.read;
  const firstPiece: number[] = [];
  const lastPiece: number[] = [];
  pieces.forEach((piece, at) => {
    if (piece.first) firstPiece[piece.word] = at;
    if (piece.last) lastPiece[piece.word] = at;
  });
  const found: (Span & { distance: number })[] = [];
  for (let word = 0; word < words.length; word += 1) {
    for (let count = 1; count <= TYPO_WORDS && word + count <= words.length; count += 1) {
      const start = firstPiece[word];
      const end = lastPiece[word + count - 1];
      if (start === undefined || end === undefined) break;
      if (taken.slice(start, end + 1).some(Boolean)) break;
      const written = words.slice(word, word + count);
      if (written.every((text) => PLAIN_LISTING_WORDS.has(text.toLowerCase()))) continue;
      const key = pieces
        .slice(start, end + 1)
        .map((piece) => piece.key)
        .join('');
      const match = nearestName(index, key);
      if (match) {
        found.push({
          segment: segmentIndex,
          start,
          end,
          written: written.join(' '),
          typo: true,
          aligned: true,
          entries: match.entries,
          distance: match.distance,
        });
      }
    }
  }
  return found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.distance - b.distance);
}

/** The reference names nearest to a misspelt key: same first letter, within one edit (two from 7 letters). */
function nearestName(
  index: FirearmIndex,
  key: string,
): { entries: readonly IndexEntry[]; distance: number } | null {
  if (key.length < 4 || !/[a-z]/.test(key)) return null;
  const max = key.length >= 7 ? 2 : 1;
  const counts = new Map<number, number>();
  for (const gram of trigramsOf(key)) {
    for (const word of index.grams.get(gram) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let best: IndexEntry[] = [];
  let bestDistance = max + 1;
  for (const [word, shared] of counts) {
    if (shared < 2) continue;
    const name = index.vocabulary[word] ?? '';
    if (name[0] !== key[0]) continue;
    const distance = editDistance(key, name, max);
    if (distance === 0 || distance > max || distance > bestDistance) continue;
    const entries = index.phrases.get(name) ?? [];
    if (distance < bestDistance) best = [...entries];
    else best.push(...entries);
    bestDistance = distance;
  }
  return best.length > 0 ? { entries: best, distance: bestDistance } : null;
}

interface EvidenceByPart {
  manufacturer: Map<string, Evidence>;
  model: Map<string, Evidence>;
  variant: Map<string, Evidence>;
  caliber: Map<string, Evidence>;
}

function collectEvidence(spans: readonly Span[]): EvidenceByPart {
  const evidence: EvidenceByPart = {
    manufacturer: new Map(),
    model: new Map(),
    variant: new Map(),
    caliber: new Map(),
  };
  for (const span of spans) {
    const quality = span.typo ? QUALITY.typo : span.aligned ? QUALITY.exact : QUALITY.insideWord;
    for (const entry of span.entries) {
      const known = evidence[entry.part].get(entry.id);
      if (!known || known.quality < quality) evidence[entry.part].set(entry.id, { quality, span });
    }
  }
  return evidence;
}

/** The models a text may be about: those it names, and every model of a manufacturer it names alone. */
function candidateModels(index: FirearmIndex, evidence: EvidenceByPart): Set<string> {
  const models = new Set(evidence.model.keys());
  for (const variantId of evidence.variant.keys()) {
    const variant = index.variants.get(variantId);
    const model = variant && index.models.get(variant.modelId);
    if (model && evidence.manufacturer.has(model.manufacturerId)) models.add(model.id);
  }
  for (const manufacturerId of evidence.manufacturer.keys()) {
    const own = index.modelsOf.get(manufacturerId) ?? [];
    if (own.some((model) => models.has(model.id))) continue;
    for (const model of own) models.add(model.id);
  }
  return models;
}

interface ScoringContext {
  index: FirearmIndex;
  evidence: EvidenceByPart;
  segments: readonly Segment[];
  barrelInches: number | null;
  familyId: number | null;
}

const reasonOf = (
  context: ScoringContext,
  part: ReferencePart,
  evidence: Evidence,
  value: string,
): MatchReason => ({
  part,
  field: context.segments[evidence.span.segment]?.field ?? 'title',
  written: evidence.span.written,
  value,
  typo: evidence.span.typo,
});

/** Each variant of the model scored, plus the model alone when the text does not tell its variants apart. */
function scoreModel(context: ScoringContext, modelId: string): FirearmCandidate[] {
  const { index, evidence } = context;
  const model = index.models.get(modelId);
  const manufacturer = model && index.manufacturers.get(model.manufacturerId);
  if (!model || !manufacturer) return [];
  const variants = index.variantsOf.get(model.id) ?? [];
  const modelEvidence = evidence.model.get(model.id);
  const manufacturerEvidence = evidence.manufacturer.get(model.manufacturerId);
  const namedVariants = variants.filter((variant) => {
    const found = evidence.variant.get(variant.id);
    return found && found.span !== modelEvidence?.span;
  });
  let base =
    WEIGHT.manufacturer * (manufacturerEvidence?.quality ?? 0) + WEIGHT.model * (modelEvidence?.quality ?? 0);
  if (!manufacturerEvidence && evidence.manufacturer.size > 0) base -= PENALTY.otherManufacturer;
  const baseReasons: MatchReason[] = [];
  if (manufacturerEvidence)
    baseReasons.push(reasonOf(context, 'manufacturer', manufacturerEvidence, manufacturer.name));
  if (modelEvidence) baseReasons.push(reasonOf(context, 'model', modelEvidence, model.name));
  const usedSpans = new Set([modelEvidence?.span, manufacturerEvidence?.span]);

  const scored = variants.map((variant) => {
    const reasons = [...baseReasons];
    const variantEvidence = namedVariants.includes(variant) ? evidence.variant.get(variant.id) : undefined;
    let variantScore = 0;
    if (variantEvidence) {
      variantScore = variantEvidence.quality;
      reasons.push(reasonOf(context, 'variant', variantEvidence, variant.name ?? model.name));
    } else if (variant.name === null && namedVariants.length === 0) variantScore = 0.6;
    const fit = fitOf(context, variant, usedSpans, reasons);
    return {
      variant,
      score: base + WEIGHT.variant * variantScore + fit.score,
      caliberId: fit.caliberId,
      reasons,
    };
  });
  scored.sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top) return [];
  const candidates = scored.map((entry) =>
    candidateOf(context, model.id, entry.variant, entry.caliberId, entry.score, entry.reasons),
  );
  // The text names no variant and nothing else tells the best ones apart: the model is the identity.
  const tied = scored.filter((entry) => entry.score === top.score);
  if (namedVariants.length === 0 && top.variant.name !== null && tied.length > 1) {
    const calibers = new Set(tied.map((entry) => entry.caliberId));
    const caliberId = calibers.size === 1 ? (top.caliberId ?? null) : null;
    const score = top.score + WEIGHT.variant * 0.5;
    candidates.unshift(candidateOf(context, model.id, null, caliberId, score, top.reasons));
  }
  return candidates;
}

/** How the variant fits the caliber, barrel length and family the text and hints give. */
function fitOf(
  context: ScoringContext,
  variant: IndexedVariant,
  usedSpans: ReadonlySet<Span | undefined>,
  reasons: MatchReason[],
): { score: number; caliberId: string | null } {
  const { index } = context;
  let score = 0;
  let caliberId: string | null = variant.caliberIds.length === 1 ? (variant.caliberIds[0] ?? null) : null;
  const written = [...context.evidence.caliber].filter(([, found]) => !usedSpans.has(found.span));
  const own = written.find(([id]) => variant.caliberIds.includes(id));
  if (own) {
    const [id, found] = own;
    caliberId = id;
    score += WEIGHT.caliber * found.quality;
    reasons.push(reasonOf(context, 'caliber', found, index.calibers.get(id)?.name ?? ''));
  } else if (written.length > 0) score -= PENALTY.otherCaliber;
  else score += WEIGHT.caliber * 0.5;

  if (context.barrelInches !== null && variant.barrelInches !== null) {
    const off = Math.abs(context.barrelInches - variant.barrelInches);
    const fit = off <= 0.25 ? 1 : off <= 1 ? 0.5 : 0;
    score += WEIGHT.barrel * fit;
    if (fit === 1) {
      reasons.push({
        part: 'barrel',
        field: 'barrelInches',
        written: `${context.barrelInches}"`,
        value: `${variant.barrelInches}"`,
        typo: false,
      });
    }
  } else score += WEIGHT.barrel * 0.5;

  const familyId = variant.familyId;
  if (context.familyId === null) score += WEIGHT.family * 0.5;
  else if (context.familyId === familyId) {
    score += WEIGHT.family;
    const name = familyById(familyId)?.key ?? '';
    reasons.push({ part: 'family', field: 'familyId', written: name, value: name, typo: false });
  }
  return { score, caliberId };
}

/**
 * The identity of a model, with its variant and caliber when known, from the index; null when the
 * reference no longer has the model (staff removed it since).
 */
export function identityOf(
  index: FirearmIndex,
  modelId: string,
  variantId: string | null,
  caliberId: string | null,
): FirearmIdentity | null {
  const model = index.models.get(modelId);
  const manufacturer = model && index.manufacturers.get(model.manufacturerId);
  const variant = variantId === null ? null : (index.variants.get(variantId) ?? null);
  const family = familyById(variant?.familyId ?? model?.familyId);
  if (!model || !manufacturer || !family) return null;
  const caliber = caliberId ? index.calibers.get(caliberId) : undefined;
  return {
    manufacturerId: manufacturer.id,
    manufacturer: manufacturer.name,
    modelId: model.id,
    model: model.name,
    variantId: variant?.id ?? null,
    variant: variant?.name ?? null,
    caliberId: caliber?.id ?? null,
    caliber: caliber?.name ?? null,
    family: family.key,
    familyId: family.id,
    requiresFfl: family.requiresFfl,
    nfa: itemFacts({ family: family.key }).isNfa,
  };
}

function candidateOf(
  context: ScoringContext,
  modelId: string,
  variant: { id: string; name: string | null; familyId: number } | null,
  caliberId: string | null,
  score: number,
  reasons: MatchReason[],
): FirearmCandidate {
  const identity = identityOf(context.index, modelId, variant?.id ?? null, caliberId);
  if (!identity) throw new Error(`The reference lost model ${modelId}`);
  return {
    identity,
    confidence: Math.round(Math.min(1, Math.max(0, score)) * 100) / 100,
    reasons,
  };
}

/** "Semi Auto Pistols" from "SemiAutoPistols": a family in words. */
export const familyWords = (family: CategoryFamily): string =>
  family === 'NFA' ? 'NFA items' : family.replace(/([a-z])([A-Z])/g, '$1 $2');

/** "Glock 19 Gen 5 in 9mm Luger": the identity in words. */
export function identityName(identity: FirearmIdentity): string {
  const name = [identity.manufacturer, identity.model, identity.variant].filter(Boolean).join(' ');
  return identity.caliber ? `${name} in ${identity.caliber}` : name;
}
