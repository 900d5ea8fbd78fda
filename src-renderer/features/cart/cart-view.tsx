import { useSetAtom } from 'jotai';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Cart, CartItem } from '../../../shared/contract/cart.ts';
import type { QuoteGroup, QuoteItem } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useCartQuote } from '../../lib/cart/cart-quote.ts';
import { cartAtom, shoppingUrl, useCart, withoutItem, withQuantity } from '../../lib/cart/cart-store.ts';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { OrderTotals } from '../../ui/order-totals.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/**
 * /cart/view: the cart grouped by seller (each group becomes one order), with quantity
 * steppers, removal, the totals of the quote, and each item that cannot be bought as it stands
 * (sold out, closed, price changed, a state rule) flagged with its new state.
 */
export function CartView() {
  const hydrated = useHydrated();
  const session = useSession();
  const cart = useCart();
  if (!hydrated || session.status === 'loading') {
    return (
      <LoadingRegion label="Loading your cart">
        <Skeleton height="6rem" />
      </LoadingRegion>
    );
  }
  if (Object.keys(cart).length === 0) return <EmptyCart />;
  return session.status === 'signedIn' ? <QuotedCart cart={cart} /> : <SignedOutCart cart={cart} />;
}

function EmptyCart() {
  return (
    <section className={styles.panel} aria-labelledby="cart-empty">
      <h2 id="cart-empty" className={styles.panelHeading}>
        Your cart is empty
      </h2>
      <p>Find a listing and press Buy now to add it here.</p>
      <div className={styles.actions}>
        <LinkButton to={shoppingUrl()}>Continue shopping</LinkButton>
      </div>
    </section>
  );
}

/** A visitor's cart: kept in the browser; checking out asks them to log in first. */
function SignedOutCart({ cart }: { cart: Cart }) {
  const lines = Object.values(cart);
  const subtotal = lines.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="cart-lines">
        <h2 id="cart-lines" className={styles.panelHeading}>
          Items
        </h2>
        <ul className={styles.lines}>
          {lines.map((item) => (
            <CartLine key={item.id} item={item} />
          ))}
        </ul>
        <dl className={styles.totals}>
          <dt>Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </dl>
      </section>
      <div className={styles.actions}>
        <Button onClick={() => void requestLogin('Log in to check out. Your cart is kept.')}>
          Log in to check out
        </Button>
        <LinkButton to={shoppingUrl()} variant="secondary">
          Continue shopping
        </LinkButton>
      </div>
    </div>
  );
}

function QuotedCart({ cart }: { cart: Cart }) {
  const quote = useCartQuote(cart);
  const user = useCurrentUser();
  const setCart = useSetAtom(cartAtom);
  // Quantities never exceed the stock: a line above it is brought down to what is left.
  const over = (quote.data?.groups ?? [])
    .flatMap((group) => group.items)
    .filter((item) => item.available > 0 && (cart[item.listingId]?.quantity ?? 0) > item.available);
  useEffect(() => {
    if (over.length === 0) return;
    setCart((current) =>
      over.reduce((next, item) => withQuantity(next, item.listingId, item.available), current),
    );
  });
  if (quote.isPending) {
    return (
      <LoadingRegion label="Checking your cart">
        <Skeleton height="8rem" />
      </LoadingRegion>
    );
  }
  if (quote.isError || !quote.data) {
    return (
      <div className={styles.stack}>
        <FormError>Your cart could not be checked right now. Please try again.</FormError>
        <div className={styles.actions}>
          <Button onClick={() => void quote.refetch()}>Try again</Button>
        </div>
        <ul className={styles.lines}>
          {Object.values(cart).map((item) => (
            <CartLine key={item.id} item={item} />
          ))}
        </ul>
      </div>
    );
  }
  const { groups, total } = quote.data;
  const buyable = groups.some((group) => group.items.some((item) => item.blocked === null));
  return (
    <div className={styles.stack}>
      {groups.map((group) => (
        <SellerGroup key={group.sellerId} group={group} cart={cart} />
      ))}
      <section className={styles.panel} aria-labelledby="cart-total">
        <h2 id="cart-total" className={styles.panelHeading}>
          Order total
        </h2>
        <dl className={styles.totals}>
          <dt>Total</dt>
          <dd>{formatPrice(total)}</dd>
        </dl>
        {buyable ? null : <p>None of the items can be bought as they stand; see the notes beside them.</p>}
        <div className={styles.actions}>
          {buyable && user ? (
            <LinkButton to={paths.cart()}>Proceed to checkout</LinkButton>
          ) : (
            <Button disabled>Proceed to checkout</Button>
          )}
          <LinkButton to={shoppingUrl()} variant="secondary">
            Continue shopping
          </LinkButton>
        </div>
      </section>
    </div>
  );
}

function SellerGroup({ group, cart }: { group: QuoteGroup; cart: Cart }) {
  const headingId = `seller-${group.sellerId}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelHeading}>
        Sold by {group.sellerDisplayName}
      </h2>
      {group.requiresDealer ? (
        <p className={styles.muted}>
          Firearms in this order ship to a licensed dealer (FFL) you choose at checkout.
        </p>
      ) : null}
      <ul className={styles.lines}>
        {group.items.map((quoted) => {
          const item = cart[quoted.listingId];
          return item ? <CartLine key={quoted.listingId} item={item} quoted={quoted} /> : null;
        })}
      </ul>
      <OrderTotals amounts={group} />
    </section>
  );
}

/** One cart line: picture, title, price, the quantity stepper, removal and its flag. */
export function CartLine({ item, quoted }: { item: CartItem; quoted?: QuoteItem }) {
  const setCart = useSetAtom(cartAtom);
  const max = quoted ? Math.max(quoted.available, 1) : undefined;
  const flagId = `cart-flag-${item.id}`;
  const block = quoted?.blocked ?? null;
  const newPrice = quoted?.price ?? null;
  return (
    <li className={styles.line}>
      {item.imageUrl ? (
        <img className={styles.thumb} src={item.imageUrl} alt="" />
      ) : (
        <span className={styles.thumb} />
      )}
      <div>
        <Link className={styles.lineTitle} to={item.productUrl}>
          {item.title}
        </Link>
        <div className={styles.muted}>
          {formatPrice(item.price)} each
          {item.offerId ? ', your accepted offer' : ''}
          {quoted && quoted.shippingCost > 0 ? `, shipping ${formatPrice(quoted.shippingCost)}` : ''}
        </div>
        {block ? (
          <div id={flagId} className={styles.flag} data-rule={block.rule}>
            {block.message}
            {block.rule === 'priceChanged' && newPrice !== null ? (
              <>
                {' '}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setCart((current) =>
                      current[item.id] ? { ...current, [item.id]: { ...item, price: newPrice } } : current,
                    )
                  }
                >
                  Accept the new price of {formatPrice(newPrice)}
                </Button>
              </>
            ) : null}
            {(block.rule === 'insufficientStock' || block.rule === 'outOfStock') &&
            quoted &&
            quoted.available > 0 ? (
              <>
                {' '}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setCart((current) => withQuantity(current, item.id, quoted.available))}
                >
                  Change to {quoted.available}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className={styles.actions}>
        <fieldset className={styles.stepper} aria-label={`Quantity of ${item.title}`}>
          <IconButton
            tone="light"
            label={`One fewer ${item.title}`}
            icon={<Minus size={16} />}
            disabled={item.quantity <= 1 || Boolean(item.offerId)}
            onClick={() => setCart((current) => withQuantity(current, item.id, item.quantity - 1, max))}
          />
          <output className={styles.quantity} aria-live="polite" aria-label={`Quantity: ${item.quantity}`}>
            {item.quantity}
          </output>
          <IconButton
            tone="light"
            label={`One more ${item.title}`}
            icon={<Plus size={16} />}
            disabled={(max !== undefined && item.quantity >= max) || Boolean(item.offerId)}
            onClick={() => setCart((current) => withQuantity(current, item.id, item.quantity + 1, max))}
          />
        </fieldset>
        <IconButton
          tone="light"
          label={`Remove ${item.title}`}
          icon={<Trash2 size={16} />}
          onClick={() => setCart((current) => withoutItem(current, item.id))}
        />
      </div>
    </li>
  );
}
