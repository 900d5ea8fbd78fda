import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginForm as LoginFormValues } from '../../../shared/domain/login.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { useStoreToken } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice, PasswordInput, TextInput } from '../../ui/form-field.tsx';
import { useLogin } from './api/use-login.ts';
import styles from './auth.module.css';
import { useFinishLogin } from './finish-login.ts';
import type { PastDueDetails } from './login-flow.ts';

/*
 * What only a submitted form needs (the checks, the login flow with its answer schemas, the
 * past-due and payment dialogs) loads once the page runs, not before it is hydrated.
 */
const loadLoginFlow = () => import('./login-flow.ts');
// The flow comes with the checks: a visitor who can be checked is about to submit.
const validation = lazyResolver<LoginFormValues>(() =>
  Promise.all([import('./login-validation.ts'), loadLoginFlow()]).then(([module]) => module.loginResolver),
);
const NoPaymentMethodDialog = lazy(() =>
  import('./no-payment-method-dialog.tsx').then((module) => ({ default: module.NoPaymentMethodDialog })),
);
const PastDueDialog = lazy(() =>
  import('./past-due-dialog.tsx').then((module) => ({ default: module.PastDueDialog })),
);

export interface LoginFormProps {
  /** `page`: /login, redirecting after sign-in; `modal`: the login modal, which closes instead. */
  mode: 'page' | 'modal';
  /** Modal mode: the modal should close; `signedIn` tells the opener whether to refresh. */
  onClose?: (signedIn: boolean) => void;
  defaultEmail?: string;
  /** A note above the form (e.g. after a password change). */
  notice?: string | null;
}

/** The login form of the /login page and of the login modal, with every branch of the login flow. */
export function LoginForm({ mode, onClose, defaultEmail = '', notice }: LoginFormProps) {
  // A server-rendered form cannot be sent before the page is hydrated: the browser would send it
  // itself, passwords and all, instead of the app. (method="post" keeps them out of the address.)
  const hydrated = useHydrated();
  const login = useLogin();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const storeToken = useStoreToken();
  const finishLogin = useFinishLogin();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pastDue, setPastDue] = useState<PastDueDetails | null>(null);
  const [paymentPrompt, setPaymentPrompt] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });

  useEffect(() => validation.preload(), []);

  const close = (signedIn: boolean) => onClose?.(signedIn);
  const finish = () =>
    finishLogin(mode === 'page' ? { kind: 'page', query } : { kind: 'modal', close: () => close(true) });

  /** Leaves the login for another screen; the modal closes first. */
  const leaveFor = async (to: string, state?: unknown) => {
    if (mode === 'modal') close(false);
    await navigate(to, state === undefined ? undefined : { state });
  };

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    setFormError(null);
    try {
      const { attemptLogin } = await loadLoginFlow();
      const outcome = await attemptLogin(login.mutateAsync, values);
      switch (outcome.kind) {
        case 'passwordExpired':
          await leaveFor(paths.passwordExpired(outcome.email));
          return;
        case 'completeRegistration':
          // A pending account finishes registering with its token; a locked one gets no session.
          if (!outcome.locked) await storeToken(outcome.token);
          await leaveFor(paths.register(), { locked: outcome.locked });
          return;
        case 'pastDue':
          setPastDue(outcome.details);
          return;
        case 'refused':
          setFormError(outcome.message);
          return;
        case 'signedIn':
          await storeToken(outcome.token);
          if (outcome.needsPaymentSetup) {
            setPaymentPrompt(true);
            return;
          }
          await finish();
          return;
      }
    } catch {
      setFormError('Invalid email or password');
    } finally {
      setBusy(false);
    }
  });

  return (
    <>
      <form className={styles.form} method="post" noValidate onSubmit={onSubmit} aria-label="Log in">
        <FormNotice>{notice}</FormNotice>
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
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('password')} autoComplete="current-password" />
          )}
        </FormField>
        <div className={styles.linksRow}>
          <Link
            to={paths.forgotPassword()}
            className={styles.link}
            onClick={() => mode === 'modal' && close(false)}
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Loading...' : 'Log In'}
        </Button>
        <p className={styles.switch}>
          New to Ironsight?{' '}
          <Link
            to={paths.register()}
            className={styles.link}
            onClick={() => mode === 'modal' && close(false)}
          >
            Sign up
          </Link>
        </p>
      </form>
      <Suspense>
        {paymentPrompt ? (
          <NoPaymentMethodDialog
            open={paymentPrompt}
            onSetUpNow={async () => {
              setPaymentPrompt(false);
              if (mode === 'modal') close(true);
              await navigate(paths.liveCheckout(), { replace: mode === 'page' });
            }}
            onSkip={async () => {
              setPaymentPrompt(false);
              setBusy(true);
              try {
                await finish();
              } finally {
                setBusy(false);
              }
            }}
          />
        ) : null}
        {pastDue ? (
          <PastDueDialog
            details={pastDue}
            onClose={() => setPastDue(null)}
            onPaid={async (jwt) => {
              await storeToken(jwt);
              setPastDue(null);
              await finish();
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
