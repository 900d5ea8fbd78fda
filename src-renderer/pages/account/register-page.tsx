import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import styles from '../../features/auth/auth.module.css';
import { EmailConfirmation } from '../../features/auth/email-confirmation.tsx';
import { RegisterForm } from '../../features/auth/register-form.tsx';
import { routeTitle } from '../../lib/app-route.ts';
import { needsRegistration, useCurrentUser } from '../../lib/session/session.ts';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { PageFrame } from '../page-frame.tsx';

export function RegisterPage() {
  const [query] = useSearchParams();
  const { state } = useLocation();
  const user = useCurrentUser();
  const [registered, setRegistered] = useState<{ email: string; emailConfirmationRequired: boolean } | null>(
    null,
  );
  const confirmToken = query.get('confirm');
  const confirmUserId = query.get('userId');
  const locked = (state as { locked?: boolean } | null)?.locked === true;
  const pendingUser = user && needsRegistration(user) ? user : null;

  if (confirmToken && confirmUserId) {
    return (
      <PageFrame heading="Confirm Your Email" title={routeTitle('register')}>
        <div className={styles.card}>
          <EmailConfirmation userId={confirmUserId} token={confirmToken} />
        </div>
      </PageFrame>
    );
  }

  if (registered) {
    return (
      <PageFrame heading="Check Your Email" title={routeTitle('register')}>
        <div className={styles.card}>
          <div className={styles.form}>
            {registered.emailConfirmationRequired ? (
              <FormNotice>
                We sent a confirmation link to {registered.email}. Open it to confirm your email address.
              </FormNotice>
            ) : (
              <FormNotice>Your account is ready.</FormNotice>
            )}
            <p>
              Meanwhile your account works:{' '}
              <Link to={paths.dashboard()} className={styles.link}>
                go to your dashboard
              </Link>
              .
            </p>
          </div>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      heading={pendingUser ? 'Complete Your Registration' : 'Create an Account'}
      title={routeTitle('register')}
      intro="Join to buy, sell, save favorites and get alerts on the gear you are watching."
    >
      <div className={`${styles.card} ${styles.wideCard}`}>
        {locked ? (
          <div style={{ marginBottom: 'var(--space-4)' }}>
            <FormError>
              This account is locked. Contact support to unlock it, or create a new account below.
            </FormError>
          </div>
        ) : null}
        <RegisterForm pendingUser={pendingUser} onRegistered={setRegistered} />
      </div>
    </PageFrame>
  );
}
