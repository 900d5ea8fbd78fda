import { describe, expect, it } from 'vitest';
import {
  DISALLOWED_NAMES,
  DRUG_NAMES,
  isDisallowedName,
  OFFENSIVE_NAMES,
  SELF_HARM_NAMES,
  STAFF_AND_ROLE_NAMES,
  validateNotDisallowed,
} from './disallowed-names.ts';

describe('disallowed-name blocklist', () => {
  it.each([
    ['staff and role words', STAFF_AND_ROLE_NAMES],
    ['offensive terms', OFFENSIVE_NAMES],
    ['drug terms', DRUG_NAMES],
    ['self-harm terms', SELF_HARM_NAMES],
  ] as const)('%s: a few dozen trimmed lowercase entries', (_category, entries) => {
    expect(entries.length).toBeGreaterThanOrEqual(20);
    for (const entry of entries) expect(entry).toBe(entry.trim().toLowerCase());
  });

  it.each([
    ['admin', true],
    ['Administrator', true],
    ['  SUPPORT  ', true],
    ['Ironsight', true],
    ['ironsight support', true],
    ['Customer Service', true],
    ['moderator', true],
    ['root', true],
    ['heroin', true],
    ['suicide', true],
    ['Jane', false],
    ['Molly', false],
    ['Admina', false],
    ['Support Smith', false],
    ['', false],
    [null, false],
  ] as const)('%j blocked: %s (trimmed, case-insensitive, exact)', (value, blocked) => {
    expect(isDisallowedName(value)).toBe(blocked);
  });

  it('contains every category entry', () => {
    for (const entry of [...STAFF_AND_ROLE_NAMES, ...OFFENSIVE_NAMES, ...DRUG_NAMES, ...SELF_HARM_NAMES]) {
      expect(DISALLOWED_NAMES.has(entry)).toBe(true);
    }
  });

  it.each([
    [
      'Admin',
      'The chosen first name is not allowed.',
      { key: 'disallowedName', message: 'The chosen first name is not allowed.' },
    ],
    [
      'staff',
      'The chosen last name is not allowed.',
      { key: 'disallowedName', message: 'The chosen last name is not allowed.' },
    ],
    ['Jane', 'The chosen first name is not allowed.', null],
  ] as const)('validateNotDisallowed(%j) carries the caller message', (value, message, expected) => {
    expect(validateNotDisallowed(value, message)).toEqual(expected);
  });
});
