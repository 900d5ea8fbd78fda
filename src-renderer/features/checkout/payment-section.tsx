import { AddressFields } from '../../ui/address-fields.tsx';
import { CardFields } from '../../ui/card-fields.tsx';
import styles from '../../ui/commerce.module.css';

/** The card and its billing address. */
export function PaymentSection() {
  return (
    <fieldset className={styles.panel}>
      <legend className={styles.panelHeading}>Payment</legend>
      <CardFields group="payment" />
      <AddressFields group="payment" section="billing" />
    </fieldset>
  );
}
