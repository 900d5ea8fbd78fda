import { ChevronDown, CircleUser, ExternalLink, LogOut, Settings } from 'lucide-react';
import { Collapsible, Popover } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HELP_URL } from '../../../shared/routes/external.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { SessionUser } from '../../lib/session/session.ts';
import { useSignOut } from '../../lib/session/session.ts';
import { LinkButton } from '../../ui/button.tsx';
import { accountMenuGroups, listItemTarget } from './account-links.ts';
import styles from './account-menu.module.css';

export interface AccountMenuProps {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'initials' | 'email' | 'isSeller'>;
}

/**
 * The header's account menu: greeting with first and last name, the email, List an Item,
 * collapsible Buying / Selling / Messages / Billing groups, Account Settings, Help in a new tab
 * and Log Out. It closes when the mouse leaves it; on small screens the avatar shows initials.
 */
export function AccountMenu({ user }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const close = () => setOpen(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.trigger} aria-label={`Account menu for ${fullName}`}>
        {/* The initials are drawn, not written: the button's name is its label, and no text in it differs. */}
        <span className={styles.avatar} data-initials={user.initials} aria-hidden="true" />
        <CircleUser className={styles.icon} size={22} aria-hidden="true" />
        <span className={styles.name} aria-hidden="true">
          {user.firstName}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.content}
          align="end"
          sideOffset={8}
          aria-label="Account"
          onMouseLeave={close}
        >
          <p className={styles.greeting}>Hi, {fullName}</p>
          <p className={styles.email}>{user.email}</p>
          <LinkButton
            to={listItemTarget(user.isSeller)}
            size="sm"
            fullWidth
            className={styles.listItem}
            onClick={close}
          >
            List an Item
          </LinkButton>
          <nav aria-label="Account" className={styles.list}>
            {accountMenuGroups(user.isSeller).map((entry) =>
              entry.kind === 'link' ? (
                <Link key={entry.heading} to={entry.to} className={styles.item} onClick={close}>
                  {entry.heading}
                </Link>
              ) : (
                <Collapsible.Root key={entry.group.heading}>
                  <Collapsible.Trigger className={styles.groupTrigger}>
                    {entry.group.heading}
                    <ChevronDown className={styles.chevron} size={16} aria-hidden="true" />
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <ul className={styles.subList}>
                      {entry.group.links.map((link) => (
                        <li key={link.to}>
                          <Link to={link.to} className={styles.subItem} onClick={close}>
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              ),
            )}
            <div className={styles.separator} role="presentation" />
            <Link to={paths.accountSettings()} className={styles.item} onClick={close}>
              Account Settings
              <Settings size={16} aria-hidden="true" />
            </Link>
            <a
              href={HELP_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.item}
              onClick={close}
            >
              Help
              <ExternalLink size={16} aria-hidden="true" />
            </a>
            <button
              type="button"
              className={styles.item}
              onClick={async () => {
                close();
                await signOut();
                await navigate(paths.login());
              }}
            >
              Log Out
              <LogOut size={16} aria-hidden="true" />
            </button>
          </nav>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
