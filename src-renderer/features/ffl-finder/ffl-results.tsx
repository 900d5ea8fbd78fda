import { MapPin, Phone } from 'lucide-react';
import {
  dealerDisplayName,
  type FflSearchResponse,
  type FflSearchResult,
} from '../../../shared/contract/ffl.ts';
import { Button } from '../../ui/button.tsx';
import styles from './ffl-finder.module.css';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const miles = (distance: number) => `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} mi`;

export interface FflResultsProps {
  answer: FflSearchResponse;
  /** A search is on its way (the shown page is the previous one). */
  updating: boolean;
  onPage: (page: number) => void;
  /** Picker mode: each dealer gets a "Choose" button naming the dealer. */
  onSelect?: ((dealer: FflSearchResult) => void) | undefined;
  selectedId?: string | null | undefined;
  /** The heading level of each dealer's name. */
  headingLevel?: 3 | 4;
}

/** One page of dealers, nearest first when searched by ZIP code. */
export function FflResults({
  answer,
  updating,
  onPage,
  onSelect,
  selectedId,
  headingLevel = 3,
}: FflResultsProps) {
  const DealerHeading = headingLevel === 3 ? 'h3' : 'h4';
  const pageCount = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  return (
    <div className={styles.results} aria-busy={updating}>
      <ol className={styles.list} start={(answer.page - 1) * answer.pageSize + 1}>
        {answer.results.map((dealer) => {
          const name = dealerDisplayName(dealer);
          const selected = selectedId === dealer.id;
          return (
            <li key={dealer.id} className={selected ? `${styles.dealer} ${styles.selected}` : styles.dealer}>
              <article aria-label={name}>
                <div className={styles.dealerHead}>
                  <DealerHeading className={styles.dealerName}>{name}</DealerHeading>
                  {dealer.distanceMiles === null ? null : (
                    <span className={styles.distance}>{miles(dealer.distanceMiles)}</span>
                  )}
                </div>
                {dealer.businessName && dealer.businessName !== dealer.licenseName ? (
                  <p className={styles.licenseName}>{dealer.licenseName}</p>
                ) : null}
                <p className={styles.line}>
                  <MapPin size={16} aria-hidden="true" />
                  <span>
                    {dealer.premiseStreet}, {dealer.premiseCity}, {dealer.premiseState} {dealer.premiseZip}
                  </span>
                </p>
                {dealer.phone ? (
                  <p className={styles.line}>
                    <Phone size={16} aria-hidden="true" />
                    <a href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`}>{dealer.phone}</a>
                  </p>
                ) : null}
                <dl className={styles.facts}>
                  <div>
                    <dt>License</dt>
                    <dd>{dealer.licenseNumber}</dd>
                  </div>
                  <div>
                    <dt>Transfer fee</dt>
                    <dd>
                      {dealer.transferFee === null ? 'Call the dealer' : money.format(dealer.transferFee)}
                    </dd>
                  </div>
                </dl>
                {dealer.notes ? <p className={styles.notes}>{dealer.notes}</p> : null}
                {onSelect ? (
                  <Button
                    variant={selected ? 'secondary' : 'primary'}
                    size="sm"
                    aria-pressed={selected}
                    aria-label={selected ? `Chosen: ${name}` : `Choose ${name}`}
                    onClick={() => onSelect(dealer)}
                  >
                    {selected ? 'Chosen' : 'Choose'}
                  </Button>
                ) : null}
              </article>
            </li>
          );
        })}
      </ol>
      {pageCount > 1 ? (
        <nav className={styles.pager} aria-label="Dealer result pages">
          <Button
            variant="secondary"
            size="sm"
            disabled={answer.page <= 1}
            onClick={() => onPage(answer.page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {answer.page} of {pageCount}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={answer.page >= pageCount}
            onClick={() => onPage(answer.page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
