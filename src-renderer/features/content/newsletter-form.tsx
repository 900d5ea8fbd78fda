import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { NEWSLETTER_FAILURE_MESSAGE, shouldSubscribeToNewsletter } from '../../../shared/domain/constants.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button } from '../../ui/button.tsx';
import styles from './content.module.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'failed' };

/**
 * The newsletter sign-up: nothing is sent for an empty address; the server checks
 * the format and answers the success text, which is shown as given; any failure shows the spec's
 * failure text and keeps what was typed. No form library or schema: the page's first script stays small.
 */
export function NewsletterForm() {
  const api = useApiClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // On a server-rendered page the form may hydrate after the page: what was typed before is taken up.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!shouldSubscribeToNewsletter(email) || status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    try {
      const answer = await api.call('usersSignupForNewsletter', { body: { email: email.trim() } });
      setStatus({ kind: 'done', message: answer.message });
      setEmail('');
    } catch {
      setStatus({ kind: 'failed' });
    }
  };

  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.digestHeading}>
        Get deals and news in your inbox
      </h2>
      <p>Exclusive offers, new arrivals and the latest reviews. We ask you to confirm by e-mail first.</p>
      <form className={styles.newsletterRow} onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email address
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={`${id}-status`}
        />
        <Button type="submit" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
      <p
        id={`${id}-status`}
        role="status"
        className={status.kind === 'failed' ? styles.failure : styles.success}
      >
        {status.kind === 'done' ? status.message : status.kind === 'failed' ? NEWSLETTER_FAILURE_MESSAGE : ''}
      </p>
    </section>
  );
}
