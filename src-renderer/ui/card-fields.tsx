import { formatCardNumber, formatExpirationInput } from '../../shared/domain/card.ts';
import { BoundTextField, fieldPath } from './bound-fields.tsx';
import commerce from './commerce.module.css';

/** The card's fields as typed: the number grouped by four, the expiration MM/YY. */
export interface CardFieldValues {
  billingFirstName: string;
  billingLastName: string;
  cardNumber: string;
  expiration: string;
  cvv: string;
}

export const EMPTY_CARD_FIELDS: CardFieldValues = {
  billingFirstName: '',
  billingLastName: '',
  cardNumber: '',
  expiration: '',
  cvv: '',
};

export type CardFieldLabels = Record<keyof CardFieldValues, string>;

const CARD_LABELS: CardFieldLabels = {
  billingFirstName: 'First name on card',
  billingLastName: 'Last name on card',
  cardNumber: 'Card number',
  expiration: 'Expiration (MM/YY)',
  cvv: 'Security code',
};

/** Keeps the MM/YY slash automatic without trapping the cursor when the user deletes it. */
export function nextExpirationValue(previous: string, typed: string): string {
  const formatted = formatExpirationInput(typed);
  const deleting = typed.length < previous.length;
  return deleting && formatted.length > typed.length ? typed.replace(/\D/g, '') : formatted;
}

export interface CardFieldsProps {
  /** The path of the group the card's values sit in (`payment`), none when they are the form's own. */
  group?: string;
  /** Labels that differ from the checkout's ('First name on card', 'Security code', …). */
  labels?: Partial<CardFieldLabels>;
  /** The class of the two-field rows (the names, the expiration and security code). */
  rowClassName?: string;
}

/**
 * The name on the card, the card number (grouped as typed), the expiration (MM/YY, the slash put in)
 * and the security code, registered in the surrounding react-hook-form form (FormProvider); the
 * form's schema (shared/contract, shared/domain/card.ts) gives each field its message.
 */
export function CardFields({ group, labels, rowClassName = commerce.row }: CardFieldsProps) {
  const label = { ...CARD_LABELS, ...labels };
  const name = (key: keyof CardFieldValues) => fieldPath(group, key);
  return (
    <>
      <div className={rowClassName}>
        <BoundTextField
          name={name('billingFirstName')}
          label={label.billingFirstName}
          autoComplete="cc-given-name"
        />
        <BoundTextField
          name={name('billingLastName')}
          label={label.billingLastName}
          autoComplete="cc-family-name"
        />
      </div>
      <BoundTextField
        name={name('cardNumber')}
        label={label.cardNumber}
        format={formatCardNumber}
        autoComplete="cc-number"
        inputMode="numeric"
      />
      <div className={rowClassName}>
        <BoundTextField
          name={name('expiration')}
          label={label.expiration}
          format={(typed, previous) => nextExpirationValue(previous, typed)}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="MM/YY"
        />
        <BoundTextField
          name={name('cvv')}
          label={label.cvv}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
        />
      </div>
    </>
  );
}
