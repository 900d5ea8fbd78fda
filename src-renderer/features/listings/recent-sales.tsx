import type { FirearmValuationJson } from '../../../shared/contract/identification.ts';
import { PriceHistoryChart } from '../../components/price-history/price-history-chart.tsx';
import { medianPhrase } from '../../lib/valuation-words.ts';
import { useRecentSales } from './api/use-recent-sales.ts';
import styles from './listing-view.module.css';

/** 'Recent sales of this model: median $549 from 12 sales'; the maker's items named when the value falls back to them. */
export function recentSalesLead(valuation: FirearmValuationJson): string | null {
  const median = medianPhrase({ ...valuation, level: null });
  if (median === null) return null;
  const of = valuation.level === 'manufacturerFamily' ? valuation.subject : 'this model';
  return `Recent sales of ${of}: ${median}`;
}

/**
 * What the listed firearm sold for here recently: the median and the sales it comes from, in words
 * and as a small chart. Nothing for a listing not identified or without recent sales, and nothing
 * while it loads (it sits below the listing's details, so nothing above it moves).
 */
export function RecentSales({ listingId }: { listingId: string }) {
  const recent = useRecentSales(listingId);
  const valuation = recent.data?.identity ? recent.data.valuation : null;
  const lead = valuation ? recentSalesLead(valuation) : null;
  if (!valuation || lead === null) return null;
  return (
    <section className={styles.recentSales} aria-labelledby="listing-recent-sales">
      <h2 id="listing-recent-sales" className={styles.sectionHeading}>
        Recent sales
      </h2>
      <p className={styles.recentLead}>{lead}.</p>
      <p className={styles.recentSummary}>{valuation.summary}</p>
      <PriceHistoryChart valuation={valuation} size="small" />
    </section>
  );
}
