import { Link } from 'react-router';
import type { DashboardSummary } from '../../../shared/contract/users.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useDashboardSummary } from './api/use-dashboard-summary.ts';
import styles from './dashboard-summary.module.css';

type Fact = [label: string, value: string | number, to: string];
type OptionalFact = [label: string, value: string | number | undefined, to: string];

/** A figure the server leaves out (its feature is not built yet) is not shown, rather than shown as 0. */
const present = (facts: readonly OptionalFact[]): Fact[] =>
  facts.filter((fact): fact is Fact => fact[1] !== undefined);

function summaryCards(summary: DashboardSummary): { heading: string; facts: Fact[] }[] {
  const cards: { heading: string; facts: Fact[] }[] = [
    {
      heading: 'Buying',
      facts: present([
        ['Open orders', summary.buying.openOrders, paths.to('dashboard.buying.orders')],
        ['Offers', summary.buying.offers, paths.to('dashboard.buying.offers')],
        ['Favorites', summary.buying.favorites, paths.favorites()],
        ['Saved searches', summary.buying.savedSearches, paths.savedSearches()],
      ]),
    },
  ];
  if (summary.selling) {
    cards.push({
      heading: 'Selling',
      facts: present([
        ['Active listings', summary.selling.activeListings, paths.to('dashboard.selling.listings')],
        ['Sold', summary.selling.soldListings, paths.to('dashboard.selling.listings')],
        ['Open orders', summary.selling.openOrders, paths.to('dashboard.selling.orders')],
        ['Offers', summary.selling.offers, paths.to('dashboard.selling.offers')],
      ]),
    });
  }
  if (summary.messages) {
    cards.push({ heading: 'Messages', facts: [['Unread', summary.messages.unread, paths.inbox()]] });
  }
  const { escrowBalance } = summary.billing;
  cards.push({
    heading: 'Billing',
    facts: present([
      ['Past due', formatPrice(summary.billing.pastDueAmount), paths.to('dashboard.billing.invoices')],
      [
        'Escrow balance',
        escrowBalance === undefined ? undefined : formatPrice(escrowBalance),
        paths.to('dashboard.billing.payments'),
      ],
    ]),
  });
  return cards;
}

/** The dashboard's cards: buying, selling (for sellers), messages and billing at a glance. */
export function DashboardSummaryCards() {
  const summary = useDashboardSummary();
  if (summary.isError) return null;
  if (!summary.data) {
    return (
      <LoadingRegion label="Loading your dashboard" className={styles.grid}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height="9rem" />
        ))}
      </LoadingRegion>
    );
  }
  return (
    <div className={styles.grid}>
      {summaryCards(summary.data).map((card) => (
        <section key={card.heading} className={styles.card} aria-label={card.heading}>
          <h2 className={styles.cardHeading}>{card.heading}</h2>
          <dl className={styles.facts}>
            {card.facts.map(([label, value, to]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>
                  <Link to={to}>{label}</Link>
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
