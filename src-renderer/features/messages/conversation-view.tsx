import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Conversation, Message, MessageAttachment } from '../../../shared/contract/messages.ts';
import { MESSAGE_REPORT_REASON_MAX } from '../../../shared/contract/messages.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import {
  conversationKey,
  MESSAGES_QUERY_ROOT,
  messageFailureText,
  useRefreshMessages,
} from './api/message-queries.ts';
import { useQueueUnsentMessage, useSendMessage } from './api/use-send-message.ts';
import { downloadAttachment } from './download-attachment.ts';
import { MessageBody } from './message-body.tsx';
import { MessageForm, type MessageFormOutcome } from './message-form.tsx';
import styles from './messages.module.css';
import { dateTimeText } from './messages-list.tsx';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One conversation: every message between the two, oldest first, with reply, attachments, block and report. */
export function ConversationView({ conversationId, backTo }: { conversationId: string; backTo: string }) {
  const api = useApiClient();
  const conversation = useQuery({
    queryKey: conversationKey(conversationId),
    queryFn: () => api.call('messagesConversation', { params: { id: conversationId } }),
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
  useMarkRead(conversation.data);

  if (conversation.isPending) {
    return (
      <LoadingRegion label="Loading the conversation">
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
      </LoadingRegion>
    );
  }
  if (conversation.isError) {
    const missing = isApiError(conversation.error) && [403, 404].includes(conversation.error.status);
    return (
      <div className={styles.thread}>
        <FormError>
          {missing
            ? 'This conversation is not available.'
            : 'The conversation could not be loaded. Please try again.'}
        </FormError>
        <div className={styles.toolbar}>
          {missing ? null : <Button onClick={() => void conversation.refetch()}>Try again</Button>}
          <Link to={backTo}>Back to messages</Link>
        </div>
      </div>
    );
  }
  return <ConversationThread conversation={conversation.data} backTo={backTo} />;
}

/** Received messages shown unread are marked read once the conversation is on screen. */
function useMarkRead(conversation: Conversation | undefined) {
  const api = useApiClient();
  const user = useCurrentUser();
  const client = useQueryClient();
  const marked = useRef(new Set<string>());
  useEffect(() => {
    if (!conversation || !user) return;
    const unread = conversation.messages.filter(
      (message) => message.recipientId === user.id && !message.isRead && !marked.current.has(message.id),
    );
    if (unread.length === 0) return;
    for (const message of unread) marked.current.add(message.id);
    void Promise.all(
      unread.map((message) => api.call('messagesAddOrUpdate', { body: { id: message.id, isRead: true } })),
    )
      .catch(() => undefined)
      .finally(() => void client.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT }));
  }, [conversation, user, api, client]);
}

function ConversationThread({ conversation, backTo }: { conversation: Conversation; backTo: string }) {
  const user = useCurrentUser();
  const send = useSendMessage();
  const queueUnsent = useQueueUnsentMessage();
  const last = conversation.messages.at(-1);
  const [reporting, setReporting] = useState<Message | null>(null);
  const reply = async (body: string, files: File[]): Promise<MessageFormOutcome> => {
    const input = {
      message: last ? { parentMessageId: last.id, body } : { recipientId: conversation.otherParty.id, body },
      files,
    };
    try {
      await send.mutateAsync(input);
      return null;
    } catch (error) {
      const label = `Message to ${conversation.otherParty.displayName}: ${body}`;
      return (
        (await queueUnsent(error, input, label, conversation.id)) ??
        messageFailureText(error, 'Your reply could not be sent. Please try again.')
      );
    }
  };
  return (
    <section className={styles.thread} aria-labelledby="conversation-heading">
      <Link to={backTo}>Back to messages</Link>
      <h2 id="conversation-heading">{conversation.subject}</h2>
      <p>
        With {conversation.otherParty.displayName}
        {conversation.listingTitle ? <> · about {conversation.listingTitle}</> : null}
      </p>
      <BlockControl conversation={conversation} />
      <ol className={styles.thread} aria-label="Messages">
        {conversation.messages.map((message) => {
          const mine = message.senderId === user?.id;
          return (
            <li key={message.id} className={mine ? `${styles.message} ${styles.mine}` : styles.message}>
              <p className={styles.messageHeader}>
                <span>{mine ? 'You' : message.senderDisplayName}</span>
                <time dateTime={message.createdAt}>{dateTimeText(message.createdAt)}</time>
              </p>
              {message.removed ? (
                <p>
                  <em>{message.body}</em>
                </p>
              ) : (
                <MessageBody body={message.body} />
              )}
              {message.attachments.length > 0 ? (
                <ul className={styles.attachments} aria-label="Attachments">
                  {message.attachments.map((attachment) => (
                    <li key={attachment.id}>
                      <AttachmentButton attachment={attachment} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {!mine && !message.removed ? (
                <Button size="sm" variant="ghost" onClick={() => setReporting(message)}>
                  Report message
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <h3>Reply</h3>
      <MessageForm name="Reply" submitLabel="Send reply" busyLabel="Sending..." allowFiles onSubmit={reply} />
      <ReportDialog message={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}

function AttachmentButton({ attachment }: { attachment: MessageAttachment }) {
  const api = useApiClient();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setFailed(false);
          downloadAttachment(api, attachment).catch(() => setFailed(true));
        }}
      >
        <Paperclip size={16} aria-hidden="true" />
        Download {attachment.fileName} ({sizeText(attachment.size)})
      </Button>
      {failed ? (
        <FormError>{attachment.fileName} could not be downloaded. Please try again.</FormError>
      ) : null}
    </>
  );
}

function BlockControl({ conversation }: { conversation: Conversation }) {
  const api = useApiClient();
  const refresh = useRefreshMessages();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { otherParty, otherPartyBlocked } = conversation;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (otherPartyBlocked) await api.call('messagesUnblockUser', { params: { id: otherParty.id } });
      else await api.call('messagesBlockUser', { body: { userId: otherParty.id } });
      await refresh();
    } catch (failure) {
      setError(messageFailureText(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.toolbar}>
      {otherPartyBlocked ? (
        <FormNotice>You have blocked {otherParty.displayName}: their messages are refused.</FormNotice>
      ) : null}
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void toggle()}>
        {otherPartyBlocked ? `Unblock ${otherParty.displayName}` : `Block ${otherParty.displayName}`}
      </Button>
      {error ? <FormError>{error}</FormError> : null}
    </div>
  );
}

function ReportDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const api = useApiClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    setDone(false);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message || busy) return;
    if (reason.trim() === '') {
      setError('Say what is wrong with this message.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call('messagesReport', { body: { messageId: message.id, reason: reason.trim() } });
      setDone(true);
    } catch (failure) {
      setError(messageFailureText(failure, 'The report could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Report message"
      description="Our staff review reported messages. The sender is not told who reported them."
    >
      {done ? (
        <>
          <FormNotice>Thank you. The message was reported.</FormNotice>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <form aria-label="Report message" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="What is wrong with it?" error={error ?? undefined}>
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                value={reason}
                maxLength={MESSAGE_REPORT_REASON_MAX}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Report'}
            </Button>
          </DialogActions>
        </form>
      )}
    </ModalDialog>
  );
}
