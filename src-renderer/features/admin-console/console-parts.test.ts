import { afterEach, describe, expect, it } from 'vitest';
import { isoOf, localInputOf } from './console-parts.tsx';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('datetime-local values of the console', () => {
  it('show a moment in the browser’s time zone and read it back as the same moment', () => {
    process.env.TZ = 'America/Chicago';
    expect(localInputOf('2026-05-01T15:00:00.000Z')).toBe('2026-05-01T10:00');
    expect(isoOf('2026-05-01T10:00')).toBe('2026-05-01T15:00:00.000Z');
    process.env.TZ = 'Asia/Tokyo';
    expect(localInputOf('2026-12-31T20:30:00.000Z')).toBe('2027-01-01T05:30');
    expect(isoOf(localInputOf('2026-12-31T20:30:00.000Z'))).toBe('2026-12-31T20:30:00.000Z');
  });

  it('leave an empty field empty', () => {
    expect(localInputOf(null)).toBe('');
    expect(localInputOf(undefined)).toBe('');
    expect(isoOf('')).toBeNull();
  });
});
