import { useState } from 'react';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import styles from './alert-settings-form.module.css';
import { useUnsubscribeFromAlerts } from './api/unsubscribe.ts';

/**
 * The page of a digest e-mail's unsubscribe link: one button stops the e-mails, without signing in.
 * Nothing happens on opening the page, so a mail scanner that follows links unsubscribes nobody.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeFromAlerts();
  const [stopped, setStopped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <div className={styles.state} role="alert">
        <p>
          This link is missing its code. Open the link from the e-mail again, or sign in and turn alert
          e-mails off under Buyer Tools.
        </p>
        <LinkButton to={paths.to('dashboard.buying.tools')} variant="secondary">
          Go to Buyer Tools
        </LinkButton>
      </div>
    );
  }
  if (stopped) {
    return (
      <div className={styles.state} role="status">
        <p>
          Done: {stopped} gets no more alert e-mails. Your alerts still show on your dashboard, and you can
          turn the e-mails back on under Buyer Tools.
        </p>
        <LinkButton to={paths.to('dashboard.buying.tools')} variant="secondary">
          Go to Buyer Tools
        </LinkButton>
      </div>
    );
  }
  const stop = async () => {
    setError(null);
    try {
      setStopped((await unsubscribe.mutateAsync({ body: { token } })).email);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status > 0 && failure.status < 500
          ? failure.message
          : 'We could not stop the e-mails right now. Please try again.',
      );
    }
  };
  return (
    <div className={styles.state}>
      <p>Stop the e-mails about new matches for your saved searches, price drops and listings near you?</p>
      <Button onClick={stop} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Stopping…' : 'Stop alert e-mails'}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
