import { describe, expect, it } from 'vitest';
import { isExactSuggestion, noSuggestionsMessage, orderSuggestions } from './suggestions.ts';

describe('search suggestions', () => {
  it.each([
    ['glock', 'Glock', true],
    ['glock', 'glock 19', true],
    ['  Glock  19 ', 'Glock 19 Gen 5', true],
    ['glock', 'Sig Sauer', false],
    ['19', 'Glock 19', false],
    ['', 'Glock', false],
  ])('"%s" matches "%s" exactly: %s', (query, suggestion, expected) => {
    expect(isExactSuggestion(query, suggestion)).toBe(expected);
  });

  it('puts exact matches first, each group by listing count then text, duplicates once', () => {
    const ordered = orderSuggestions('glo', {
      '1911': 40,
      'Glock 19': 120,
      Glock: 300,
      'glock  19': 5,
      'Glock 17': 120,
      'Gold Cup': 12,
    });
    expect(ordered.exact.map((s) => s.text)).toEqual(['Glock', 'Glock 17', 'Glock 19']);
    expect(ordered.other).toEqual([
      { text: '1911', count: 40 },
      { text: 'Gold Cup', count: 12 },
    ]);
  });

  it('marks the suggestions whose count stopped at the count limit', () => {
    const ordered = orderSuggestions('glo', { Glock: 1000, 'Glock 19': 1000, 'Glock 43': 80 }, [
      'Glock',
      'Glock 19',
    ]);
    expect(ordered.exact).toEqual([
      { text: 'Glock', count: 1000, capped: true },
      { text: 'Glock 19', count: 1000, capped: true },
      { text: 'Glock 43', count: 80 },
    ]);
  });

  it('says what to do when nothing matches', () => {
    expect(noSuggestionsMessage('xyzzy')).toBe('No results found for "xyzzy", try a different search.');
  });
});
