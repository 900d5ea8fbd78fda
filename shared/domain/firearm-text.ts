/**
 * How a firearm description is read before it is matched against the firearms reference
 * (`firearm-identity.ts`): case, accents, typographic quotes and "&" folded; the barrel length taken
 * out; round counts and prices dropped; the rest cut into pieces at every space, punctuation mark
 * and letter–digit boundary, so "S&W M&P9 2.0", "s&w m&p 9 2.0" and "SW MP9 20" give the same keys.
 */

/** One piece of written text: letters only or digits only. */
export interface TextPiece {
  /** Lower-case letters or digits. */
  key: string;
  /** The written word this piece belongs to (index into `words`). */
  word: number;
  /** The piece starts its written word. */
  first: boolean;
  /** The piece ends its written word. */
  last: boolean;
}

export interface ReadText {
  /** The written words, as written (accents folded). */
  words: string[];
  pieces: TextPiece[];
  /** The barrel length the text states, in inches. */
  barrelInches: number | null;
}

/** Longest barrel a text may state: anything longer is not a barrel length. */
const MAX_BARREL_INCHES = 40;

/** A length in inches: 4.02", 16 in, 16-inch, 4 1/2"? (fractions are rare and left out). */
const BARREL = /(?<![\d.])(\d{1,2}(?:\.\d{1,3})?)\s*(?:"|''|-?\s*(?:in|inch|inches)\b\.?)/gi;
/** Magazine capacities and shot counts ("15rd", "10 rounds", "7-shot", "10+1"): never part of a name. */
const COUNTS = /\b\d{1,3}\s*-?\s*(?:rd|rds|rnd|rnds|round|rounds|shot|shots)\b|\b\d{1,2}\s*\+\s*1\b/gi;
const PRICES = /\$\s*\d[\d,]*(?:\.\d+)?/g;
const WORDS = /[A-Za-z0-9&]+/g;
const PIECES = /[a-z]+|[0-9]+/g;

/** Accents and typographic quotes folded; "&" between spaced words read as "and"; "generation" as "gen". */
export function foldFirearmText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[“”″]/g, '"')
    .replace(/[‘’′]/g, "'")
    .replace(/\s&\s/g, ' and ')
    .replace(/\bgeneration\b/gi, 'gen');
}

/** Reads a text into pieces, with the barrel length it states. */
export function readFirearmText(text: string): ReadText {
  let barrelInches: number | null = null;
  const folded = foldFirearmText(text)
    .replace(BARREL, (match, inches: string) => {
      const value = Number(inches);
      if (value < 1 || value > MAX_BARREL_INCHES) return match;
      barrelInches ??= value;
      return ' ';
    })
    .replace(COUNTS, ' ')
    .replace(PRICES, ' ');
  const words: string[] = [];
  const pieces: TextPiece[] = [];
  for (const [written] of folded.matchAll(WORDS)) {
    // "&" inside a word is dropped: "S&W" is "sw", "M&P9" is "mp" "9".
    const keys = written.toLowerCase().replace(/&/g, '').match(PIECES);
    if (!keys) continue;
    const word = words.push(written) - 1;
    keys.forEach((key, index) => {
      pieces.push({ key, word, first: index === 0, last: index === keys.length - 1 });
    });
  }
  return { words, pieces, barrelInches };
}

/** The key a name is looked up by: its pieces joined ("Smith & Wesson" → "smithandwesson", ".30-06" → "3006"). */
export function firearmKey(text: string): string {
  return readFirearmText(text)
    .pieces.map((piece) => piece.key)
    .join('');
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit ("glcok" → "glock" is 1);
 * stops early and answers `max + 1` once the distance is known to be above `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** The trigrams of a key, padded as pg_trgm pads a word (two spaces before, one after). */
export function trigramsOf(key: string): string[] {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  return [...grams];
}

/**
 * Words sellers write that say nothing about which firearm it is (kinds, actions, conditions,
 * finishes, extras): never taken for a misspelt name.
 */
export const PLAIN_LISTING_WORDS: ReadonlySet<string> = new Set(
  (
    'action actions auto automatic barrel bbl black blue blued bolt box boxed brand bullpup camo carry case ' +
    'cleaned clean comes condition cond excellent extra extras factory finish fired front full good great ' +
    'green grip grips gun guns hand handgun holster included includes inch lever like lnib magazine ' +
    'magazines mags manual mint never nice night optic optics original pistol pistols price pump rail ' +
    'receiver revolver rifle rifles round rounds safe scope semi shell shells shotgun shotguns sights ' +
    'single shot sling stainless steel stock synthetic threaded trade trigger used very walnut with wood ' +
    'works plus only will ship shipping sale sell selling firearm this that have from'
  ).split(' '),
);
