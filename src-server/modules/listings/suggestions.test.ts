import { describe, expect, it } from 'vitest';
import { orderSuggestions, type SuggestionCandidate, suggestionTier } from './suggestions.ts';

const candidate = (term: string, listingCount: number, similarity = 0.5): SuggestionCandidate => ({
  term,
  listingCount,
  topFamilyId: 18,
  similarity,
});

describe('suggestion ordering', () => {
  it.each([
    ['glock', 'Glock', 0],
    ['glo', 'Glock 19 Gen5', 1],
    ['p365', 'Sig Sauer P365 XL', 2],
    ['glck', 'Glock', 3],
  ] as const)('%s against %s is tier %i', (query, term, tier) => {
    expect(suggestionTier(query, term)).toBe(tier);
  });

  it('puts the exact match first, then prefix, word-prefix and similar terms', () => {
    const ordered = orderSuggestions('glock', [
      candidate('Glock OEM G19 Magazine', 3, 0.9),
      candidate('Safariland 7360 Holster for Glock 19', 50, 0.9),
      candidate('Glock', 28, 1),
      candidate('Glock 19 Gen5', 6, 0.9),
      candidate('Block Party', 90, 0.6),
    ]);
    expect(ordered.map((entry) => entry.term)).toEqual([
      'Glock',
      'Glock 19 Gen5',
      'Glock OEM G19 Magazine',
      'Safariland 7360 Holster for Glock 19',
      'Block Party',
    ]);
  });

  it('orders terms of one tier by listing count, then spelling, then alphabetically', () => {
    const ordered = orderSuggestions('rem', [
      candidate('Remington 870 Express', 5),
      candidate('Remington', 40),
      candidate('Remington 700 SPS', 5),
    ]);
    expect(ordered.map((entry) => entry.term)).toEqual([
      'Remington',
      'Remington 700 SPS',
      'Remington 870 Express',
    ]);
    const similar = orderSuggestions('remingtn', [
      candidate('Winchester', 100, 0.2),
      candidate('Remington', 40, 0.6),
    ]);
    expect(similar[0]!.term).toBe('Remington');
  });

  it('keeps each text once and at most the limit', () => {
    const many = Array.from({ length: 30 }, (_, index) => candidate(`Ruger ${index}`, index));
    expect(orderSuggestions('ruger', [...many, candidate('RUGER 29', 1)], 10)).toHaveLength(10);
    expect(orderSuggestions('ruger', [candidate('Ruger', 3), candidate('ruger', 2)])).toHaveLength(1);
  });
});
