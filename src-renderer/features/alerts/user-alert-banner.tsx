import { Info, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Alert } from '../../../shared/contract/users.ts';
import { alertMessageParts } from '../../../shared/domain/alerts.ts';
import { DISMISS_DURATION_MS } from '../../../shared/domain/constants.ts';
import { alertLinkTarget } from '../../../shared/routes/alert-link.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAlertFold } from './alert-fold.tsx';
import { alertSourceForPath } from './alert-location.ts';
import { formatAlertTime } from './alert-time.ts';
import { usePublicAlerts } from './api/use-public-alerts.ts';
import { useUserAlerts } from './api/use-user-alerts.ts';
import { readDismissedAlerts, rememberDismissedAlert } from './dismissed-alerts.ts';
import styles from './user-alert-banner.module.css';

function useAlerts(): { alerts: Alert[]; own: boolean } {
  const { pathname } = useLocation();
  const session = useSession();
  const source = alertSourceForPath(pathname);
  const signedIn = session.status === 'signedIn';
  const userAlerts = useUserAlerts(signedIn ? session.user.id : null, source?.kind === 'user' && signedIn);
  const publicAlerts = usePublicAlerts(source?.kind === 'public' ? source.location : null);
  if (source === null || (source.kind === 'user' && !signedIn)) return { alerts: [], own: false };
  if (source.kind === 'user') return { alerts: userAlerts ?? [], own: true };
  return { alerts: publicAlerts ?? [], own: false };
}

/**
 * An alert's text with the times it names written in the reader's time zone; the user's own alerts
 * (rendered in the browser only) also say when they came and how many updates they gather.
 */
export function AlertMessage({ alert, own }: { alert: Alert; own: boolean }) {
  return (
    <>
      {alertMessageParts(alert.message, alert.times).map((part, index) =>
        'time' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <time key={index} dateTime={part.time}>
            {formatAlertTime(part.time)}
          </time>
        ) : (
          part.text
        ),
      )}
      {own ? (
        <span className={styles.meta}>
          {' '}
          {alert.updates > 1 ? `${alert.updates} updates, latest ` : ''}
          <time dateTime={alert.startsAt}>{formatAlertTime(alert.startsAt)}</time>
        </span>
      ) : null}
    </>
  );
}

/** Dismissible messages under the header, chosen by the page's path; a dismissal is remembered. */
export function UserAlertBanner() {
  const { alerts, own } = useAlerts();
  const [dismissed, setDismissed] = useState(() => readDismissedAlerts());
  const [dismissing, setDismissing] = useState<ReadonlySet<string>>(new Set());
  // Dismissals are kept in this browser only: a server-rendered page shows them until it is hydrated.
  const hydrated = useHydrated();
  const visible = alerts.filter((alert) => !(hydrated && dismissed.has(alert.id)));
  // The dashboard's own alerts fold into one line on small screens.
  const fold = useAlertFold(visible, alertSourceForPath(useLocation().pathname)?.kind === 'user');
  if (visible.length === 0) return null;

  const dismiss = (id: string) => {
    setDismissing((ids) => new Set(ids).add(id));
    rememberDismissedAlert(id);
    window.setTimeout(() => {
      setDismissed((ids) => new Set(ids).add(id));
    }, DISMISS_DURATION_MS);
  };

  return (
    <section className={`${styles.banner} ${fold.className}`} aria-label="Announcements">
      {fold.toggle}
      <ul className={styles.list} id={fold.listId}>
        {visible.map((alert) => (
          <li
            key={alert.id}
            className={styles.alert}
            data-severity={alert.severity}
            data-dismissing={dismissing.has(alert.id)}
          >
            {alert.severity === 'info' ? (
              <Info className={styles.icon} size={18} aria-hidden="true" />
            ) : (
              <TriangleAlert className={styles.icon} size={18} aria-hidden="true" />
            )}
            <div className={styles.text}>
              {alert.title ? <span className={styles.title}>{alert.title}: </span> : null}
              <AlertMessage alert={alert} own={own} />
              {alert.linkUrl ? <AlertLink url={alert.linkUrl} text={alert.linkText ?? 'Learn more'} /> : null}
            </div>
            {alert.dismissible ? (
              <button
                type="button"
                className={styles.dismiss}
                aria-label={`Dismiss ${alert.title ?? 'announcement'}`}
                onClick={() => dismiss(alert.id)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A path of the site goes through the router; an https address opens in a new tab without access to
 * this page (noopener). Any other link breaks the alert link rule and is not shown.
 */
function AlertLink({ url, text }: { url: string; text: string }) {
  const target = alertLinkTarget(url);
  if (target === null) return null;
  if (target.kind === 'path') {
    return (
      <Link to={target.path} className={styles.link}>
        {text}
      </Link>
    );
  }
  return (
    <a href={target.href} className={styles.link} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
