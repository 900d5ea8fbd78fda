import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { changeExpiredPasswordRequestSchema } from '../../../shared/contract/auth.ts';
import { ErrorMessage } from '../../../shared/contract/common.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, PasswordInput, TextInput } from '../../ui/form-field.tsx';
import { useChangeExpiredPassword } from './api/use-change-expired-password.ts';
import styles from './auth.module.css';
import { PasswordRules } from './password-rules.tsx';

type Values = z.input<typeof changeExpiredPasswordRequestSchema>;

export const PASSWORD_CHANGED_NOTICE = 'Your password was changed. Log in with your new password.';

/** /password-expired?email=…: the current password and a new one; then back to the login. */
export function PasswordExpiredForm({ email }: { email: string }) {
  const changeExpiredPassword = useChangeExpiredPassword();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(changeExpiredPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { email, currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await changeExpiredPassword.mutateAsync({ body: values });
      await navigate(paths.login(), {
        replace: true,
        state: { notice: PASSWORD_CHANGED_NOTICE, email: values.email },
      });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setError('currentPassword', { type: 'server', message: ErrorMessage.InvalidCredentials });
        return;
      }
      setFormError(applyServerErrors(error, setError, ['email', 'currentPassword', 'newPassword']));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Change expired password">
      <FormError>{formError}</FormError>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <TextInput {...control} {...register('email')} type="email" autoComplete="username" />}
      </FormField>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />
        )}
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} help={<PasswordRules />}>
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </FormField>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Loading...' : 'Change Password'}
      </Button>
    </form>
  );
}
