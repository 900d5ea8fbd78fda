import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { type SessionUser, useStoreToken } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import {
  Checkbox,
  FieldError,
  FormError,
  FormField,
  PasswordInput,
  TextInput,
} from '../../ui/form-field.tsx';
import { useEmailTaken } from './api/use-check-email.ts';
import { useRegister } from './api/use-register.ts';
import styles from './auth.module.css';
import { PasswordRules } from './password-rules.tsx';
import type { RegisterFormValues } from './register-validation.ts';

export const EMAIL_TAKEN_MESSAGE = 'An account already uses this email. Log in, or reset your password.';

/** The form's checks (zod and the request schema behind them) load once the page runs. */
const validation = lazyResolver<RegisterFormValues>(() =>
  import('./register-validation.ts').then((module) => module.registerResolver),
);

export interface RegisterFormProps {
  /** An account pending registration: its details prefill the form and the request completes it. */
  pendingUser?: Pick<SessionUser, 'firstName' | 'lastName' | 'email'> | null;
  onRegistered: (result: { email: string; emailConfirmationRequired: boolean }) => void;
}

export function RegisterForm({ pendingUser, onRegistered }: RegisterFormProps) {
  // A server-rendered form cannot be sent before the page is hydrated: the browser would send it
  // itself, passwords and all, instead of the app. (method="post" keeps them out of the address.)
  const hydrated = useHydrated();
  const registerAccount = useRegister();
  const storeToken = useStoreToken();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: {
      firstName: pendingUser?.firstName ?? '',
      lastName: pendingUser?.lastName ?? '',
      email: pendingUser?.email ?? '',
      password: '',
      phone: '',
      zipCode: '',
      acceptTerms: false,
      marketingOptIn: false,
    },
  });
  useEffect(() => validation.preload(), []);
  const emailTaken = useEmailTaken(watch('email') ?? '', pendingUser?.email);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (emailTaken) {
      setError('email', { type: 'taken', message: EMAIL_TAKEN_MESSAGE });
      return;
    }
    try {
      const result = await registerAccount.mutateAsync({
        body: {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          password: values.password,
          ...(values.phone ? { phone: values.phone } : {}),
          ...(values.zipCode ? { zipCode: values.zipCode } : {}),
          acceptTerms: true,
          marketingOptIn: values.marketingOptIn,
        },
      });
      await storeToken(result.jwtToken);
      onRegistered({
        email: values.email.trim(),
        emailConfirmationRequired: result.emailConfirmationRequired,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { type: 'taken', message: EMAIL_TAKEN_MESSAGE });
        return;
      }
      setFormError(
        applyServerErrors(error, setError, [
          'firstName',
          'lastName',
          'email',
          'password',
          'phone',
          'zipCode',
        ]),
      );
    }
  });

  return (
    <form className={styles.form} method="post" noValidate onSubmit={onSubmit} aria-label="Create an account">
      <FormError>{formError}</FormError>
      <div className={styles.row}>
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <TextInput {...control} {...register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(control) => <TextInput {...control} {...register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        label="Email"
        error={errors.email?.message ?? (emailTaken ? EMAIL_TAKEN_MESSAGE : undefined)}
      >
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
      <FormField label="Password" error={errors.password?.message} help={<PasswordRules />}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </FormField>
      <div className={styles.row}>
        <FormField label="Phone" optional error={errors.phone?.message}>
          {(control) => <TextInput {...control} {...register('phone')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField label="Zip code" optional error={errors.zipCode?.message}>
          {(control) => (
            <TextInput {...control} {...register('zipCode')} inputMode="numeric" autoComplete="postal-code" />
          )}
        </FormField>
      </div>
      <div>
        <Checkbox
          {...register('acceptTerms')}
          aria-invalid={Boolean(errors.acceptTerms)}
          aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
          label="I accept the terms of service and confirm I am of legal age to buy firearms where I live."
        />
        <FieldError id="accept-terms-error">{errors.acceptTerms?.message}</FieldError>
      </div>
      <Checkbox {...register('marketingOptIn')} label="Email me deals, new listings and news." />
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting || !hydrated} aria-busy={isSubmitting}>
        {isSubmitting ? 'Loading...' : pendingUser ? 'Complete Registration' : 'Create Account'}
      </Button>
      <p className={styles.switch}>
        Already have an account?{' '}
        <Link to={paths.login()} className={styles.link}>
          Log in
        </Link>
      </p>
    </form>
  );
}
