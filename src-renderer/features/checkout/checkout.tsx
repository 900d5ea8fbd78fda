import { useState } from 'react';
import type { CheckoutResponse } from '../../../shared/contract/orders.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useCart } from '../../lib/cart/cart-store.ts';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';

export type CheckoutProps = Pick<CheckoutFormProps, 'renderDealerPicker'>;

/**
 * /cart: each seller's group ships to a dealer picked in the finder (firearms) or
 * to the buyer's address; blocked items are shown with their rule and left out; the buyer states
 * their age and pays with a card the sellers accept. Nothing typed is lost when paying fails.
 */
export function Checkout(props: CheckoutProps) {
  const hydrated = useHydrated();
  const session = useSession();
  const cart = useCart();
  const [confirmation, setConfirmation] = useState<CheckoutResponse | null>(null);
  if (confirmation) return <OrderConfirmation result={confirmation} />;
  if (!hydrated || session.status === 'loading') {
    return (
      <LoadingRegion label="Loading checkout">
        <Skeleton height="8rem" />
      </LoadingRegion>
    );
  }
  if (Object.keys(cart).length === 0) {
    return (
      <section className={styles.panel} aria-labelledby="checkout-empty">
        <h2 id="checkout-empty" className={styles.panelHeading}>
          Your cart is empty
        </h2>
        <div className={styles.actions}>
          <LinkButton to={paths.home()}>Continue shopping</LinkButton>
        </div>
      </section>
    );
  }
  if (session.status !== 'signedIn') {
    return (
      <section className={styles.panel} aria-labelledby="checkout-login">
        <h2 id="checkout-login" className={styles.panelHeading}>
          Log in to check out
        </h2>
        <p>Your cart is kept while you log in or create an account.</p>
        <div className={styles.actions}>
          <Button onClick={() => void requestLogin('Log in to check out. Your cart is kept.')}>Log in</Button>
          <LinkButton to={paths.cartView()} variant="secondary">
            Back to cart
          </LinkButton>
        </div>
      </section>
    );
  }
  return <CheckoutForm {...props} onDone={setConfirmation} />;
}
