import { describe, expect, it } from 'vitest';
import {
  compose,
  fail,
  firstError,
  isBlank,
  minLength,
  pattern,
  required,
  toFieldValidator,
  type Validator,
} from './validation.ts';

const digits = pattern(/^\d+$/, 'Digits only.', 'digits');
const atLeastThree = minLength(3, 'Too short.');
const requiredField = required('Required.');
const field: Validator<string> = compose<string>(requiredField, atLeastThree, digits);

describe('validation combinators', () => {
  it.each([
    ['', { key: 'required', message: 'Required.' }],
    ['  ', { key: 'required', message: 'Required.' }],
    ['12', { key: 'minLength', message: 'Too short.' }],
    ['12a', { key: 'digits', message: 'Digits only.' }],
    ['123', null],
  ] as const)('compose stops at the first failure: %j → %j', (value, expected) => {
    expect(field(value)).toEqual(expected);
    expect(firstError(value, requiredField, atLeastThree, digits)).toEqual(expected);
  });

  it.each([
    ['', true],
    ['  ', true],
    [null, true],
    [undefined, true],
    ['a', false],
    [0, false],
  ] as const)('isBlank(%j) is %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });

  it.each([
    ['', 'Required.'],
    ['12a', 'Digits only.'],
    ['123', true],
  ] as const)('toFieldValidator gives react-hook-form %j → %j', (value, expected) => {
    expect(toFieldValidator(field)(value)).toBe(expected);
  });

  it('fail builds a keyed error', () => {
    expect(fail('k', 'm')).toEqual({ key: 'k', message: 'm' });
  });
});
