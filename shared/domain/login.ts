import { z } from 'zod';
import { fail, isBlank, type ValidationError } from './validation.ts';

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email.',
  passwordRequired: 'Password is required.',
} as const;

const emailFormat = z.email();

export function validateLoginEmail(value: string | null | undefined): ValidationError | null {
  if (isBlank(value)) return fail('required', LOGIN_MESSAGES.emailRequired);
  return emailFormat.safeParse((value ?? '').trim()).success
    ? null
    : fail('invalidEmail', LOGIN_MESSAGES.emailInvalid);
}

/** Only an empty password is refused here; spaces may be part of a password. */
export function validateLoginPassword(value: string | null | undefined): ValidationError | null {
  return value === null || value === undefined || value === ''
    ? fail('required', LOGIN_MESSAGES.passwordRequired)
    : null;
}

export const loginFormSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: LOGIN_MESSAGES.emailRequired })
    .pipe(z.email({ error: LOGIN_MESSAGES.emailInvalid })),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, { error: LOGIN_MESSAGES.passwordRequired }),
});
export type LoginForm = z.input<typeof loginFormSchema>;
