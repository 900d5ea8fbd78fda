import { AddressFields } from '../../ui/address-fields.tsx';
import styles from '../../ui/commerce.module.css';

/** The buyer's address, for the sellers whose items need no dealer; leaving it quotes shipping. */
export function ShippingAddressSection({ onBlur }: { onBlur: () => void }) {
  return (
    <fieldset className={styles.panel} onBlur={onBlur}>
      <legend className={styles.panelHeading}>Ship to my address</legend>
      <p className={styles.muted}>Items that need no dealer ship here.</p>
      <AddressFields group="address" section="shipping" withRecipient />
    </fieldset>
  );
}
