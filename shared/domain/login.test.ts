import { describe, expect, it } from 'vitest';
import { loginFormSchema, validateLoginEmail, validateLoginPassword } from './login.ts';

describe('validateLoginEmail', () => {
  it.each([
    ['buyer@example.com', null],
    ['  buyer@example.com ', null],
    ['', { key: 'required', message: 'Email is required.' }],
    ['   ', { key: 'required', message: 'Email is required.' }],
    [undefined, { key: 'required', message: 'Email is required.' }],
    ['buyer', { key: 'invalidEmail', message: 'Enter a valid email.' }],
    ['buyer@', { key: 'invalidEmail', message: 'Enter a valid email.' }],
    ['buyer@example', { key: 'invalidEmail', message: 'Enter a valid email.' }],
    ['buyer example@x.com', { key: 'invalidEmail', message: 'Enter a valid email.' }],
  ] as const)('%j → %j', (value, expected) => {
    expect(validateLoginEmail(value)).toEqual(expected);
  });
});

describe('validateLoginPassword', () => {
  it.each([
    ['secret', null],
    ['   ', null],
    ['', { key: 'required', message: 'Password is required.' }],
    [null, { key: 'required', message: 'Password is required.' }],
  ] as const)('%j → %j', (value, expected) => {
    expect(validateLoginPassword(value)).toEqual(expected);
  });
});

describe('loginFormSchema', () => {
  it.each([
    [{ email: 'buyer@example.com', password: 'secret' }, []],
    [{ email: '', password: '' }, ['Email is required.', 'Password is required.']],
    [{ email: 'nope', password: 'x' }, ['Enter a valid email.']],
    [{}, ['Email is required.', 'Password is required.']],
  ] as const)('%j gives messages %j', (input, messages) => {
    const result = loginFormSchema.safeParse(input);
    expect(result.success).toBe(messages.length === 0);
    expect(result.error?.issues.map((issue) => issue.message) ?? []).toEqual(messages);
  });

  it('trims the email', () => {
    expect(loginFormSchema.parse({ email: ' buyer@example.com ', password: 'p' }).email).toBe(
      'buyer@example.com',
    );
  });
});
