import { describe, expect, it } from 'vitest';
import { timeLeftText } from './auction-panel.tsx';

describe('the time left on an auction', () => {
  it.each([
    [0, 'Ended'],
    [-5_000, 'Ended'],
    [65_000, '1m 05s'],
    [59 * 60_000 + 59_000, '59m 59s'],
    [3 * 3_600_000 + 12 * 60_000 + 30_000, '3h 12m'],
    [2 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000, '2d 4h'],
  ])('%i ms reads %s', (ms, text) => expect(timeLeftText(ms)).toBe(text));
});
