import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { forgotPasswordRequestSchema, newPasswordSchema } from '../../../shared/contract/auth.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice, PasswordInput, TextInput } from '../../ui/form-field.tsx';
import { useForgotPassword } from './api/use-forgot-password.ts';
import { useResetPassword } from './api/use-reset-password.ts';
import styles from './auth.module.css';
import { PasswordRules } from './password-rules.tsx';

/** The same answer whether or not the email has an account, so the page never reveals which emails exist. */
export function resetRequestedMessage(email: string): string {
  return `If an account exists for ${email}, we have sent it a link to choose a new password. The link expires in 1 hour.`;
}

type ForgotValues = z.input<typeof forgotPasswordRequestSchema>;

export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await forgotPassword.mutateAsync({ body: { email } });
      setSentTo(email.trim());
    } catch (error) {
      // Only a failure on the way (or too many requests) is told apart; the answer is otherwise the same.
      if (isApiError(error) && (error.status === 0 || error.status === 429)) setFormError(error.message);
      else setSentTo(email.trim());
    }
  });

  if (sentTo) {
    return (
      <div className={styles.form}>
        <FormNotice>{resetRequestedMessage(sentTo)}</FormNotice>
        <p>
          <Link to={paths.login()} className={styles.link}>
            Back to Log In
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Request a password reset">
      <FormError>{formError}</FormError>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <TextInput
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Loading...' : 'Send Reset Link'}
      </Button>
      <p className={styles.switch}>
        Remembered it?{' '}
        <Link to={paths.login()} className={styles.link}>
          Log in
        </Link>
      </p>
    </form>
  );
}

const resetFormSchema = z.object({ password: newPasswordSchema });
type ResetValues = z.input<typeof resetFormSchema>;

/** The emailed link's form (`/forgot-password?token=…`): choose a new password. */
export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ body: { token, password } });
      setDone(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password']));
    }
  });

  if (done) {
    return (
      <div className={styles.form}>
        <FormNotice>Your password was changed. Every device was signed out.</FormNotice>
        <p>
          <Link to={paths.login()} className={styles.link}>
            Log in with your new password
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      <FormError>{formError}</FormError>
      <FormField label="New password" error={errors.password?.message} help={<PasswordRules />}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </FormField>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Loading...' : 'Save New Password'}
      </Button>
    </form>
  );
}
