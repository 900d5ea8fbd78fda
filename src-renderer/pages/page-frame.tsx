import type { ReactNode } from 'react';
import { useDocumentHead } from '../lib/document-head.ts';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  /** The page heading (h1). */
  heading: ReactNode;
  /** Document title without the product suffix; defaults to the heading when it is text. */
  title?: string;
  /** One line on what the page is for. */
  intro?: ReactNode;
  robots?: string;
  children?: ReactNode;
}

/** The common frame of a content page: title, heading, a line of introduction, then the content. */
export function PageFrame({ heading, title, intro, robots, children }: PageFrameProps) {
  useDocumentHead({ title: title ?? (typeof heading === 'string' ? heading : ''), robots });
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{heading}</h1>
      {intro === undefined ? null : <p className={styles.intro}>{intro}</p>}
      {children === undefined ? null : <div className={styles.body}>{children}</div>}
    </div>
  );
}
