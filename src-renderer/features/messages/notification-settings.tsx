import { useEffect, useState } from 'react';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Checkbox, FormError } from '../../ui/form-field.tsx';
import styles from './messages.module.css';

/**
 * The desktop client's message notifications, on or off. Shown only where the platform keeps such
 * a setting (the web has none: the browser asks its own permission).
 */
export function MessageNotificationSettings() {
  const platform = usePlatform();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    platform
      .getMessageNotifications()
      .then((value) => {
        if (current) setEnabled(value);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [platform]);
  if (enabled === null) return null;
  const change = async (next: boolean) => {
    setError(null);
    setEnabled(next);
    try {
      await platform.setMessageNotifications(next);
    } catch {
      setEnabled(!next);
      setError('The setting could not be saved. Please try again.');
    }
  };
  return (
    <section className={styles.thread} aria-labelledby="message-notifications-heading">
      <h2 id="message-notifications-heading">Desktop notifications</h2>
      <Checkbox
        label="Notify me of new messages (not while I am reading my messages)"
        checked={enabled}
        onChange={(event) => void change(event.target.checked)}
      />
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}
