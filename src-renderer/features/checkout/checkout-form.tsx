import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { CheckoutResponse } from '../../../shared/contract/orders.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { type CheckoutFormValues, checkoutFormSchema, emptyCheckoutForm } from './checkout-values.ts';
import type { DealerPickerProps } from './dealer-details.tsx';
import { dealerMissingText, PaySection } from './pay-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { SellerGroupSection } from './seller-group-section.tsx';
import { ShippingAddressSection } from './shipping-address-section.tsx';
import { useCheckoutQuote } from './use-checkout-quote.ts';
import { useCheckoutSubmit } from './use-checkout-submit.ts';

export interface CheckoutFormProps {
  /** The dealer finder in its select mode (the page supplies it: features do not import features). */
  renderDealerPicker: (props: DealerPickerProps) => ReactNode;
  onDone: (result: CheckoutResponse) => void;
}

/** A signed-in buyer's checkout: each seller's order and where it ships, the address, the card, Pay. */
export function CheckoutForm({ renderDealerPicker, onDone }: CheckoutFormProps) {
  const { firstQuote, quote, needsAddress, minimumAge, dealers, chooseDealer, commitAddress } =
    useCheckoutQuote();
  const form = useForm<CheckoutFormValues>({
    defaultValues: emptyCheckoutForm,
    resolver: zodResolver(checkoutFormSchema(needsAddress, minimumAge)) as never,
    mode: 'onTouched',
  });
  const { pay, paying, failure, blockOf, buyableGroups, dealerMissing } = useCheckoutSubmit({
    form,
    quote,
    dealers,
    needsAddress,
    minimumAge,
    onDone,
  });

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

  return (
    <div className={styles.stack}>
      {quote.groups.map((group) => (
        <SellerGroupSection
          key={group.sellerId}
          group={group}
          blockOf={blockOf}
          dealer={dealers[group.sellerId]}
          picker={renderDealerPicker({
            selectedId: dealers[group.sellerId]?.id,
            onSelect: (dealer) => chooseDealer(group.sellerId, dealer),
          })}
        />
      ))}

      <FormProvider {...form}>
        <form className={styles.stack} onSubmit={pay} noValidate aria-label="Checkout">
          {needsAddress ? (
            <ShippingAddressSection onBlur={() => commitAddress(form.getValues('address'))} />
          ) : null}
          <PaymentSection />
          <PaySection
            minimumAge={minimumAge}
            total={buyableGroups.reduce((sum, group) => sum + group.total, 0)}
            failure={failure ?? (dealerMissing ? dealerMissingText(dealerMissing.sellerDisplayName) : null)}
            paying={paying}
            nothingToBuy={buyableGroups.length === 0}
          />
        </form>
      </FormProvider>
    </div>
  );
}
