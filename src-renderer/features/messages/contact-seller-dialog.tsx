import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { FormNotice } from '../../ui/form-field.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { messageFailureText, useRefreshMessages } from './api/message-queries.ts';
import { useQueueUnsentMessage, useSendMessage } from './api/use-send-message.ts';
import { MessageForm, type MessageFormOutcome } from './message-form.tsx';
import { keepPendingMessage, sendPendingMessage } from './pending-message.ts';

export interface ContactSellerDialogProps {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Done = { kind: 'sent'; conversationId: string } | { kind: 'kept' };

/**
 * The message to the seller: a visitor may write it too; it is kept in the browser, the login
 * modal is offered, and it is sent once they sign in.
 */
export function ContactSellerDialog({
  listingId,
  listingTitle,
  open,
  onOpenChange,
}: ContactSellerDialogProps) {
  const user = useCurrentUser();
  const api = useApiClient();
  const send = useSendMessage();
  const queueUnsent = useQueueUnsentMessage();
  const refresh = useRefreshMessages();
  const [done, setDone] = useState<Done | null>(null);

  const submit = async (body: string, files: File[]): Promise<MessageFormOutcome> => {
    if (user) {
      const input = { message: { listingId, body }, files };
      try {
        const sent = await send.mutateAsync(input);
        setDone({ kind: 'sent', conversationId: sent.conversationId });
        return null;
      } catch (error) {
        return (
          (await queueUnsent(error, input, `Message to the seller of ${listingTitle}`)) ??
          messageFailureText(error, 'Your message could not be sent. Please try again.')
        );
      }
    }
    keepPendingMessage({ listingId, listingTitle, body });
    if (!(await requestLogin('Log in to send your message to the seller.'))) {
      setDone({ kind: 'kept' });
      return null;
    }
    const outcome = await sendPendingMessage(api);
    if (outcome.kind === 'sent') {
      void refresh();
      setDone({ kind: 'sent', conversationId: outcome.conversationId });
      return null;
    }
    // The app's background sender took it first after the sign-in.
    if (outcome.kind === 'none') {
      onOpenChange(false);
      return null;
    }
    return outcome.message;
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setDone(null);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title="Contact seller"
      description={`About: ${listingTitle}`}
    >
      {done?.kind === 'sent' ? (
        <FormNotice>
          Your message was sent. <Link to={paths.inbox(done.conversationId)}>Open the conversation</Link>
        </FormNotice>
      ) : done?.kind === 'kept' ? (
        <FormNotice>Your message is saved in this browser and will be sent when you log in.</FormNotice>
      ) : (
        <MessageForm
          name="Message the seller"
          submitLabel={user ? 'Send message' : 'Log in and send'}
          busyLabel="Sending..."
          allowFiles={user !== null}
          onSubmit={submit}
          onCancel={() => close(false)}
        />
      )}
    </ModalDialog>
  );
}
