import { z } from 'zod';

export const TEXT_MESSAGES = {
  controlCharacters: 'Remove the control characters (such as NUL) from this text.',
  brokenCharacters: 'Remove the broken characters (unpaired surrogates) from this text.',
  lineBreaks: 'Keep this on one line.',
  directionControls: 'Remove the text-direction control characters from this name.',
} as const;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * C0 controls other than tab, line feed and carriage return, DEL and the C1 controls. No one types
 * them, PostgreSQL refuses NUL in text, and the others hide or garble what people read.
 */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    if (isRefusedControl(value.charCodeAt(index))) return true;
  }
  return false;
}

function isRefusedControl(code: number): boolean {
  if (code < 0x20) return code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN;
  return code >= 0x7f && code <= 0x9f;
}

/** The text with the control characters `hasControlCharacters` refuses taken out (for text echoed from a URL). */
export function withoutControlCharacters(value: string): string {
  let kept = '';
  for (const character of value) if (!isRefusedControl(character.charCodeAt(0))) kept += character;
  return kept;
}

/** The NUL character: the one a database cannot store in text. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * A UTF-16 surrogate without its pair: it has no UTF-8 form, so a database cannot store it (and a
 * JSON column refuses its escape).
 */
export function hasLoneSurrogate(value: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** Why a database cannot store this text (the message for its field), or undefined when it can. */
export function unstorableTextReason(value: string): string | undefined {
  if (hasNul(value)) return TEXT_MESSAGES.controlCharacters;
  if (hasLoneSurrogate(value)) return TEXT_MESSAGES.brokenCharacters;
  return undefined;
}

export function hasLineBreaks(value: string): boolean {
  return /[\t\n\r]/.test(value);
}

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a name read backwards. */
export function hasDirectionControls(value: string): boolean {
  return /[\u202A-\u202E\u2066-\u2069]/.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * Free text a person sends (descriptions, keywords, addresses, links): tab and line breaks are
 * kept, other control characters and unpaired surrogates are refused. Every text field of a
 * request starts here.
 */
export function plainText(params?: StringParams) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value), {
      error: TEXT_MESSAGES.controlCharacters,
      abort: true,
    })
    .refine((value) => !hasLoneSurrogate(value), { error: TEXT_MESSAGES.brokenCharacters, abort: true });
}

/** Names and titles people see beside others' (person, seller, listing, brand, saved search): one line, no direction controls. */
export function nameText(params?: StringParams) {
  return plainText(params)
    .trim()
    .refine((value) => !hasLineBreaks(value), { error: TEXT_MESSAGES.lineBreaks, abort: true })
    .refine((value) => !hasDirectionControls(value), { error: TEXT_MESSAGES.directionControls, abort: true });
}
