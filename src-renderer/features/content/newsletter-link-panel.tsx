import { useState } from 'react';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import styles from './content.module.css';

const ACTIONS = {
  confirm: {
    endpoint: 'newsletterConfirm',
    question: 'Confirm that you want the Ironsight newsletter at this address?',
    button: 'Confirm my subscription',
    busy: 'Confirming…',
    done: (email: string) => `Thanks: ${email} is subscribed. Look out for our next issue.`,
  },
  unsubscribe: {
    endpoint: 'newsletterUnsubscribe',
    question: 'Stop the Ironsight newsletter at this address?',
    button: 'Unsubscribe',
    busy: 'Unsubscribing…',
    done: (email: string) =>
      `Done: ${email} gets no more newsletters. You can sign up again on the home page.`,
  },
} as const;

/**
 * The page of a newsletter e-mail's link. One button acts, without signing in; opening the page does
 * nothing, so a mail scanner that follows links confirms or unsubscribes nobody.
 */
export function NewsletterLinkPanel({
  action,
  token,
}: {
  action: keyof typeof ACTIONS;
  token: string | null;
}) {
  const api = useApiClient();
  const text = ACTIONS[action];
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <p role="alert" className={styles.failure}>
        This link is missing its code. Open the link from the e-mail again.
      </p>
    );
  }
  if (done) {
    return (
      <div role="status">
        <p className={styles.success}>{text.done(done)}</p>
        <LinkButton to={paths.home()} variant="secondary">
          Back to the home page
        </LinkButton>
      </div>
    );
  }
  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone((await api.call(text.endpoint, { body: { token } })).email);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status > 0 && failure.status < 500
          ? failure.message
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.digest}>
      <p>{text.question}</p>
      <div>
        <Button onClick={act} disabled={busy}>
          {busy ? text.busy : text.button}
        </Button>
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}
