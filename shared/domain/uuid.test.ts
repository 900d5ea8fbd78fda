import { describe, expect, it } from 'vitest';
import { EMPTY_GUID, parseEntityId, parseUuid } from './uuid.ts';

describe('UUID ids', () => {
  it.each([
    ['3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'],
    ['3F2B8C1E-9A4D-4E6F-8B2A-1C3D5E7F9A0B', '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'],
    [EMPTY_GUID, '00000000-0000-0000-0000-000000000000'],
    ['3f2b8c1e9a4d4e6f8b2a1c3d5e7f9a0b', null],
    ['3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0', null],
    ['g f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', null],
    ['', null],
  ])('parseUuid(%j) → %j', (raw, expected) => {
    expect(parseUuid(raw)).toBe(expected);
  });

  it('the empty GUID is not a listing or user id', () => {
    expect(parseEntityId('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(parseEntityId('3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b')).toBe(
      '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    );
  });
});
