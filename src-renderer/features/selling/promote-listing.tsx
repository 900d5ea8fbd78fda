import { useId } from 'react';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import { formatCents, MEMBERSHIP_PLANS, type PlanRole } from '../../../shared/domain/membership.ts';
import { promotionChoices, promotionTotalCents } from './listing-form-fields.ts';
import styles from './selling.module.css';

export interface PromoteListingProps {
  /** The paid option flags chosen on the form (those the listing has included). */
  chosen: number;
  /** The paid option flags the listing already has: shown chosen, and not charged again. */
  owned: number;
  /** The plan the options are priced by; null when staff edit another seller’s listing. */
  plan: PlanRole | null;
  /** The listing’s price as typed, in dollars. */
  price: number | undefined;
  onChange: (chosen: number) => void;
  disabled?: boolean;
}

/**
 * "Promote your listing": one checkbox per paid option with what it does and its price from the
 * fee schedule (or that the plan includes it), and what the save will add to the next invoice.
 */
export function PromoteListing({ chosen, owned, plan, price, onChange, disabled }: PromoteListingProps) {
  const id = useId();
  const choices = promotionChoices(plan, price);
  const total = promotionTotalCents(chosen, owned, plan, price);
  const helpId = `${id}-help`;
  return (
    <fieldset className={styles.section} aria-describedby={helpId}>
      <legend className={styles.legend}>Promote your listing</legend>
      <p id={helpId} className={styles.help}>
        Optional. Once bought, an option stays with this listing, also when it is relisted: it cannot be
        removed and is not refunded.
        {plan
          ? ` Prices for your ${MEMBERSHIP_PLANS[plan].name} plan.`
          : ' Full prices: options the seller’s plan includes are not charged.'}
      </p>
      <ul className={styles.promotions}>
        {choices.map((choice) => {
          const inputId = `${id}-${choice.option}`;
          const descriptionId = `${inputId}-description`;
          const priceId = `${inputId}-price`;
          const isOwned = hasFlag(owned, choice.option);
          const priceText = isOwned
            ? 'Already on this listing'
            : choice.includedInPlan
              ? 'Included in your plan'
              : formatCents(choice.cents);
          return (
            <li key={choice.option} className={styles.promotion}>
              <input
                id={inputId}
                type="checkbox"
                className={styles.promotionInput}
                checked={isOwned || hasFlag(chosen, choice.option)}
                disabled={disabled || isOwned}
                aria-describedby={`${descriptionId} ${priceId}`}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? setFlag(chosen, choice.option) : clearFlag(chosen, choice.option),
                  )
                }
              />
              <label htmlFor={inputId} className={styles.promotionLabel}>
                {choice.label}
              </label>
              <span id={priceId} className={styles.promotionPrice} data-numeric="">
                {priceText}
              </span>
              <span id={descriptionId} className={styles.promotionDescription}>
                {choice.description}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={styles.promotionTotal} aria-live="polite" data-numeric="">
        {plan ? 'Charged to your next invoice' : 'Charged to the seller’s next invoice'}:{' '}
        <strong>{formatCents(total)}</strong>
      </p>
    </fieldset>
  );
}
