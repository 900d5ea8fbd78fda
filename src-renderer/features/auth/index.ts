/**
 * Signing in and the account: the login, registration, password and account settings forms, the
 * shell's login modal host, and `RequireAuth`, which guards the signed-in pages.
 */
export { AccountSettings } from './account-settings.tsx';
export { useUserProfile } from './api/use-user-profile.ts';
export { EmailConfirmation } from './email-confirmation.tsx';
export { ForgotPasswordForm, ResetPasswordForm } from './forgot-password-form.tsx';
export { LoginForm } from './login-form.tsx';
export { LoginModalHost } from './login-modal.tsx';
export { PasswordExpiredForm } from './password-expired-form.tsx';
export { RegisterForm } from './register-form.tsx';
export { RegistrationDone } from './registration-done.tsx';
export { RequireAuth } from './require-auth.tsx';
