import { paths } from '../../../shared/routes/paths.ts';

/** The outbox panel's element id on the dashboard, so the header's indicator can lead to it. */
export const OUTBOX_ANCHOR = 'waiting-to-be-sent';
export const OUTBOX_HREF = `${paths.dashboard()}#${OUTBOX_ANCHOR}`;
