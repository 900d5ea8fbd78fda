import type { CSSProperties, ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden.tsx';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Round ends, for avatars and pills. */
  round?: boolean;
  className?: string;
}

/** A placeholder block sized like the content it stands for; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1em', round = false, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={className ? `skeleton ${className}` : 'skeleton'}
      style={{ width, height, ...(round ? { borderRadius: 'var(--radius-pill)' } : {}) }}
    />
  );
}

export interface LoadingRegionProps {
  /** What is loading, announced to screen readers, e.g. "Loading page". */
  label: string;
  children: ReactNode;
  className?: string;
}

/** Wraps skeletons: announces the loading state once and marks the region busy. */
export function LoadingRegion({ label, children, className }: LoadingRegionProps) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </div>
  );
}
