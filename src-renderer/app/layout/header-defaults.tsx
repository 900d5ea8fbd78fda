import { LogIn, ShoppingCart } from 'lucide-react';
import { useLocation } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import { IconLink } from '../../ui/icon-button.tsx';
import styles from './header.module.css';

/*
 * The header's signed-out controls. The favorites, cart and auth features replace them with
 * their own (side sheet, count badges, account menu) through the header slots.
 */

export function CartLink() {
  return <IconLink to={paths.cartView()} label="Cart" icon={<ShoppingCart size={22} />} />;
}

/** The Login button, returning to the page the visitor was on. */
export function LoginLink() {
  const { pathname, search } = useLocation();
  const onAuthPage = /^\/(login|register|forgot-password|password-expired)\/?$/i.test(pathname);
  const returnUrl = onAuthPage || pathname === '/' ? undefined : `${pathname}${search}`;
  return (
    <LinkButton to={paths.login(returnUrl)} variant="inverse" size="sm">
      <LogIn size={16} aria-hidden="true" />
      <span className={styles.collapsibleLabel}>Login</span>
    </LinkButton>
  );
}
