import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../shared/contract/auth.ts';
import { hashPassword, isCommonPassword, newPasswordProblem, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('answers false without a stored hash, after checking a dummy one', async () => {
    expect(await verifyPassword(null, 'whatever')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});

describe('common passwords', () => {
  it('knows the most common passwords, case-insensitively', () => {
    for (const password of ['password', '12345678', 'qwerty123', 'Iloveyou', 'TRUSTNO1', 'baseball1']) {
      expect(isCommonPassword(password)).toBe(true);
    }
    expect(isCommonPassword('copper kettle on a quiet porch')).toBe(false);
  });

  it('explains the problem with the shared messages', () => {
    expect(newPasswordProblem('letmein1')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(newPasswordProblem('jo.smith@example.com', 'Jo.Smith@example.com')).toBe(
      PASSWORD_MESSAGES.sameAsEmail,
    );
    expect(newPasswordProblem('jo.smith', 'jo.smith@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(newPasswordProblem('a long unusual passphrase', 'jo.smith@example.com')).toBeNull();
  });
});
