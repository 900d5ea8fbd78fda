import { Mail } from 'lucide-react';
import { formatUnreadBadge } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { IconLink } from '../../ui/icon-button.tsx';
import { useUnreadCount } from './unread-count.ts';
import styles from './unread-messages-link.module.css';

/** The header's messages button: only when signed in with unread messages; links to the inbox; 99+ at most. */
export function UnreadMessagesLink() {
  const count = useUnreadCount();
  const badge = formatUnreadBadge(count);
  if (badge === null) return null;
  return (
    <IconLink
      to={paths.inbox()}
      label={`Messages, ${badge} unread`}
      icon={<Mail size={22} />}
      badge={<UnreadBadge text={badge} />}
    />
  );
}

function UnreadBadge({ text }: { text: string }) {
  return (
    <span aria-hidden="true" className={styles.badge}>
      {text}
    </span>
  );
}
