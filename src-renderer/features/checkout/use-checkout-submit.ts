import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutBlockedSchema,
  type ItemBlock,
  paymentFailureText,
  type QuoteResponse,
  type SellerShipping,
  type ShippingAddress,
  shippingAddressSchema,
} from '../../../shared/contract/orders.ts';
import { validateCardNumber } from '../../../shared/domain/card.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { CART_QUOTE_ROOT } from '../../lib/cart/cart-quote.ts';
import { cartAtom, useCart, withoutItem } from '../../lib/cart/cart-store.ts';
import { createAttemptKeys } from './attempt-key.ts';
import { type CheckoutFormValues, cleanAddress, cleanPayment, formFieldOf } from './checkout-values.ts';
import type { ChosenDealers } from './use-checkout-quote.ts';

export interface CheckoutSubmitOptions {
  form: UseFormReturn<CheckoutFormValues>;
  /** Undefined until the cart is first quoted; nothing can be paid before. */
  quote: QuoteResponse | undefined;
  dealers: ChosenDealers;
  needsAddress: boolean;
  minimumAge: 18 | 21;
  onDone: (result: CheckoutResponse) => void;
}

/**
 * Paying: the items still buyable are sent once (a repeated attempt carries the same key, so no
 * second charge); a refusal is shown on its fields or above the button, and items the server
 * found sold meanwhile are marked and left out. Nothing typed is reset.
 */
export function useCheckoutSubmit({
  form,
  quote,
  dealers,
  needsAddress,
  minimumAge,
  onDone,
}: CheckoutSubmitOptions) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const cart = useCart();
  const setCart = useSetAtom(cartAtom);
  const [blocksFromCheckout, setBlocksFromCheckout] = useState<Record<string, ItemBlock>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The seller whose firearms still need a dealer when Pay was pressed; choosing one clears it.
  const [dealerMissingFor, setDealerMissingFor] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const attemptKeys = useMemo(() => createAttemptKeys(), []);

  const groups = quote?.groups ?? [];
  const blockOf = (listingId: string): ItemBlock | null =>
    blocksFromCheckout[listingId] ??
    groups.flatMap((group) => group.items).find((item) => item.listingId === listingId)?.blocked ??
    null;
  const buyableGroups = groups.filter((group) =>
    group.items.some((item) => blockOf(item.listingId) === null),
  );

  const pay = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    setFailure(null);
    const missingDealer = buyableGroups.find((group) => group.requiresDealer && !dealers[group.sellerId]);
    setDealerMissingFor(missingDealer?.sellerId ?? null);
    if (missingDealer) return;
    for (const group of buyableGroups) {
      const cardError = validateCardNumber(values.payment.cardNumber, group.acceptedPaymentMethods);
      if (cardError) {
        form.setError(
          'payment.cardNumber',
          { type: 'brand', message: cardError.message },
          { shouldFocus: true },
        );
        return;
      }
    }
    const request = checkoutRequest(values);
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

  function checkoutRequest(values: CheckoutFormValues): Omit<CheckoutRequest, 'idempotencyKey'> {
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
    return {
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
  }

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
          form.setError(field, { type: 'server', message });
          matched = true;
        }
      }
      if (matched) return;
    }
    setFailure(paymentFailureText(error.status, error.status === 0 ? null : (error.body ?? null)));
  }

  return {
    pay,
    paying,
    /** Why the last attempt was refused, as a sentence above the Pay button. */
    failure,
    blockOf,
    buyableGroups,
    /** The group whose dealer was missing when Pay was pressed, until one is chosen. */
    dealerMissing: groups.find((group) => group.sellerId === dealerMissingFor && !dealers[group.sellerId]),
  };
}
