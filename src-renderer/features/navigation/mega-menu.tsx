import { ChevronDown } from 'lucide-react';
import { Accordion, NavigationMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { DROPDOWN_DELAY_MS } from '../../../shared/domain/constants.ts';
import styles from './mega-menu.module.css';
import { MENU, type MenuColumn, type MenuLink } from './menu-items.ts';
import { useMediaQuery } from './use-media-query.ts';

export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

function MenuAnchor({ link, className }: { link: MenuLink; className?: string }) {
  return link.external ? (
    <a className={className} href={link.to}>
      {link.label}
    </a>
  ) : (
    <NavLink className={className} to={link.to} end>
      {link.label}
    </NavLink>
  );
}

function Columns({ columns, asMenuLinks }: { columns: MenuColumn[]; asMenuLinks: boolean }) {
  const wrap = (node: ReactNode, key: string) =>
    asMenuLinks ? (
      <NavigationMenu.Link key={key} asChild>
        {node}
      </NavigationMenu.Link>
    ) : (
      node
    );
  return (
    <div className={styles.columns}>
      {columns.map((column) => (
        <div key={column.heading.label} className={styles.column}>
          {wrap(
            <Link className={styles.columnHeading} to={column.heading.to}>
              {column.heading.label}
            </Link>,
            column.heading.label,
          )}
          <ul className={styles.columnLinks}>
            {column.links.map((link) => (
              <li key={link.label}>
                {wrap(
                  <Link className={styles.dropdownLink} to={link.to}>
                    {link.label}
                  </Link>,
                  link.label,
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Large screens: dropdowns open on hover after 300 ms, one at a time, and close when the pointer leaves. */
function DesktopMenu() {
  return (
    <NavigationMenu.Root asChild delayDuration={DROPDOWN_DELAY_MS} skipDelayDuration={DROPDOWN_DELAY_MS}>
      <div className={styles.desktop}>
        <NavigationMenu.List className={styles.list}>
          {MENU.map((entry) =>
            entry.kind === 'link' ? (
              <NavigationMenu.Item key={entry.label}>
                <NavigationMenu.Link asChild>
                  <MenuAnchor link={entry} className={styles.topLink} />
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            ) : (
              <NavigationMenu.Item key={entry.label} className={styles.item}>
                <NavigationMenu.Trigger className={styles.trigger}>
                  {entry.label}
                  <ChevronDown size={14} aria-hidden="true" className={styles.chevron} />
                </NavigationMenu.Trigger>
                <NavigationMenu.Content className={styles.dropdown}>
                  <Columns columns={entry.columns} asMenuLinks />
                </NavigationMenu.Content>
              </NavigationMenu.Item>
            ),
          )}
        </NavigationMenu.List>
      </div>
    </NavigationMenu.Root>
  );
}

/** Small screens: an accordion inside the header's menu toggle, one section open at a time. */
function MobileMenu() {
  return (
    <Accordion.Root type="single" collapsible className={styles.mobile}>
      {MENU.map((entry) =>
        entry.kind === 'link' ? (
          <div key={entry.label} className={styles.mobileRow}>
            <MenuAnchor link={entry} className={styles.topLink} />
          </div>
        ) : (
          <Accordion.Item key={entry.label} value={entry.label} className={styles.mobileRow}>
            <Accordion.Header className={styles.mobileHeader}>
              <Accordion.Trigger className={styles.trigger}>
                {entry.label}
                <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className={styles.mobileContent}>
              <Columns columns={entry.columns} asMenuLinks={false} />
            </Accordion.Content>
          </Accordion.Item>
        ),
      )}
    </Accordion.Root>
  );
}

/** The mega menu of the header's navigation slot (spec §2). */
export function MegaMenu() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  return small ? <MobileMenu /> : <DesktopMenu />;
}
