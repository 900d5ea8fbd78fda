import type { PageDecision } from '../../http/page-decision.ts';

/** An unknown listing's first load: the not-found page with a real 404. */
export const notFoundDecision: PageDecision = { status: 404, meta: {} };
