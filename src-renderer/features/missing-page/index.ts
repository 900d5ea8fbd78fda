/**
 * The not-found page's redirect checks: at an unknown address, a legacy link, short link or
 * external site that applies is followed.
 */
export { useMissingPageCheck } from './use-missing-page-check.ts';
