import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Class names for anything that should look like a button (also used by menu triggers and links). */
export function buttonClassName(
  { variant = 'primary', size = 'md', fullWidth = false }: ButtonLook,
  className?: string,
): string {
  return [
    styles.button,
    styles[variant],
    size === 'md' ? undefined : styles[size],
    fullWidth ? styles.fullWidth : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonLook;

export function Button({ variant, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, fullWidth }, className)} {...rest} />
  );
}

export type LinkButtonProps = LinkProps & ButtonLook;

/** An in-app link that looks like a button. */
export function LinkButton({ variant, size, fullWidth, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...rest} />;
}

export type ExternalLinkButtonProps = ComponentPropsWithRef<'a'> &
  ButtonLook & { href: string; newTab?: boolean };

/** A link that leaves the app (digest, help site) and looks like a button. */
export function ExternalLinkButton({
  variant,
  size,
  fullWidth,
  className,
  newTab = false,
  ...rest
}: ExternalLinkButtonProps) {
  return (
    <a
      className={buttonClassName({ variant, size, fullWidth }, className)}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    />
  );
}
