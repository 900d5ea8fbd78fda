import { describe, expect, it } from 'vitest';
import { alertMessageParts } from './alerts.ts';

const AT = '2026-12-03T12:00:00.000Z';

describe('alertMessageParts', () => {
  it.each([
    [
      'Accept or decline by {deadline}.',
      { deadline: AT },
      [{ text: 'Accept or decline by ' }, { time: AT }, { text: '.' }],
    ],
    ['{deadline}', { deadline: AT }, [{ time: AT }]],
    ['No time here.', {}, [{ text: 'No time here.' }]],
    [
      'A {name} without a time stays text.',
      { deadline: AT },
      [{ text: 'A {name} without a time stays text.' }],
    ],
    [
      'From {start} to {end}',
      { start: AT, end: '2026-12-04T12:00:00.000Z' },
      [{ text: 'From ' }, { time: AT }, { text: ' to ' }, { time: '2026-12-04T12:00:00.000Z' }],
    ],
    ['', {}, []],
  ])('%s', (message, times, parts) => {
    expect(alertMessageParts(message, times)).toEqual(parts);
  });
});
