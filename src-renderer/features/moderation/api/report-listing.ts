import { useMutation } from '@tanstack/react-query';
import type { ReportListingRequest } from '../../../../shared/contract/moderation.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /listings/report: the signed-in user's report of a listing, for staff to review. */
export function useReportListing() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: ReportListingRequest) => api.call('listingsReport', { body }) });
}
