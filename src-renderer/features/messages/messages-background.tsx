import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useSession } from '../../lib/session/session.ts';
import { useRefreshMessages } from './api/message-queries.ts';
import { useLiveMessages } from './live-messages.ts';
import styles from './messages.module.css';
import { type PendingOutcome, sendPendingMessage } from './pending-message.ts';

/**
 * Mounted once in the app shell: follows the live channel while signed in, and sends a message a
 * visitor wrote before signing in, then says where it went.
 */
export function MessagesBackground() {
  useLiveMessages();
  const session = useSession();
  const api = useApiClient();
  const refresh = useRefreshMessages();
  const [outcome, setOutcome] = useState<PendingOutcome | null>(null);
  const userId = session.status === 'signedIn' ? session.user.id : null;

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    void sendPendingMessage(api).then((result) => {
      if (!current || result.kind === 'none') return;
      setOutcome(result);
      if (result.kind === 'sent') void refresh();
    });
    return () => {
      current = false;
    };
  }, [userId, api, refresh]);

  if (!outcome || outcome.kind === 'none') return null;
  return (
    <div role="status" className={styles.notice}>
      {outcome.kind === 'sent' ? (
        <>
          Your message was sent. <Link to={paths.inbox(outcome.conversationId)}>Open the conversation</Link>
        </>
      ) : (
        outcome.message
      )}
      <button type="button" className={styles.dismiss} onClick={() => setOutcome(null)}>
        Dismiss
      </button>
    </div>
  );
}
