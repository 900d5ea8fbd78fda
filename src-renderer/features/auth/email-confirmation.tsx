import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useEmailConfirm } from './api/use-email-confirm.ts';
import styles from './auth.module.css';

/** Confirms the address of the emailed link (`/register?userId=…&confirm=…`) once. */
export function EmailConfirmation({ userId, token }: { userId: string; token: string }) {
  const { mutateAsync: confirmEmail } = useEmailConfirm();
  const [state, setState] = useState<
    { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string }
  >({
    kind: 'pending',
  });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmEmail({ body: { userId, token } }).then(
      () => setState({ kind: 'done' }),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message:
            isApiError(error) && error.status > 0 && error.message
              ? error.message
              : 'The email could not be confirmed. Try the link again.',
        }),
    );
  }, [confirmEmail, userId, token]);

  if (state.kind === 'pending') {
    return (
      <LoadingRegion label="Confirming your email">
        <Skeleton width="20rem" height="1.5rem" />
      </LoadingRegion>
    );
  }
  return (
    <div className={styles.form}>
      {state.kind === 'done' ? (
        <FormNotice>Your email address is confirmed. Thank you!</FormNotice>
      ) : (
        <FormError>{state.message}</FormError>
      )}
      <p>
        <Link to={paths.login()} className={styles.link}>
          Log in
        </Link>{' '}
        or{' '}
        <Link to={paths.dashboard()} className={styles.link}>
          go to your dashboard
        </Link>
        .
      </p>
    </div>
  );
}
