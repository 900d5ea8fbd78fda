import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormError, FormField, TextInput } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { messageListKey } from './api/message-queries.ts';
import styles from './messages.module.css';

export type MessagesSide = 'inbox' | 'sent';
const PAGE_SIZE = 20;

export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The inbox (messages received) or the sent messages: newest first, filters, pages; a row opens its conversation. */
export function MessagesList({ side }: { side: MessagesSide }) {
  const api = useApiClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('q') ?? '';
  const unreadOnly = side === 'inbox' && params.get('unread') === '1';
  const [typed, setTyped] = useState(keyword);
  const filters = { ...(keyword ? { keyword } : {}), ...(unreadOnly ? { isRead: false } : {}) };
  const list = useQuery({
    queryKey: messageListKey(side, filters, page),
    queryFn: () =>
      api.call(side === 'inbox' ? 'messagesGetRecipient' : 'messagesGetSender', {
        body: { filters, page, pageSize: PAGE_SIZE },
      }),
  });
  const go = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') search.delete(key);
      else search.set(key, value);
    }
    setParams(search);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim(), page: null });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const openConversation = (conversationId: string) => {
    const next = new URLSearchParams(params);
    next.set('conversation', conversationId);
    return `?${next.toString()}`;
  };

  return (
    <div className={styles.thread}>
      <search aria-label={side === 'inbox' ? 'Search the inbox' : 'Search sent messages'}>
        <form className={styles.toolbar} onSubmit={search}>
          <FormField label="Search messages">
            {(control) => (
              <TextInput
                {...control}
                type="search"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {side === 'inbox' ? (
            <Checkbox
              label="Unread only"
              checked={unreadOnly}
              onChange={(event) => go({ unread: event.target.checked ? '1' : null, page: null })}
            />
          ) : null}
        </form>
      </search>
      {list.isPending ? (
        <LoadingRegion label="Loading messages">
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
        </LoadingRegion>
      ) : list.isError ? (
        <div className={styles.thread}>
          <FormError>Your messages could not be loaded. Please try again.</FormError>
          <div className={styles.toolbar}>
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </div>
        </div>
      ) : list.data.results.length === 0 ? (
        <p>
          {keyword || unreadOnly
            ? 'No messages match. Clear the search to see them all.'
            : side === 'inbox'
              ? 'No messages yet. Buyers and sellers who write to you appear here.'
              : 'You have not sent any messages. Use Contact seller on a listing to ask about it.'}
        </p>
      ) : (
        <ul className={styles.list} aria-label={side === 'inbox' ? 'Received messages' : 'Sent messages'}>
          {list.data.results.map((message) => {
            const unread = side === 'inbox' && !message.isRead;
            const party = side === 'inbox' ? message.senderDisplayName : `To ${message.recipientDisplayName}`;
            return (
              <li key={message.id}>
                <Link
                  to={openConversation(message.conversationId)}
                  className={unread ? `${styles.row} ${styles.unread}` : styles.row}
                >
                  <span className={styles.party}>
                    {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
                    {party}
                  </span>
                  <span className={styles.preview}>
                    {message.subject} — {message.body}
                  </span>
                  <time className={styles.date} dateTime={message.createdAt}>
                    {dateTimeText(message.createdAt)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 ? (
        <nav className={styles.toolbar} aria-label="Pages">
          <Button
            size="sm"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => go({ page: String(page - 1) })}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={page >= pages}
            onClick={() => go({ page: String(page + 1) })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
