import type { ReactNode } from 'react';
import type { FflSearchResult } from '../../../shared/contract/ffl.ts';
import type { ItemBlock, QuoteGroup } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import styles from '../../ui/commerce.module.css';
import { OrderTotals } from '../../ui/order-totals.tsx';
import { DealerDetails } from './dealer-details.tsx';

export interface SellerGroupSectionProps {
  group: QuoteGroup;
  blockOf: (listingId: string) => ItemBlock | null;
  dealer: FflSearchResult | undefined;
  /** The dealer finder, shown when the group holds firearms. */
  picker: ReactNode;
}

/** One seller's order: its lines (a blocked one with its rule), totals, and where it ships. */
export function SellerGroupSection({ group, blockOf, dealer, picker }: SellerGroupSectionProps) {
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
      <OrderTotals amounts={group} />
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
