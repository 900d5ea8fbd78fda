/**
 * The face of the messages module (messages between buyers and sellers, attachments, reports, and the live
 * channel). Other modules and the app import only what is exported here; everything else in this folder is
 * the module's own (docs/code-map.md).
 */

export { registerMessagesModule } from './routes.ts';
export { closeMessageReports, findMessageReport, removeMessage, unreadCount } from './service.ts';
