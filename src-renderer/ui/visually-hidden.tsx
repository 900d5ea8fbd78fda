import type { ComponentPropsWithRef } from 'react';

/** Text read by screen readers but not shown, e.g. the label of an icon button. */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithRef<'span'>) {
  return <span className={className ? `visually-hidden ${className}` : 'visually-hidden'} {...rest} />;
}
