import { useFormContext, useFormState } from 'react-hook-form';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { ESCROW_INSPECTION_DAYS } from '../../../shared/domain/membership.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { Checkbox, FieldError, FormError } from '../../ui/form-field.tsx';
import type { CheckoutFormValues } from './checkout-values.ts';

/** Asks for the dealer of one seller's order; a seller name that ends a sentence already takes no second period. */
export function dealerMissingText(sellerDisplayName: string): string {
  const name = sellerDisplayName.trim();
  return `Choose a licensed dealer to receive the order from ${name}${name.endsWith('.') ? '' : '.'}`;
}

export interface PaySectionProps {
  minimumAge: 18 | 21;
  /** What the buyable items cost with shipping. */
  total: number;
  /** Why paying was refused, or which seller still needs a dealer. */
  failure: string | null;
  paying: boolean;
  /** Nothing is left to buy (every item blocked). */
  nothingToBuy: boolean;
}

/** The last step: escrow or not, the buyer's stated age, the total and the Pay button. */
export function PaySection({ minimumAge, total, failure, paying, nothingToBuy }: PaySectionProps) {
  const { register } = useFormContext<CheckoutFormValues>();
  const { errors } = useFormState<CheckoutFormValues>({ name: 'ageConfirmed' });
  return (
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
          Ironsight holds your payment until the order is delivered and you have had {ESCROW_INSPECTION_DAYS}{' '}
          days to inspect it. Confirm receipt to release it sooner, or open a dispute if something is wrong.
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
        <dd>{formatPrice(total)}</dd>
      </dl>
      <FormError>{failure}</FormError>
      <div className={styles.actions}>
        <Button type="submit" disabled={paying || nothingToBuy} aria-busy={paying}>
          {paying ? 'Paying…' : 'Pay'}
        </Button>
        <LinkButton to={paths.cartView()} variant="secondary">
          Back to cart
        </LinkButton>
      </div>
    </section>
  );
}
