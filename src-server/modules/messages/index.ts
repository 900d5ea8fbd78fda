/**
 * The face of the messages module (messages between buyers and sellers, attachments, reports, and the live
 * channel). Other modules and the app import only what is exported here; everything else in this folder is
 * the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerMessagesModule } from './routes.ts';

export { closeMessageReports, findMessageReport, removeMessage } from './reports.ts';
export { unreadCount } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const messagesModule: ServerModule = {
  name: 'messages',
  register(ctx, deps) {
    registerMessagesModule(ctx, {
      blobs: ctx.blobs,
      mailer: deps.mailer,
      publicOrigin: ctx.config.publicOrigin,
      log: ctx.app.log,
    });
  },
};
