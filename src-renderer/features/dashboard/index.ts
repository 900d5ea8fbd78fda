/** The dashboard's summary cards: buying, selling, messages and billing at a glance. */
export { DashboardSummaryCards } from './dashboard-summary.tsx';
