import type { MailMessage } from './mailer.ts';

/**
 * The e-mail telling someone a message waits for them. It names the sender and the subject, never
 * the body: the conversation is read on the site, where attachments and blocking are at hand.
 */
export function messageNotice(
  to: string,
  firstName: string,
  senderName: string,
  subject: string,
  conversationUrl: string,
): MailMessage {
  return {
    to,
    subject: `New message from ${senderName}: ${subject}`,
    text: [
      `Hi ${firstName},`,
      '',
      `${senderName} sent you a message on Ironsight about “${subject}”.`,
      '',
      `Read and answer it here: ${conversationUrl}`,
      '',
      'You get at most one of these e-mails an hour for each conversation.',
      '',
      '— Ironsight',
    ].join('\n'),
  };
}
