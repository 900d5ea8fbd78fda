import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from './spelling.ts';

const vocabulary = (counts: Record<string, number>) => {
  const words = new Map(Object.entries(counts));
  const byLength = new Map<number, string[]>();
  for (const word of words.keys()) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  return { words, byLength };
};

describe('editDistance', () => {
  it.each([
    ['glock', 'glock', 0],
    ['glcok', 'glock', 1],
    ['wesen', 'wesson', 2],
    ['remingtn', 'remington', 1],
    ['sig', 'sauer', 4],
    ['', 'abc', 3],
  ])('%s → %s is %i edits (swapping neighbours counts one)', (a, b, edits) => {
    expect(editDistance(a, b, 5)).toBe(edits);
  });

  it('stops at the limit', () => {
    expect(editDistance('glock', 'remington', 2)).toBe(3);
    expect(editDistance('abcdef', 'ghijkl', 1)).toBe(2);
  });
});

describe('closestWord', () => {
  const { words, byLength } = vocabulary({
    glock: 900,
    block: 5,
    wesson: 300,
    lesson: 2,
    sig: 400,
    ruger: 500,
  });

  it('corrects a word to the closest known word, the more common one on a tie', () => {
    expect(closestWord('glcok', words, byLength)).toBe('glock');
    expect(closestWord('wesen', words, byLength)).toBe('wesson');
    expect(closestWord('gock', words, byLength)).toBe('glock');
  });

  it('leaves known, short, numeric and far-off words alone', () => {
    expect(closestWord('glock', words, byLength)).toBeNull();
    expect(closestWord('sg', words, byLength)).toBeNull();
    expect(closestWord('9mn', words, byLength)).toBeNull();
    expect(closestWord('zzqxv', words, byLength)).toBeNull();
    // One edit at most under five letters.
    expect(closestWord('rgr', words, byLength)).toBeNull();
  });
});
