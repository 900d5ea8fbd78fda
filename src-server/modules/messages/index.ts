/**
 * The face of the messages module (messages between buyers and sellers, attachments, reports, and the live
 * channel). Other modules and the app import only what is exported here; everything else in this folder is
 * the module's own (docs/code-map.md).
 */

export { closeMessageReports, findMessageReport, removeMessage } from './reports.ts';
export { registerMessagesModule } from './routes.ts';
export { unreadCount } from './service.ts';
