import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { FflSearchResult } from '../../../shared/contract/ffl.ts';
import {
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutBlockedSchema,
  checkoutPaymentSchema,
  type ItemBlock,
  paymentFailureText,
  type QuoteGroup,
  type SellerShipping,
  type ShippingAddress,
  shippingAddressSchema,
} from '../../../shared/contract/orders.ts';
import {
  cardDigits,
  formatCardNumber,
  formatExpirationInput,
  validateCardNumber,
} from '../../../shared/domain/card.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { ESCROW_INSPECTION_DAYS } from '../../../shared/domain/membership.ts';
import { SHIP_TO_REGIONS } from '../../../shared/domain/us-states.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { CART_QUOTE_ROOT, useCartQuote } from '../../lib/cart/cart-quote.ts';
import { cartAtom, useCart, withoutItem } from '../../lib/cart/cart-store.ts';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { Checkbox, FieldError, FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { createAttemptKeys } from './attempt-key.ts';
import { DealerDetails, type DealerPickerProps } from './dealer-details.tsx';

export interface CheckoutProps {
  /** The dealer finder in its select mode (the page supplies it: features do not import features). */
  renderDealerPicker: (props: DealerPickerProps) => ReactNode;
}

const emptyAddress = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
};
const emptyPayment = {
  billingFirstName: '',
  billingLastName: '',
  cardNumber: '',
  expiration: '',
  cvv: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
};

export interface CheckoutFormValues {
  address: typeof emptyAddress;
  ageConfirmed: boolean;
  payment: typeof emptyPayment;
  /** Pay through escrow: held until delivery and the inspection period. */
  escrow: boolean;
}

function checkoutFormSchema(needsAddress: boolean, minimumAge: number) {
  return z.object({
    address: needsAddress ? shippingAddressSchema : z.any(),
    ageConfirmed: z.boolean().refine((checked) => checked, {
      error: `Confirm that you are at least ${minimumAge} years old.`,
    }),
    payment: checkoutPaymentSchema,
    escrow: z.boolean(),
  });
}

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

function CheckoutForm({
  renderDealerPicker,
  onDone,
}: CheckoutProps & { onDone: (result: CheckoutResponse) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const cart = useCart();
  const setCart = useSetAtom(cartAtom);
  const [dealers, setDealers] = useState<Record<string, FflSearchResult>>({});
  const [committedAddress, setCommittedAddress] = useState<ShippingAddress | null>(null);
  const [blocksFromCheckout, setBlocksFromCheckout] = useState<Record<string, ItemBlock>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The seller whose firearms still need a dealer when Pay was pressed; choosing one clears it.
  const [dealerMissingFor, setDealerMissingFor] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const attemptKeys = useMemo(() => createAttemptKeys(), []);

  const quoteShipping = useMemo<SellerShipping[]>(() => [], []);
  const firstQuote = useCartQuote(cart, quoteShipping);
  const groups = firstQuote.data?.groups ?? [];
  const shipping = useMemo<SellerShipping[]>(
    () =>
      groups.flatMap((group): SellerShipping[] => {
        const dealer = dealers[group.sellerId];
        if (group.requiresDealer)
          return dealer
            ? [{ sellerId: group.sellerId, destination: { kind: 'dealer', dealerId: dealer.id } }]
            : [];
        return committedAddress
          ? [{ sellerId: group.sellerId, destination: { kind: 'address', address: committedAddress } }]
          : [];
      }),
    [groups, dealers, committedAddress],
  );
  const shippingQuote = useCartQuote(cart, shipping);
  const quote = shippingQuote.data ?? firstQuote.data;
  const needsAddress = groups.some((group) => !group.requiresDealer);
  const minimumAge = Math.max(18, quote?.minimumAge ?? 18) as 18 | 21;

  const form = useForm<CheckoutFormValues>({
    defaultValues: { address: emptyAddress, ageConfirmed: false, payment: emptyPayment, escrow: false },
    resolver: zodResolver(checkoutFormSchema(needsAddress, minimumAge)) as never,
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState, getValues, setValue } = form;
  const errors = formState.errors;

  if (firstQuote.isPending) {
    return (
      <LoadingRegion label="Checking your cart">
        <Skeleton height="8rem" />
      </LoadingRegion>
    );
  }
  if (!quote) {
    return (
      <div className={styles.stack}>
        <FormError>Your cart could not be checked right now. Please try again.</FormError>
        <div className={styles.actions}>
          <Button onClick={() => void firstQuote.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }

  const blockOf = (listingId: string): ItemBlock | null =>
    blocksFromCheckout[listingId] ??
    quote.groups.flatMap((group) => group.items).find((item) => item.listingId === listingId)?.blocked ??
    null;
  const buyableGroups = quote.groups.filter((group) =>
    group.items.some((item) => blockOf(item.listingId) === null),
  );

  const commitAddress = () => {
    const parsed = shippingAddressSchema.safeParse(cleanAddress(getValues('address')));
    const next = parsed.success ? parsed.data : null;
    if (JSON.stringify(next) !== JSON.stringify(committedAddress)) setCommittedAddress(next);
  };

  const pay = handleSubmit(async (values) => {
    if (inFlight.current) return;
    setFailure(null);
    const missingDealer = buyableGroups.find((group) => group.requiresDealer && !dealers[group.sellerId]);
    setDealerMissingFor(missingDealer?.sellerId ?? null);
    if (missingDealer) return;
    for (const group of buyableGroups) {
      const cardError = validateCardNumber(values.payment.cardNumber, group.acceptedPaymentMethods);
      if (cardError) {
        setError('payment.cardNumber', { type: 'brand', message: cardError.message }, { shouldFocus: true });
        return;
      }
    }
    const address = needsAddress ? shippingAddressSchema.parse(cleanAddress(values.address)) : null;
    const items = buyableGroups.flatMap((group) =>
      group.items
        .filter((item) => blockOf(item.listingId) === null)
        .map((item) => {
          const offerId = cart[item.listingId]?.offerId;
          return {
            listingId: item.listingId,
            quantity: item.quantity,
            price: item.priceSeen,
            ...(offerId ? { offerId } : {}),
          };
        }),
    );
    const request: Omit<CheckoutRequest, 'idempotencyKey'> = {
      items,
      shipping: buyableGroups.map((group): SellerShipping => {
        const dealer = dealers[group.sellerId];
        return group.requiresDealer && dealer
          ? { sellerId: group.sellerId, destination: { kind: 'dealer', dealerId: dealer.id } }
          : {
              sellerId: group.sellerId,
              destination: { kind: 'address', address: address as ShippingAddress },
            };
      }),
      statedMinimumAge: minimumAge,
      payment: cleanPayment(values.payment),
      escrow: values.escrow,
    };
    const idempotencyKey = attemptKeys.keyFor(request);
    inFlight.current = true;
    setPaying(true);
    try {
      const result = await api.call('ordersCheckout', { body: { ...request, idempotencyKey } });
      attemptKeys.reset();
      const bought = new Set(result.orders.flatMap((order) => order.items.map((item) => item.listingId)));
      setCart((current) => [...bought].reduce(withoutItem, current));
      void queryClient.invalidateQueries({ queryKey: [CART_QUOTE_ROOT] });
      onDone(result);
    } catch (error) {
      handleFailure(error);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  });

  function handleFailure(error: unknown) {
    if (!isApiError(error)) {
      setFailure(paymentFailureText(0, null));
      return;
    }
    if (error.status === 409) {
      const blocked = checkoutBlockedSchema.safeParse(error.body);
      if (blocked.success) {
        setBlocksFromCheckout((current) => ({
          ...current,
          ...Object.fromEntries(blocked.data.items.map((item) => [item.listingId, item])),
        }));
        void queryClient.invalidateQueries({ queryKey: [CART_QUOTE_ROOT] });
        setFailure(`${blocked.data.error.message} The items are marked below; the rest can still be bought.`);
        return;
      }
    }
    if (error.status === 400 && Object.keys(error.fields).length > 0) {
      let matched = false;
      for (const [key, message] of Object.entries(error.fields)) {
        const field = formFieldOf(key);
        if (field) {
          setError(field, { type: 'server', message });
          matched = true;
        }
      }
      if (matched) return;
    }
    setFailure(paymentFailureText(error.status, error.status === 0 ? null : (error.body ?? null)));
  }

  const dealerMissing = quote.groups.find(
    (group) => group.sellerId === dealerMissingFor && !dealers[group.sellerId],
  );

  return (
    <div className={styles.stack}>
      {quote.groups.map((group) => (
        <GroupSection
          key={group.sellerId}
          group={group}
          blockOf={blockOf}
          dealer={dealers[group.sellerId]}
          picker={renderDealerPicker({
            selectedId: dealers[group.sellerId]?.id,
            onSelect: (dealer) => setDealers((current) => ({ ...current, [group.sellerId]: dealer })),
          })}
        />
      ))}

      <form className={styles.stack} onSubmit={pay} noValidate aria-label="Checkout">
        {needsAddress ? (
          <fieldset className={styles.panel} onBlur={commitAddress}>
            <legend className={styles.panelHeading}>Ship to my address</legend>
            <p className={styles.muted}>Items that need no dealer ship here.</p>
            <div className={styles.row}>
              <TextField
                label="First name"
                error={errors.address?.firstName?.message}
                {...register('address.firstName')}
                autoComplete="shipping given-name"
              />
              <TextField
                label="Last name"
                error={errors.address?.lastName?.message}
                {...register('address.lastName')}
                autoComplete="shipping family-name"
              />
            </div>
            <TextField
              label="Address"
              error={errors.address?.address1?.message}
              {...register('address.address1')}
              autoComplete="shipping address-line1"
            />
            <TextField
              label="Address line 2"
              optional
              error={errors.address?.address2?.message}
              {...register('address.address2')}
              autoComplete="shipping address-line2"
            />
            <div className={styles.row}>
              <TextField
                label="City"
                error={errors.address?.city?.message}
                {...register('address.city')}
                autoComplete="shipping address-level2"
              />
              <StateField
                label="State"
                error={errors.address?.state?.message}
                {...register('address.state')}
                autoComplete="shipping address-level1"
              />
              <TextField
                label="ZIP code"
                error={errors.address?.zip?.message}
                {...register('address.zip')}
                autoComplete="shipping postal-code"
                inputMode="numeric"
              />
            </div>
            <TextField
              label="Phone"
              optional
              error={errors.address?.phone?.message}
              {...register('address.phone')}
              autoComplete="shipping tel"
              type="tel"
            />
          </fieldset>
        ) : null}

        <fieldset className={styles.panel}>
          <legend className={styles.panelHeading}>Payment</legend>
          <div className={styles.row}>
            <TextField
              label="First name on card"
              error={errors.payment?.billingFirstName?.message}
              {...register('payment.billingFirstName')}
              autoComplete="billing given-name"
            />
            <TextField
              label="Last name on card"
              error={errors.payment?.billingLastName?.message}
              {...register('payment.billingLastName')}
              autoComplete="billing family-name"
            />
          </div>
          <TextField
            label="Card number"
            error={errors.payment?.cardNumber?.message}
            {...register('payment.cardNumber', {
              onChange: (event) => setValue('payment.cardNumber', formatCardNumber(event.target.value)),
            })}
            autoComplete="cc-number"
            inputMode="numeric"
          />
          <div className={styles.row}>
            <TextField
              label="Expiration (MM/YY)"
              error={errors.payment?.expiration?.message}
              {...register('payment.expiration', {
                onChange: (event) =>
                  setValue('payment.expiration', formatExpirationInput(event.target.value)),
              })}
              autoComplete="cc-exp"
              inputMode="numeric"
            />
            <TextField
              label="Security code"
              error={errors.payment?.cvv?.message}
              {...register('payment.cvv')}
              autoComplete="cc-csc"
              inputMode="numeric"
            />
          </div>
          <TextField
            label="Billing address"
            error={errors.payment?.address1?.message}
            {...register('payment.address1')}
            autoComplete="billing address-line1"
          />
          <TextField
            label="Billing address line 2"
            optional
            error={errors.payment?.address2?.message}
            {...register('payment.address2')}
            autoComplete="billing address-line2"
          />
          <div className={styles.row}>
            <TextField
              label="Billing city"
              error={errors.payment?.city?.message}
              {...register('payment.city')}
              autoComplete="billing address-level2"
            />
            <StateField
              label="Billing state"
              error={errors.payment?.state?.message}
              {...register('payment.state')}
              autoComplete="billing address-level1"
            />
            <TextField
              label="Billing ZIP code"
              error={errors.payment?.zip?.message}
              {...register('payment.zip')}
              autoComplete="billing postal-code"
              inputMode="numeric"
            />
          </div>
        </fieldset>

        <section className={styles.panel} aria-labelledby="checkout-pay">
          <h2 id="checkout-pay" className={styles.panelHeading}>
            Pay
          </h2>
          <div>
            <Checkbox
              label="Pay through escrow"
              aria-describedby="checkout-escrow-help"
              {...register('escrow')}
            />
            <p id="checkout-escrow-help" className={styles.muted}>
              Ironsight holds your payment until the order is delivered and you have had{' '}
              {ESCROW_INSPECTION_DAYS} days to inspect it. Confirm receipt to release it sooner, or open a
              dispute if something is wrong.
            </p>
          </div>
          <div>
            <Checkbox
              label={`I am at least ${minimumAge} years old.`}
              aria-invalid={Boolean(errors.ageConfirmed)}
              aria-describedby={errors.ageConfirmed ? 'checkout-age-error' : undefined}
              {...register('ageConfirmed')}
            />
            <FieldError id="checkout-age-error">{errors.ageConfirmed?.message}</FieldError>
          </div>
          <dl className={styles.totals}>
            <dt>Total to pay</dt>
            <dd>{formatPrice(buyableGroups.reduce((sum, group) => sum + group.total, 0))}</dd>
          </dl>
          <FormError>
            {failure ?? (dealerMissing ? dealerMissingText(dealerMissing.sellerDisplayName) : null)}
          </FormError>
          <div className={styles.actions}>
            <Button type="submit" disabled={paying || buyableGroups.length === 0} aria-busy={paying}>
              {paying ? 'Paying…' : 'Pay'}
            </Button>
            <LinkButton to={paths.cartView()} variant="secondary">
              Back to cart
            </LinkButton>
          </div>
        </section>
      </form>
    </div>
  );
}

/** Asks for the dealer of one seller's order; a seller name that ends a sentence already takes no second period. */
export function dealerMissingText(sellerDisplayName: string): string {
  const name = sellerDisplayName.trim();
  return `Choose a licensed dealer to receive the order from ${name}${name.endsWith('.') ? '' : '.'}`;
}

/** Maps a server field key (`payment.cardNumber`, `shipping.0.destination.address.zip`) to the form's. */
function formFieldOf(key: string): FieldPath<CheckoutFormValues> | null {
  const payment = /^payment\.(\w+)$/.exec(key);
  if (payment?.[1] && payment[1] in emptyPayment)
    return `payment.${payment[1]}` as FieldPath<CheckoutFormValues>;
  const address = /^shipping\.\d+\.destination\.address\.(\w+)$/.exec(key);
  if (address?.[1] && address[1] in emptyAddress)
    return `address.${address[1]}` as FieldPath<CheckoutFormValues>;
  if (key === 'statedMinimumAge') return 'ageConfirmed';
  return null;
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function cleanAddress(address: CheckoutFormValues['address']) {
  return { ...address, address2: optional(address.address2), phone: optional(address.phone) };
}

function cleanPayment(payment: CheckoutFormValues['payment']): CheckoutRequest['payment'] {
  return {
    ...payment,
    cardNumber: cardDigits(payment.cardNumber),
    address2: optional(payment.address2),
    state: payment.state as CheckoutRequest['payment']['state'],
  };
}

function GroupSection({
  group,
  blockOf,
  dealer,
  picker,
}: {
  group: QuoteGroup;
  blockOf: (listingId: string) => ItemBlock | null;
  dealer: FflSearchResult | undefined;
  picker: ReactNode;
}) {
  const headingId = `checkout-seller-${group.sellerId}`;
  const buyable = group.items.some((item) => blockOf(item.listingId) === null);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelHeading}>
        Order from {group.sellerDisplayName}
      </h2>
      <ul className={styles.lines}>
        {group.items.map((item) => {
          const block = blockOf(item.listingId);
          return (
            <li key={item.listingId} className={styles.line}>
              {item.thumbnailPicture ? (
                <img className={styles.thumb} src={item.thumbnailPicture} alt="" />
              ) : (
                <span className={styles.thumb} />
              )}
              <div>
                <div className={styles.lineTitle}>{item.title}</div>
                <div className={styles.muted}>
                  {item.quantity} × {formatPrice(item.price ?? item.priceSeen)}
                </div>
                {block ? (
                  <div className={styles.flag} data-rule={block.rule}>
                    {block.message} This item is left out of the order.
                  </div>
                ) : null}
              </div>
              <span />
            </li>
          );
        })}
      </ul>
      <dl className={styles.totals}>
        <dt>Subtotal</dt>
        <dd>{formatPrice(group.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatPrice(group.shipping)}</dd>
        <dt>Total</dt>
        <dd>{formatPrice(group.total)}</dd>
      </dl>
      {buyable && group.requiresDealer ? (
        <div className={styles.stack}>
          <h3 className={styles.lineTitle}>Ships to a licensed dealer (FFL)</h3>
          {dealer ? (
            <div aria-live="polite">
              <p>Chosen dealer:</p>
              <DealerDetails dealer={dealer} />
            </div>
          ) : (
            <p>Choose the dealer who will receive the firearm and complete the transfer.</p>
          )}
          {picker}
        </div>
      ) : buyable ? (
        <p className={styles.muted}>Ships to your address below.</p>
      ) : null}
    </section>
  );
}

type InputProps = React.ComponentPropsWithRef<'input'> & {
  label: string;
  error?: string | undefined;
  optional?: boolean;
};

function TextField({ label, error, optional, ...input }: InputProps) {
  return (
    <FormField label={label} error={error} optional={optional}>
      {(control) => <TextInput {...control} {...input} />}
    </FormField>
  );
}

type SelectProps = React.ComponentPropsWithRef<'select'> & { label: string; error?: string | undefined };

function StateField({ label, error, ...select }: SelectProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <SelectInput {...control} {...select}>
          <option value="">Choose…</option>
          {SHIP_TO_REGIONS.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </SelectInput>
      )}
    </FormField>
  );
}

/** After paying: the orders made, one per seller, with links to follow them. */
function OrderConfirmation({ result }: { result: CheckoutResponse }) {
  return (
    <section className={styles.panel} aria-labelledby="checkout-done" role="status">
      <h2 id="checkout-done" className={styles.panelHeading}>
        Thank you, your order is placed
      </h2>
      <p>
        {result.orders.length === 1 ? 'Your order' : `Your ${result.orders.length} orders`} for a total of{' '}
        {formatPrice(result.total)}:
      </p>
      <ul className={styles.lines}>
        {result.orders.map((order) => (
          <li key={order.id}>
            <Link to={`${paths.to('dashboard.buying.orders')}?order=${order.id}`}>Order {order.number}</Link>{' '}
            from {order.seller.displayName}, {formatPrice(order.total)}
            {order.shipTo.kind === 'dealer' ? `, shipping to ${order.shipTo.dealer.businessName}` : ''}
            {order.escrowStatus ? ', paid through escrow' : ''}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <LinkButton to={paths.to('dashboard.buying.orders')}>View my orders</LinkButton>
      </div>
    </section>
  );
}
