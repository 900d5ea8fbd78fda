import type { ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  /** Room for two fields side by side (registration, account settings). */
  wide?: boolean;
  children: ReactNode;
}

/** A bordered panel that holds one form or message on a page. */
export function Card({ wide = false, children }: CardProps) {
  return <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>{children}</div>;
}
