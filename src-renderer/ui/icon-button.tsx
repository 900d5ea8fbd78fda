import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { formatUnreadBadge } from '../../shared/domain/listing-card.ts';
import styles from './icon-button.module.css';
import { VisuallyHidden } from './visually-hidden.tsx';

interface IconControlLook {
  /** Accessible name, e.g. "Favorites" or "Cart, 2 items". */
  label: string;
  icon: ReactNode;
  /** A small count or mark on the icon (cart count, unread count, favorites dot). */
  badge?: ReactNode;
  /** For light surfaces; the default suits the ink header. */
  tone?: 'ink' | 'light';
}

function className(tone: IconControlLook['tone'], extra?: string): string {
  return [styles.iconButton, tone === 'light' ? styles.light : undefined, extra].filter(Boolean).join(' ');
}

function Content({ label, icon, badge }: Pick<IconControlLook, 'label' | 'icon' | 'badge'>) {
  return (
    <>
      <span aria-hidden="true">{icon}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
      {badge}
    </>
  );
}

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'> & IconControlLook;

export function IconButton({
  label,
  icon,
  badge,
  tone,
  className: extra,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button type={type} className={className(tone, extra)} title={label} {...rest}>
      <Content label={label} icon={icon} badge={badge} />
    </button>
  );
}

export type IconLinkProps = Omit<LinkProps, 'children'> & IconControlLook;

export function IconLink({ label, icon, badge, tone, className: extra, ...rest }: IconLinkProps) {
  return (
    <Link className={className(tone, extra)} title={label} {...rest}>
      <Content label={label} icon={icon} badge={badge} />
    </Link>
  );
}

/** A count on an icon; presentational only, so the control's label must carry the number too. */
export function CountBadge({ count }: { count: number }) {
  const text = formatUnreadBadge(count);
  if (text === null) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {text}
    </span>
  );
}

/** A dot meaning "there is something here" (e.g. at least one favorite). */
export function DotBadge() {
  return <span className={styles.dot} aria-hidden="true" />;
}
