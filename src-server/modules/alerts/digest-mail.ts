import { USER_ALERT_TITLES } from '../../../shared/domain/alerts.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { NewUserAlert } from '../../core/user-alerts.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface DigestFacts {
  email: string;
  firstName: string;
  alerts: readonly NewUserAlert[];
}

/** A path of this site as a full address for an e-mail; an https address stays as it is. */
const absolute = (origin: string, link: string) => (link.startsWith('/') ? `${origin}${link}` : link);

/**
 * The one e-mail of a run for one user: every new alert with its link, where to change the
 * settings, and the unsubscribe link (also as List-Unsubscribe, so mail clients offer it).
 */
export function digestMessage(
  digest: DigestFacts,
  publicOrigin: string,
  unsubscribeUrl: string,
): MailMessage {
  const count = digest.alerts.length;
  const lines = digest.alerts.flatMap((alert) => [
    `${USER_ALERT_TITLES[alert.kind]}: ${alert.text}`,
    ...(alert.link ? [`  ${absolute(publicOrigin, alert.link)}`] : []),
    '',
  ]);
  return {
    to: digest.email,
    subject: `Your Ironsight alerts: ${count} ${count === 1 ? 'update' : 'updates'}`,
    text: [
      `Hi ${digest.firstName},`,
      '',
      'Here is what is new since your last alert:',
      '',
      ...lines,
      `Choose what you hear about under Buyer Tools: ${publicOrigin}${paths.to('dashboard.buying.tools')}`,
      `Stop these e-mails: ${unsubscribeUrl}`,
      '',
      '— Ironsight',
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
