import type { FflSearchResult } from '../../../shared/contract/ffl.ts';
import { dealerDisplayName } from '../../../shared/contract/ffl.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import styles from '../../ui/commerce.module.css';

/** What checkout gives the dealer finder in its select mode. */
export interface DealerPickerProps {
  onSelect: (dealer: FflSearchResult) => void;
  selectedId?: string | undefined;
}

/** A dealer's name, premises, license number, phone, distance and transfer fee. */
export function DealerDetails({ dealer }: { dealer: FflSearchResult }) {
  return (
    <div>
      <div className={styles.lineTitle}>{dealerDisplayName(dealer)}</div>
      <div className={styles.muted}>
        {dealer.premiseStreet}, {dealer.premiseCity}, {dealer.premiseState} {dealer.premiseZip}
        {dealer.distanceMiles !== null ? ` (${dealer.distanceMiles.toFixed(1)} miles)` : ''}
      </div>
      <div className={styles.muted}>
        License {dealer.licenseNumber}
        {dealer.phone ? `, ${dealer.phone}` : ''}
      </div>
      <div className={styles.muted}>
        Transfer fee: {dealer.transferFee === null ? 'ask the dealer' : formatPrice(dealer.transferFee)}
        {dealer.notes ? `. ${dealer.notes}` : ''}
      </div>
    </div>
  );
}
