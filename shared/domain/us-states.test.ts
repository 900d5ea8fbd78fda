import { describe, expect, it } from 'vitest';
import { isUsState, US_STATES, usStateName } from './us-states.ts';

describe('US_STATES', () => {
  it('holds the 50 states with unique two-letter codes', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(50);
    for (const state of US_STATES) expect(state.code).toMatch(/^[A-Z]{2}$/);
  });

  it.each([
    ['TX', true, 'Texas'],
    ['CA', true, 'California'],
    ['AK', true, 'Alaska'],
    ['WY', true, 'Wyoming'],
    ['DC', false, undefined],
    ['PR', false, undefined],
    ['tx', false, undefined],
    ['Texas', false, undefined],
    ['', false, undefined],
    [null, false, undefined],
  ] as const)('%j: state %s, name %s', (code, valid, name) => {
    expect(isUsState(code)).toBe(valid);
    expect(usStateName(code)).toBe(name);
  });
});
