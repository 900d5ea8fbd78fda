import { type SQL, sql } from 'drizzle-orm';
import {
  type FirearmValuationJson,
  MAX_VALUATION_POINTS,
  type ValuationSaleJson,
} from '../../shared/contract/identification.ts';
import { type FirearmIdentity, familyWords } from '../../shared/domain/firearm-identity.ts';
import type { Condition } from '../../shared/domain/listing.ts';
import {
  chooseLevel,
  FENCE_FACTOR,
  MIN_SALES,
  NRA_GRADE_OF_CONDITION,
  type NraGrade,
  type SalesValue,
  salesValueOf,
  VALUATION_WINDOW_DAYS,
  type ValuationLevel,
  valuationSummary,
  type WindowFigures,
  windowFiguresOf,
  withinFence,
} from '../../shared/domain/valuation.ts';
import { type DbExecutor, queryRows } from '../db/client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The identity parts a valuation reads sales by. */
export type ValuedIdentity = Pick<
  FirearmIdentity,
  'manufacturerId' | 'manufacturer' | 'modelId' | 'model' | 'variantId' | 'variant' | 'family' | 'familyId'
>;

export interface ValuationRequest {
  /** Counts only the sales of this grade; every grade when left out. */
  grade?: NraGrade | null;
  /** The end of the window; the database's clock is not read, so tests give their own. */
  now?: Date;
}

interface FiguresRow extends Record<string, unknown> {
  recent: boolean;
  total: number;
  used: number;
  fence_q1: number;
  fence_q3: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
}

interface PointRow extends Record<string, unknown> {
  price: string | number;
  sold_at: Date | string;
}

/** A level's figures: its value, and the quartiles of each window before the fence (for the chart's outliers). */
interface LevelFigures {
  value: SalesValue;
  fences: { recent: Fence | null; earlier: Fence | null };
}

type Fence = { low: number; high: number };

/** The listing conditions a grade is sold as (NRA_GRADE_OF_CONDITION read backwards). */
const conditionsOf = (grade: NraGrade): Condition[] =>
  (Object.keys(NRA_GRADE_OF_CONDITION) as Condition[]).filter(
    (condition) => NRA_GRADE_OF_CONDITION[condition] === grade,
  );

/** The sales of each level the identity has, as the index of that level holds them. */
function levelFilters(identity: ValuedIdentity): [ValuationLevel, SQL][] {
  const levels: [ValuationLevel, SQL][] = [];
  if (identity.variantId !== null) levels.push(['variant', sql`variant_id = ${identity.variantId}`]);
  levels.push(['model', sql`model_id = ${identity.modelId}`]);
  levels.push([
    'manufacturerFamily',
    sql`manufacturer_id = ${identity.manufacturerId} and family_id = ${identity.familyId}`,
  ]);
  return levels;
}

/** What a level's sales are of, in words. */
export function levelSubject(identity: ValuedIdentity, level: ValuationLevel | null): string {
  const model = `${identity.manufacturer} ${identity.model}`;
  if (level === 'variant' && identity.variant) return `${model} ${identity.variant}`;
  if (level === 'manufacturerFamily')
    return `${identity.manufacturer} ${familyWords(identity.family).toLowerCase()}`;
  return model;
}

/**
 * The figures of one level's sales in the value's window and the one before, computed where the
 * sales are: for each window, a range read of that level's index (completed_sales_variant_idx,
 * _model_idx or _maker_family_idx, whose entries carry price and condition) for its quartiles
 * (`percentile_cont`, the type 7 quantile of shared/domain/valuation.ts), and a second read for the
 * quartiles of the prices within the fence they make. A popular model's thousands of sales never leave the
 * database; shared/domain/valuation.ts assembles the value from the figures as it does from prices.
 */
async function figuresOfLevel(
  db: DbExecutor,
  filter: SQL,
  window: SalesWindow,
  grade: NraGrade | null,
): Promise<LevelFigures> {
  const byGrade = grade === null ? sql`` : sql` and condition in ${conditionsOf(grade)}`;
  const rows = await queryRows<FiguresRow>(
    db,
    sql`select w.recent, f.total, k.used, f.q[1] as fence_q1, f.q[2] as fence_q3,
               k.q[1] as q1, k.q[2] as median, k.q[3] as q3
        from (values (true, ${window.start}::timestamptz, ${window.end}::timestamptz),
                     (false, ${window.from}::timestamptz, ${window.start}::timestamptz)) as w(recent, after, until)
        cross join lateral (
          select count(*)::int as total,
                 percentile_cont(array[0.25, 0.75]) within group (order by price) as q
          from completed_sales where ${filter} and sold_at > w.after and sold_at <= w.until${byGrade}) f
        cross join lateral (
          select count(*)::int as used,
                 percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) as q
          from completed_sales where ${filter} and sold_at > w.after and sold_at <= w.until${byGrade}
            and price >= f.q[1] - ${FENCE_FACTOR}::float8 * (f.q[2] - f.q[1])
            and price <= f.q[2] + ${FENCE_FACTOR}::float8 * (f.q[2] - f.q[1])) k
        where f.total > 0`,
  );
  const windowOf = (recent: boolean): { figures: WindowFigures; fence: Fence | null } => {
    const row = rows.find((candidate) => candidate.recent === recent);
    if (!row) return { figures: windowFiguresOf([]), fence: null };
    const reach = FENCE_FACTOR * (row.fence_q3 - row.fence_q1);
    return {
      figures: { used: row.used, dropped: row.total - row.used, q1: row.q1, median: row.median, q3: row.q3 },
      fence: { low: row.fence_q1 - reach, high: row.fence_q3 + reach },
    };
  };
  const recent = windowOf(true);
  const earlier = windowOf(false);
  return {
    value: salesValueOf(recent.figures, earlier.figures, VALUATION_WINDOW_DAYS),
    fences: { recent: recent.fence, earlier: earlier.fence },
  };
}

interface SalesWindow {
  /** The start of the window before the value's. */
  from: string;
  /** The start of the value's window. */
  start: string;
  end: string;
}

/** The chart's points: the newest sales of the level in both windows, each marked against its window's fence. */
async function chartPoints(
  db: DbExecutor,
  filter: SQL,
  window: SalesWindow,
  grade: NraGrade | null,
  fences: LevelFigures['fences'],
): Promise<ValuationSaleJson[]> {
  const byGrade = grade === null ? sql`` : sql` and condition in ${conditionsOf(grade)}`;
  const rows = await queryRows<PointRow>(
    db,
    sql`select price, sold_at from completed_sales
        where ${filter} and sold_at > ${window.from}::timestamptz
          and sold_at <= ${window.end}::timestamptz${byGrade}
        order by sold_at desc limit ${MAX_VALUATION_POINTS}`,
  );
  const start = Date.parse(window.start);
  return rows.map((row) => {
    const soldAt = new Date(row.sold_at);
    const price = Number(row.price);
    const earlier = soldAt.getTime() <= start;
    const fence = earlier ? fences.earlier : fences.recent;
    return {
      price,
      soldAt: soldAt.toISOString(),
      earlier,
      outlier: fence !== null && !withinFence(fence, price),
    };
  });
}

/**
 * What an identity is worth from completed sales (docs/capabilities/valuation.md): its levels are
 * read most specific first, and reading stops at the first level with MIN_SALES sales used in the
 * window, which is then the level the value comes from (`chooseLevel`, as valueWithFallback
 * decides from prices); then the chart's points are read from that level.
 */
export async function valueIdentity(
  db: DbExecutor,
  identity: ValuedIdentity,
  request: ValuationRequest = {},
): Promise<FirearmValuationJson> {
  const now = request.now ?? new Date();
  const grade = request.grade ?? null;
  const start = now.getTime() - VALUATION_WINDOW_DAYS * DAY_MS;
  const window: SalesWindow = {
    from: new Date(start - VALUATION_WINDOW_DAYS * DAY_MS).toISOString(),
    start: new Date(start).toISOString(),
    end: now.toISOString(),
  };
  const read: { level: ValuationLevel; value: SalesValue; filter: SQL; fences: LevelFigures['fences'] }[] =
    [];
  for (const [level, filter] of levelFilters(identity)) {
    const figures = await figuresOfLevel(db, filter, window, grade);
    read.push({ level, filter, ...figures });
    if (figures.value.salesUsed >= MIN_SALES) break;
  }
  const { level, fellBack, value } = chooseLevel(read);
  const chosen = read.find((entry) => entry.level === level);
  return {
    level,
    fellBack,
    subject: levelSubject(identity, level),
    grade,
    value: value.value,
    salesUsed: value.salesUsed,
    outliersDropped: value.outliersDropped,
    range: value.range,
    trendPercent: value.trendPercent,
    confidence: value.confidence,
    windowDays: value.windowDays,
    summary: valuationSummary(value, level),
    sales: chosen ? await chartPoints(db, chosen.filter, window, grade, chosen.fences) : [],
    valuedAt: now.toISOString(),
  };
}
