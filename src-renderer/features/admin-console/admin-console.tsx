import { Link, useLocation } from 'react-router';
import { useDocumentHead } from '../../lib/document-head.ts';
import styles from './admin-console.module.css';
import { AdsScreen } from './ads-screen.tsx';
import { AlertsScreen } from './alerts-screen.tsx';
import { ArticlesScreen } from './articles-screen.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { BrandsScreen } from './brands-screen.tsx';
import { adminPath } from './console-parts.tsx';
import { DisputesScreen } from './disputes-screen.tsx';
import { FirearmReferenceScreen } from './firearm-reference-screen.tsx';
import { MailOutboxScreen } from './mail-outbox-screen.tsx';
import { ModerationScreen } from './moderation-screen.tsx';
import { ShortLinksScreen } from './short-links-screen.tsx';
import { UserDetailScreen } from './user-detail-screen.tsx';
import { UserSearchScreen } from './user-search-screen.tsx';

/** The console's screens under /admin, by their first path segment. */
const SCREENS = [
  { segment: '', label: 'Users' },
  { segment: 'moderation', label: 'Moderation' },
  { segment: 'disputes', label: 'Disputes' },
  { segment: 'alerts', label: 'Alerts' },
  { segment: 'shortlinks', label: 'Short links' },
  { segment: 'brands', label: 'Brands' },
  { segment: 'firearms', label: 'Firearms' },
  { segment: 'articles', label: 'Articles' },
  { segment: 'ads', label: 'Ads' },
  { segment: 'audit', label: 'Audit log' },
  { segment: 'mail', label: 'Mail outbox' },
] as const;

/** The part of the path after /admin, split in segments. */
function consoleSegments(pathname: string): string[] {
  return pathname
    .replace(/^\/admin\/?/i, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
}

function Screen({ segments }: { segments: string[] }) {
  const [first = '', second] = segments;
  switch (first) {
    case '':
      return <UserSearchScreen />;
    case 'users':
      return second ? <UserDetailScreen id={second} /> : <UserSearchScreen />;
    case 'moderation':
      return <ModerationScreen />;
    case 'disputes':
      return <DisputesScreen />;
    case 'alerts':
      return <AlertsScreen />;
    case 'shortlinks':
      return <ShortLinksScreen />;
    case 'brands':
      return <BrandsScreen />;
    case 'firearms':
      return <FirearmReferenceScreen tab={second === 'calibers' ? 'calibers' : 'manufacturers'} />;
    case 'articles':
      return <ArticlesScreen />;
    case 'ads':
      return <AdsScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'mail':
      return <MailOutboxScreen />;
    default:
      return <p className={styles.empty}>There is no such console screen. Choose one above.</p>;
  }
}

/**
 * The admin console: staff tools for users, moderation, escrow disputes, site notices, content, the
 * firearms reference, the audit log and mail.
 */
export default function AdminConsole() {
  const { pathname } = useLocation();
  const segments = consoleSegments(pathname);
  const current = segments[0] === 'users' ? '' : (segments[0] ?? '');
  const screen = SCREENS.find((entry) => entry.segment === current);
  useDocumentHead({ title: `Admin · ${screen?.label ?? 'Console'}`, robots: 'noindex, nofollow' });

  return (
    <div className={styles.console}>
      <h1 className={styles.heading}>Administration</h1>
      <nav aria-label="Admin console" className={styles.nav}>
        {SCREENS.map((entry) => (
          <Link
            key={entry.segment}
            to={adminPath(entry.segment)}
            className={styles.navLink}
            aria-current={entry.segment === current ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <Screen segments={segments} />
    </div>
  );
}
