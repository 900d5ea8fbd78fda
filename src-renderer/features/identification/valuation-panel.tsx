import type { FirearmIdentificationData } from '../../../shared/contract/identification.ts';
import { formatValue, NRA_GRADE_LABELS } from '../../../shared/domain/valuation.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { PriceHistoryChart } from '../../components/price-history/price-history-chart.tsx';
import { CONFIDENCE_LABELS, levelSentence, rangePhrase, trendPhrase } from '../../lib/valuation-words.ts';
import styles from './identification.module.css';

/**
 * What the identified firearm is worth from our completed sales: the value, in words, its range,
 * trend and confidence, the sales it comes from, and their chart. Accounts without the valuation
 * option are told how to get it.
 */
export function ValuationPanel({ data }: { data: FirearmIdentificationData }) {
  return (
    <section className={styles.panel} aria-labelledby="valuation-heading">
      <h3 id="valuation-heading" className={styles.panelHeading}>
        What it is worth
      </h3>
      <ValuationBody data={data} />
    </section>
  );
}

function ValuationBody({ data }: { data: FirearmIdentificationData }) {
  const valuation = data.valuation;
  if (!data.valuationAllowed) {
    return (
      <div className={styles.notice}>
        <p>
          Values from recent sales are available to accounts with the valuation option, which our staff grant
          on request.
        </p>
        <p>
          <a className={styles.link} href={paths.help()} target="_blank" rel="noopener noreferrer">
            Contact support to ask for it
          </a>
        </p>
      </div>
    );
  }
  if (valuation === null) {
    return <p>There is no value for this firearm yet: we have no completed sales to compare it with.</p>;
  }
  const range = rangePhrase(valuation.range);
  const trend = trendPhrase(valuation);
  return (
    <div className={styles.valuation}>
      {valuation.value === null ? null : (
        <p className={styles.value} data-numeric="">
          {formatValue(valuation.value)}
          <span className={styles.valueLabel}> median sale price</span>
        </p>
      )}
      <p className={styles.summary}>{valuation.summary}</p>
      <dl className={styles.facts}>
        {range ? <Fact label="Middle 50% of sales" value={range} /> : null}
        <Fact label="Trend" value={trend ?? 'Too few sales to tell'} />
        <Fact label="Confidence" value={CONFIDENCE_LABELS[valuation.confidence]} />
        <Fact
          label="Sales counted"
          value={`${valuation.salesUsed.toLocaleString('en-US')} in the last ${valuation.windowDays} days${
            valuation.outliersDropped > 0
              ? ` (${valuation.outliersDropped.toLocaleString('en-US')} far-off ${
                  valuation.outliersDropped === 1 ? 'price' : 'prices'
                } left out)`
              : ''
          }`}
        />
        <Fact label="Based on" value={levelSentence(valuation)} />
        <Fact
          label="Condition"
          value={
            valuation.grade === null
              ? 'Sales in every condition'
              : `Only sales in ${NRA_GRADE_LABELS[valuation.grade]} condition (NRA grade)`
          }
        />
      </dl>
      <PriceHistoryChart valuation={valuation} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
