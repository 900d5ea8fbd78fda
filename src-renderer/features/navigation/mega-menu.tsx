import { ChevronDown } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { DROPDOWN_DELAY_MS } from '../../../shared/domain/constants.ts';
import styles from './mega-menu.module.css';
import { MENU, type MenuColumn, type MenuLink } from './menu-items.ts';
import { useMediaQuery } from './use-media-query.ts';

export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

/*
 * A disclosure menu (buttons with aria-expanded that show a panel of links), the pattern the
 * WAI-ARIA authoring practices give for site navigation: links stay links, Tab moves through them,
 * Escape closes. Written here rather than taken from a component library, because the header is
 * on every page and hydrates first: this is a few lines of state instead of a menu framework.
 */

function MenuAnchor({ link, className }: { link: MenuLink; className?: string }) {
  if (link.external) {
    return (
      <a className={className} href={link.to}>
        {link.label}
      </a>
    );
  }
  if (link.currentWhen)
    return <SearchKindLink link={link} currentWhen={link.currentWhen} className={className} />;
  return (
    <NavLink className={className} to={link.to} end>
      {link.label}
    </NavLink>
  );
}

/** A link to one kind of search: current on its path only when the page's query is of that kind. */
function SearchKindLink({
  link,
  currentWhen,
  className,
}: {
  link: MenuLink;
  currentWhen: Readonly<Record<string, string>>;
  className?: string | undefined;
}) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const current =
    pathname === new URL(link.to, 'https://ironsight.invalid').pathname &&
    Object.entries(currentWhen).every(
      ([name, value]) => query.get(name)?.toLowerCase() === value.toLowerCase(),
    );
  return (
    <Link className={className} to={link.to} aria-current={current ? 'page' : undefined}>
      {link.label}
    </Link>
  );
}

function Columns({ columns }: { columns: MenuColumn[] }) {
  return (
    <div className={styles.columns}>
      {columns.map((column) => (
        <div key={column.heading.label} className={styles.column}>
          <Link className={styles.columnHeading} to={column.heading.to}>
            {column.heading.label}
          </Link>
          <ul className={styles.columnLinks}>
            {column.links.map((link) => (
              <li key={link.label}>
                <Link className={styles.dropdownLink} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Which section is open (one at a time); closed when the page changes. */
function useOpenSection() {
  const [open, setOpen] = useState<string | null>(null);
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setOpen(null);
  }
  return [open, setOpen] as const;
}

/**
 * Large screens: a dropdown opens on hover after 300 ms (at once when another is already open, so
 * moving along the bar is quick), on click and from the keyboard; one at a time. It closes when the
 * pointer leaves the bar, on Escape (focus back on its button), on a click or focus outside.
 */
function DesktopMenu() {
  const [open, setOpen] = useOpenSection();
  const rootRef = useRef<HTMLDivElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const baseId = useId();

  const clearHover = () => clearTimeout(hoverTimer.current);
  // A pending hover must not fire after the menu is gone.
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const hoverOpen = (label: string) => {
    clearHover();
    if (open !== null) setOpen(label);
    else hoverTimer.current = setTimeout(() => setOpen(label), DROPDOWN_DELAY_MS);
  };
  const hoverClose = () => {
    clearHover();
    hoverTimer.current = setTimeout(() => setOpen(null), DROPDOWN_DELAY_MS);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || open === null) return;
    event.stopPropagation();
    const trigger = rootRef.current?.querySelector<HTMLButtonElement>(`[data-section="${CSS.escape(open)}"]`);
    setOpen(null);
    trigger?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only close the menu the buttons inside it opened
    <div
      ref={rootRef}
      className={styles.desktop}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerLeave={hoverClose}
    >
      <ul className={styles.list}>
        {MENU.map((entry, index) => {
          if (entry.kind === 'link') {
            return (
              <li key={entry.label}>
                <MenuAnchor link={entry} className={styles.topLink} />
              </li>
            );
          }
          const expanded = open === entry.label;
          const panelId = `${baseId}-${index}`;
          return (
            <li key={entry.label} className={styles.item} onPointerEnter={() => hoverOpen(entry.label)}>
              <button
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                data-state={expanded ? 'open' : 'closed'}
                data-section={entry.label}
                onClick={() => {
                  clearHover();
                  setOpen(expanded ? null : entry.label);
                }}
              >
                {entry.label}
                <ChevronDown size={14} aria-hidden="true" className={styles.chevron} />
              </button>
              {expanded ? (
                <div id={panelId} className={styles.dropdown}>
                  <Columns columns={entry.columns} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Small screens: an accordion inside the header's menu toggle, one section open at a time. */
function MobileMenu() {
  const [open, setOpen] = useOpenSection();
  const baseId = useId();
  return (
    <div className={styles.mobile}>
      {MENU.map((entry, index) => {
        if (entry.kind === 'link') {
          return (
            <div key={entry.label} className={styles.mobileRow}>
              <MenuAnchor link={entry} className={styles.topLink} />
            </div>
          );
        }
        const expanded = open === entry.label;
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={entry.label} className={styles.mobileRow}>
            <h3 className={styles.mobileHeader}>
              <button
                id={triggerId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                data-state={expanded ? 'open' : 'closed'}
                onClick={() => setOpen(expanded ? null : entry.label)}
              >
                {entry.label}
                <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={triggerId}
              className={styles.mobileContent}
              hidden={!expanded}
            >
              {expanded ? <Columns columns={entry.columns} /> : null}
            </section>
          </div>
        );
      })}
    </div>
  );
}

/** The mega menu of the header's navigation slot. */
export function MegaMenu() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  return small ? <MobileMenu /> : <DesktopMenu />;
}
