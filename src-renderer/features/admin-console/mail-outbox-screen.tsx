import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import styles from './admin-console.module.css';
import { useOutbox, useOutboxMessage } from './api/admin-queries.ts';
import { formatTime, ListState, TableHead } from './console-parts.tsx';

function Message({ name, onClose }: { name: string; onClose: () => void }) {
  const message = useOutboxMessage(name);
  return (
    <section className={styles.section} aria-labelledby="admin-mail-message">
      <ListState query={message} label="this message" empty="" isEmpty={() => false}>
        {(mail) => (
          <>
            <h3 id="admin-mail-message">{mail.subject || '(no subject)'}</h3>
            <p className={styles.muted}>
              From {mail.from} to {mail.to}, {formatTime(mail.date)}
            </p>
            {/* The plain-text part, shown as text: links and markup in it are never live. */}
            <pre className={styles.mailText}>{mail.text || '(no plain-text part)'}</pre>
          </>
        )}
      </ListState>
      <Button size="sm" variant="secondary" onClick={onClose}>
        Back to the outbox
      </Button>
    </section>
  );
}

export function MailOutboxScreen() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="admin-mail-heading" className={styles.screen}>
      <h2 id="admin-mail-heading">Mail outbox</h2>
      {open ? (
        <Message name={open} onClose={() => setOpen(null)} />
      ) : (
        <ListState
          query={outbox}
          label="the outbox"
          empty={
            outbox.data?.inUse === false
              ? 'Mail goes out through the SMTP server, so there is no local outbox to show.'
              : 'The outbox is empty: no mail has been written yet.'
          }
          isEmpty={(data) => data.results.length === 0}
        >
          {(data) => (
            <>
              <p className={styles.count}>
                {data.total} {data.total === 1 ? 'message' : 'messages'}
                {data.total > data.results.length ? ` (the newest ${data.results.length} shown)` : ''}
              </p>
              <table className={styles.table}>
                <TableHead columns={['Written', 'To', 'Subject']} />
                <tbody>
                  {data.results.map((mail) => (
                    <tr key={mail.name}>
                      <td>{formatTime(mail.date)}</td>
                      <td>{mail.to}</td>
                      <td>
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => setOpen(mail.name)}
                        >
                          {mail.subject || '(no subject)'}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </ListState>
      )}
    </section>
  );
}
