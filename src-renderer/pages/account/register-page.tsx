import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { EmailConfirmation, RegisterForm, RegistrationDone } from '../../features/auth/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { needsRegistration, useCurrentUser } from '../../lib/session/session.ts';
import { Card } from '../../ui/card.tsx';
import { FormError } from '../../ui/form-field.tsx';
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
        <Card>
          <EmailConfirmation userId={confirmUserId} token={confirmToken} />
        </Card>
      </PageFrame>
    );
  }

  if (registered) {
    return (
      <PageFrame heading="Check Your Email" title={routeTitle('register')}>
        <Card>
          <RegistrationDone {...registered} />
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      heading={pendingUser ? 'Complete Your Registration' : 'Create an Account'}
      title={routeTitle('register')}
      intro="Join to buy, sell, save favorites and get alerts on the gear you are watching."
    >
      <Card wide>
        {locked ? (
          <div style={{ marginBottom: 'var(--space-4)' }}>
            <FormError>
              This account is locked. Contact support to unlock it, or create a new account below.
            </FormError>
          </div>
        ) : null}
        <RegisterForm pendingUser={pendingUser} onRegistered={setRegistered} />
      </Card>
    </PageFrame>
  );
}
