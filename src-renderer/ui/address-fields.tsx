import { SHIP_TO_REGIONS } from '../../shared/domain/us-states.ts';
import {
  BoundRegionField,
  BoundTextField,
  type BoundTextFieldProps,
  fieldPath,
  type Region,
} from './bound-fields.tsx';
import commerce from './commerce.module.css';

/** A postal address as typed (a card's billing address). */
export interface PostalAddressValues {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/** A delivery's address: the postal address with the recipient's name and phone. */
export interface AddressFieldValues extends PostalAddressValues {
  firstName: string;
  lastName: string;
  phone: string;
}

export const EMPTY_POSTAL_ADDRESS: PostalAddressValues = {
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
};

export const EMPTY_ADDRESS_FIELDS: AddressFieldValues = {
  firstName: '',
  lastName: '',
  ...EMPTY_POSTAL_ADDRESS,
  phone: '',
};

export type AddressFieldLabels = Record<keyof AddressFieldValues, string>;

const ADDRESS_LABELS: AddressFieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  phone: 'Phone',
};

const BILLING_ADDRESS_LABELS: AddressFieldLabels = {
  ...ADDRESS_LABELS,
  address1: 'Billing address',
  address2: 'Billing address line 2',
  city: 'Billing city',
  state: 'Billing state',
  zip: 'Billing ZIP code',
};

/** The browser's autofill token of each field (its section, shipping or billing, put before it). */
const AUTOCOMPLETE: Record<keyof AddressFieldValues, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  phone: 'tel',
};

export interface AddressFieldsProps {
  /** The path of the group the address's values sit in (`address`), none when they are the form's own. */
  group?: string;
  /**
   * Whose address it is, for the browser's autofill: a delivery's ('shipping') or a card's ('billing',
   * whose labels then read 'Billing address', 'Billing city', …).
   */
  section?: 'shipping' | 'billing';
  /** Asks for the recipient's name above the address and an optional phone under it. */
  withRecipient?: boolean;
  /** The states offered; the 50 states and DC unless the form's schema takes fewer. */
  regions?: readonly Region[];
  labels?: Partial<AddressFieldLabels>;
  /** The class of the multi-field rows (the names; the city, state and ZIP code). */
  rowClassName?: string;
}

/**
 * A US address (street, optional second line, city, state picked from a list, ZIP code), registered
 * in the surrounding react-hook-form form (FormProvider); the form's schema (shared/contract,
 * shared/domain/billing.ts) gives each field its message.
 */
export function AddressFields({
  group,
  section,
  withRecipient = false,
  regions = SHIP_TO_REGIONS,
  labels,
  rowClassName = commerce.row,
}: AddressFieldsProps) {
  const label = { ...(section === 'billing' ? BILLING_ADDRESS_LABELS : ADDRESS_LABELS), ...labels };
  const autoComplete = (key: keyof AddressFieldValues) =>
    section ? `${section} ${AUTOCOMPLETE[key]}` : AUTOCOMPLETE[key];
  const text = (
    key: keyof AddressFieldValues,
    input: Pick<BoundTextFieldProps, 'optional' | 'inputMode' | 'type'> = {},
  ) => (
    <BoundTextField
      name={fieldPath(group, key)}
      label={label[key]}
      autoComplete={autoComplete(key)}
      {...input}
    />
  );
  return (
    <>
      {withRecipient ? (
        <div className={rowClassName}>
          {text('firstName')}
          {text('lastName')}
        </div>
      ) : null}
      {text('address1')}
      {text('address2', { optional: true })}
      <div className={rowClassName}>
        {text('city')}
        <BoundRegionField
          name={fieldPath(group, 'state')}
          label={label.state}
          regions={regions}
          autoComplete={autoComplete('state')}
        />
        {text('zip', { inputMode: 'numeric' })}
      </div>
      {withRecipient ? text('phone', { optional: true, type: 'tel' }) : null}
    </>
  );
}
