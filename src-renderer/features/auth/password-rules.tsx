import { PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH } from '../../../shared/domain/constants.ts';

/** The password rules shown under every new-password field (README, Accounts and passwords). */
export function PasswordRules() {
  return (
    <>
      At least {PASSWORD_MIN_LENGTH} characters; {PASSWORD_RECOMMENDED_LENGTH} or more recommended (a few
      unrelated words make a strong password). Common passwords are refused.
    </>
  );
}
