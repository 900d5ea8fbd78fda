import { describe, expect, it } from 'vitest';
import { parseRange } from './file-download.ts';

describe('the byte range of a Range header (a 1000-byte file)', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', null],
    ['bytes=0-1,5-9', null],
    ['items=0-9', null],
    ['bytes=-', null],
    ['bytes=a-b', null],
  ])('%s → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('an empty file has no range to give', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable');
  });
});
