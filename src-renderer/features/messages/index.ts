/**
 * Messages: the inbox and sent screens, contacting a listing's seller, the notification settings,
 * the shell's background checks for new messages, and the header's unread-messages link, whose
 * code loads when it hydrates (`UnreadMessagesLinkPart`).
 */
export { ContactSeller } from './contact-seller.tsx';
export { UnreadMessagesLinkPart } from './lazy-parts.ts';
export { MessagesBackgroundSlot } from './messages-background-slot.tsx';
export { MessagesScreen } from './messages-screen.tsx';
export { MessageNotificationSettings } from './notification-settings.tsx';
