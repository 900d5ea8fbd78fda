import type { MessageReport } from '../../../shared/contract/messages.ts';
import { MessageReportResolution } from '../../../shared/contract/messages.ts';
import type { MessageReportAction } from '../../../shared/contract/moderation.ts';
import { UserAlertKind } from '../../../shared/domain/alerts.ts';
import { UserStatus } from '../../../shared/domain/user.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { accountAction } from '../admin/index.ts';
import { closeMessageReports, findMessageReport, removeMessage } from '../messages/index.ts';

export const MESSAGE_REPORT_MESSAGES = {
  reportNotFound: 'No message report has that id.',
  alreadyResolved: 'This report was already closed.',
} as const;

const RESOLUTION: Readonly<Record<MessageReportAction['action'], MessageReportResolution>> = {
  dismiss: MessageReportResolution.Dismissed,
  removeMessage: MessageReportResolution.MessageRemoved,
  warnSender: MessageReportResolution.SenderWarned,
  lockSender: MessageReportResolution.SenderLocked,
};

const AUDIT_ACTION = {
  dismiss: 'dismissMessageReport',
  removeMessage: 'removeMessage',
  warnSender: 'warnSender',
  lockSender: 'lockSender',
} as const;

/** The warning a sender reads on their dashboard, with the staff note when there is one. */
export function senderWarningText(subject: string, note: string | undefined): string {
  const warning = `A message you sent (“${subject}”) was reported, and Ironsight staff found that it breaks the rules for messages. Another breach may lead to your account being locked.`;
  return note ? `${warning} Note from staff: ${note}` : warning;
}

/**
 * Staff act on one open report of a message, in one transaction with its audit entry: dismiss it,
 * remove the message for both parties, warn the sender (a dashboard alert) or lock the sender's
 * account (the account action, audited as `lock` too). Each closes the report; removing the
 * message closes every report of it.
 */
export async function actOnMessageReport(
  deps: AccountsDeps,
  actor: AdminActor,
  id: string,
  action: MessageReportAction,
): Promise<MessageReport> {
  const db: Database = deps.db;
  await db.transaction(async (tx) => {
    // Locked, so two staff acting on one report at once apply one after the other.
    const report = await findMessageReport(tx, id, { lock: true });
    if (!report) throw notFound(MESSAGE_REPORT_MESSAGES.reportNotFound);
    if (report.resolution !== null) throw conflict(MESSAGE_REPORT_MESSAGES.alreadyResolved);
    const sender = { id: report.sender.id, email: report.senderEmail };
    const ids = { id: report.id, messageId: report.message.id };
    const after: Record<string, unknown> = {
      reportId: report.id,
      messageId: report.message.id,
      resolution: RESOLUTION[action.action],
    };
    switch (action.action) {
      case 'dismiss':
        break;
      case 'removeMessage':
        await removeMessage(tx, report.message.id, actor.auth.userId);
        break;
      case 'warnSender': {
        const alert = await addUserAlert(tx, {
          userId: report.sender.id,
          kind: UserAlertKind.StaffWarning,
          severity: 'warning',
          text: senderWarningText(report.message.subject, action.note),
          link: paths.to('dashboard.messages.sent'),
          linkText: 'Your sent messages',
        });
        Object.assign(after, { alertId: alert.id, note: action.note ?? null });
        break;
      }
      case 'lockSender':
        // The account action locks the account (and writes its own `lock` entry) inside this transaction.
        if (!report.sender.locked) {
          await accountAction({ ...deps, db: tx }, actor, report.sender.id, {
            action: 'lock',
          });
        }
        Object.assign(after, { status: UserStatus.Locked });
        break;
    }
    await closeMessageReports(
      tx,
      ids,
      RESOLUTION[action.action],
      actor.auth.userId,
      action.action === 'removeMessage',
    );
    await audit(
      tx,
      actor,
      AUDIT_ACTION[action.action],
      sender,
      {
        reportId: report.id,
        messageId: report.message.id,
        reason: report.reason,
        subject: report.message.subject,
      },
      after,
    );
  });
  const updated = await findMessageReport(db, id);
  if (!updated) throw notFound(MESSAGE_REPORT_MESSAGES.reportNotFound);
  const { senderEmail: _, ...report } = updated;
  return report;
}
