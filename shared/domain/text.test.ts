import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.ts';
import {
  hasControlCharacters,
  nameText,
  plainText,
  TEXT_MESSAGES,
  withoutControlCharacters,
} from './text.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('plainText', () => {
  it('keeps tab and line breaks in free text', () => {
    expect(plainText().parse('Line one\r\n\tLine two')).toBe('Line one\r\n\tLine two');
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['vertical tab', '\u000b'],
    ['escape', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 next line', '\u0085'],
    ['C1 control', '\u009f'],
  ])('refuses %s', (_name, character) => {
    expect(messageOf(plainText().safeParse(`a${character}b`))).toBe(TEXT_MESSAGES.controlCharacters);
  });

  it('accepts letters of any script and emoji', () => {
    expect(plainText().parse('Ñandú – 日本 – عربى – 🦌')).toBe('Ñandú – 日本 – عربى – 🦌');
  });
});

describe('nameText', () => {
  it('trims and keeps an ordinary name', () => {
    expect(nameText().parse('  Sam’s Safe Queens ')).toBe('Sam’s Safe Queens');
  });

  it('refuses a line break inside a name', () => {
    expect(messageOf(nameText().safeParse('Sam\nSmith'))).toBe(TEXT_MESSAGES.lineBreaks);
  });

  it.each(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses direction control %#',
    (character) => {
      expect(messageOf(nameText().safeParse(`Sam${character}Smith`))).toBe(TEXT_MESSAGES.directionControls);
    },
  );

  it('refuses control characters before anything else', () => {
    expect(messageOf(nameText().min(5).safeParse('\u0000'))).toBe(TEXT_MESSAGES.controlCharacters);
  });
});

describe('withoutControlCharacters', () => {
  it('takes out exactly what plainText refuses', () => {
    const every = Array.from({ length: 0xa0 }, (_, code) => String.fromCharCode(code)).join('');
    const kept = withoutControlCharacters(every);
    expect(hasControlCharacters(kept)).toBe(false);
    expect(kept).toBe(`\t\n\r${every.slice(0x20, 0x7f)}`);
  });
});

describe('htmlToText', () => {
  it.each([
    [
      '<p>Carried <strong>twice</strong>.</p><ul><li>Box</li><li>Two mags</li></ul>',
      'Carried twice. Box Two mags',
    ],
    ['Plain words &amp; a &lt;3 &quot;quote&quot;', 'Plain words & a <3 "quote"'],
    ['<p>Cut off at the end <a href="https://exa', 'Cut off at the end'],
    ['A price < 500 stays', 'A price < 500 stays'],
    ['', ''],
  ])('%s → %s', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
