import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAccountAction,
  AdminAlertRequest,
  AdminAuditQuery,
  AdminShortLinkRequest,
  AdminUserSearchRequest,
} from '../../../../shared/contract/admin.ts';
import type { AdCreativeInput } from '../../../../shared/contract/ads.ts';
import type { DisputeListStatus, ResolveEscrowRequest } from '../../../../shared/contract/billing-ledger.ts';
import type { BrandInput } from '../../../../shared/contract/brands.ts';
import {
  type AdminArticleDetail,
  ARTICLES_PER_PAGE_MAX,
  type ArticleInput,
} from '../../../../shared/contract/content.ts';
import type {
  CaliberChange,
  ManufacturerChange,
  ModelChange,
  NewCaliber,
  NewManufacturer,
  NewModel,
  NewVariant,
  VariantChange,
} from '../../../../shared/contract/firearm-reference.ts';
import type { MessageReportAction } from '../../../../shared/contract/moderation.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** The query key root of everything the console reads; dropped at sign-out and when viewing as a user. */
export const ADMIN_ROOT = 'admin';

/** POST /pprAdmin/search-users; the previous page stays on screen while the next one loads. */
export function useUserSearch(request: AdminUserSearchRequest) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'users', request],
    queryFn: ({ signal }) => api.call('adminSearchUsers', { body: request }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /pprAdmin/users/{id}. */
export function useUserDetail(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'user', id],
    queryFn: ({ signal }) => api.call('adminUserDetail', { params: { id } }, { signal }),
  });
}

/** Every console write refreshes what the console shows (the user, lists and the audit log). */
function useAdminMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_ROOT] }),
  });
}

export function useAccountAction(id: string) {
  const api = useApiClient();
  return useAdminMutation((body: AdminAccountAction) =>
    api.call('adminAccountAction', { params: { id }, body }),
  );
}

export function useAddCredit() {
  const api = useApiClient();
  return useAdminMutation((body: { userId: string; amount: number; description: string }) =>
    api.call('adminAddCreditToUser', { body }),
  );
}

/** GET /pprAdmin/impersonate/{id}: the token to view the site as the user. */
export function useImpersonationToken() {
  const api = useApiClient();
  return useMutation({ mutationFn: (id: string) => api.call('adminImpersonate', { params: { id } }) });
}

/** POST /messages/reports: the reports waiting for staff, or those closed. */
export function useMessageReports(page: number, status: 'open' | 'resolved' = 'open') {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'message-reports', status, page],
    queryFn: ({ signal }) =>
      api.call('messagesReports', { body: { page, pageSize: 20, status } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /pprAdmin/message-reports/{id}/action: dismiss, remove the message, warn or lock the sender. */
export function useMessageReportAction() {
  const api = useApiClient();
  return useAdminMutation(({ id, ...body }: MessageReportAction & { id: string }) =>
    api.call('adminMessageReportAction', { params: { id }, body }),
  );
}

export function useListingReports(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'listing-reports', page],
    queryFn: ({ signal }) => api.call('adminListingReports', { body: { page, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListingFreeze() {
  const api = useApiClient();
  return useAdminMutation(({ id, reason }: { id: string; reason: string | null }) =>
    reason === null
      ? api.call('adminUnfreezeListing', { params: { id } })
      : api.call('adminFreezeListing', { params: { id }, body: { reason } }),
  );
}

/**
 * GET /pprAdmin/escrow/disputes. The previous page stays on screen while the next one of the same
 * list loads; switching between open and resolved shows the loading state instead.
 */
export function useEscrowDisputes(query: { status: DisputeListStatus; page: number; pageSize: number }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'disputes', query],
    queryFn: ({ signal }) => api.call('adminEscrowDisputes', { query }, { signal }),
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { status?: string } | undefined)?.status === query.status
        ? previous
        : undefined,
  });
}

/** POST /pprAdmin/escrow/resolve/{id}: refund the buyer or release to the seller, with the staff note. */
export function useResolveDispute() {
  const api = useApiClient();
  return useAdminMutation(({ id, ...body }: ResolveEscrowRequest & { id: string }) =>
    api.call('adminResolveEscrow', { params: { id }, body }),
  );
}

export function usePublicAlerts() {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'alerts'],
    queryFn: ({ signal }) => api.call('adminAlerts', {}, { signal }),
  });
}

export function useCreateAlert() {
  const api = useApiClient();
  return useAdminMutation((body: AdminAlertRequest) => api.call('adminCreateAlert', { body }));
}

export function useDeleteAlert() {
  const api = useApiClient();
  return useAdminMutation((id: string) => api.call('adminDeleteAlert', { params: { id } }));
}

export function useShortLinks(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'shortlinks', page],
    queryFn: ({ signal }) => api.call('adminShortLinks', { query: { page, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateShortLink() {
  const api = useApiClient();
  return useAdminMutation((body: AdminShortLinkRequest) => api.call('adminCreateShortLink', { body }));
}

/** Every brand, uncached (GET /brands/nc), so a saved change shows at once. */
export function useBrands() {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'brands'],
    queryFn: ({ signal }) => api.call('brandsListNc', {}, { signal }),
  });
}

/** POST /brands/addOrUpdate: the brand's fields and, when one is chosen, its logo file. */
export function useSaveBrand() {
  const api = useApiClient();
  return useAdminMutation((input: { body: BrandInput; files: readonly File[] }) =>
    api.call('brandsAddOrUpdate', input),
  );
}

export function useAuditLog(query: AdminAuditQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'audit', query],
    queryFn: ({ signal }) => api.call('adminAudit', { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox() {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'outbox'],
    queryFn: ({ signal }) => api.call('adminMailOutbox', {}, { signal }),
  });
}

export function useOutboxMessage(name: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'outbox', name],
    enabled: name !== null,
    queryFn: ({ signal }) => api.call('adminMailOutboxMessage', { params: { name: name ?? '' } }, { signal }),
  });
}

/** GET /pprAdmin/articles: every article, scheduled ones too, newest date first, a full page at a time. */
export function useArticles(query: { keyword: string; page: number }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'articles', query],
    queryFn: ({ signal }) =>
      api.call(
        'adminArticles',
        { query: { keyword: query.keyword || undefined, page: query.page, perPage: ARTICLES_PER_PAGE_MAX } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /pprAdmin/articles/{slug}: one article with its body, scheduled or published, to edit it. */
export function useArticle(slug: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'article', slug],
    enabled: slug !== null,
    queryFn: ({ signal }) => api.call('adminArticle', { params: { slug: slug ?? '' } }, { signal }),
  });
}

/** POST /wp/addOrUpdate; the saved article is what its editor shows next, without a second load. */
export function useSaveArticle() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The editor goes on with what was saved, marked scheduled or not as the console lists it.
    mutationFn: async (body: ArticleInput): Promise<AdminArticleDetail> => {
      const saved = await api.call('wpAddOrUpdate', { body });
      return { ...saved, scheduled: Date.parse(saved.date) > Date.now() };
    },
    onSuccess: (article) => {
      queryClient.setQueryData([ADMIN_ROOT, 'article', article.slug], article);
      return queryClient.invalidateQueries({ queryKey: [ADMIN_ROOT] });
    },
  });
}

export function useDeleteArticle() {
  const api = useApiClient();
  return useAdminMutation((id: string) => api.call('wpDelete', { params: { id } }));
}

/** GET /ads/list: every creative with its schedule, impressions and clicks. */
export function useAdCreatives() {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'ads'],
    queryFn: ({ signal }) => api.call('adsList', {}, { signal }),
  });
}

export function useSaveAdCreative() {
  const api = useApiClient();
  return useAdminMutation((body: AdCreativeInput) => api.call('adsAddOrUpdate', { body }));
}

export function useDeleteAdCreative() {
  const api = useApiClient();
  return useAdminMutation((id: string) => api.call('adsDelete', { params: { id } }));
}

/** Manufacturers of the firearms reference shown per page. */
export const FIREARM_REFERENCE_PAGE_SIZE = 20;

/** GET /pprAdmin/firearm-reference: a page of manufacturers with their models and variants. */
export function useFirearmReference(query: { keyword: string; page: number }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'firearm-reference', query],
    queryFn: ({ signal }) =>
      api.call(
        'adminFirearmReference',
        {
          query: {
            keyword: query.keyword || undefined,
            page: query.page,
            pageSize: FIREARM_REFERENCE_PAGE_SIZE,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /pprAdmin/firearm-reference/calibers: every caliber, for its table and the variants' choices. */
export function useFirearmCalibers() {
  const api = useApiClient();
  return useQuery({
    queryKey: [ADMIN_ROOT, 'firearm-calibers'],
    queryFn: ({ signal }) => api.call('adminFirearmCalibers', { query: {} }, { signal }),
  });
}

/** One write of the firearms reference: a record added, changed (renamed, aliases, deactivated) or removed. */
export type ReferenceWrite =
  | { op: 'add'; part: 'manufacturer'; body: NewManufacturer }
  | { op: 'add'; part: 'model'; body: NewModel }
  | { op: 'add'; part: 'variant'; body: NewVariant }
  | { op: 'add'; part: 'caliber'; body: NewCaliber }
  | { op: 'edit'; part: 'manufacturer'; id: string; body: ManufacturerChange }
  | { op: 'edit'; part: 'model'; id: string; body: ModelChange }
  | { op: 'edit'; part: 'variant'; id: string; body: VariantChange }
  | { op: 'edit'; part: 'caliber'; id: string; body: CaliberChange }
  | { op: 'remove'; part: 'manufacturer' | 'model' | 'variant' | 'caliber'; id: string };

/** The firearms reference's writes; each refreshes what the console shows (the lists and the audit log). */
export function useReferenceWrite() {
  const api = useApiClient();
  return useAdminMutation(async (write: ReferenceWrite): Promise<unknown> => {
    if (write.op === 'remove') {
      const params = { id: write.id };
      switch (write.part) {
        case 'manufacturer':
          return api.call('adminRemoveFirearmManufacturer', { params });
        case 'model':
          return api.call('adminRemoveFirearmModel', { params });
        case 'variant':
          return api.call('adminRemoveFirearmVariant', { params });
        case 'caliber':
          return api.call('adminRemoveFirearmCaliber', { params });
      }
    }
    if (write.op === 'add') {
      switch (write.part) {
        case 'manufacturer':
          return api.call('adminAddFirearmManufacturer', { body: write.body });
        case 'model':
          return api.call('adminAddFirearmModel', { body: write.body });
        case 'variant':
          return api.call('adminAddFirearmVariant', { body: write.body });
        case 'caliber':
          return api.call('adminAddFirearmCaliber', { body: write.body });
      }
    }
    const params = { id: write.id };
    switch (write.part) {
      case 'manufacturer':
        return api.call('adminEditFirearmManufacturer', { params, body: write.body });
      case 'model':
        return api.call('adminEditFirearmModel', { params, body: write.body });
      case 'variant':
        return api.call('adminEditFirearmVariant', { params, body: write.body });
      case 'caliber':
        return api.call('adminEditFirearmCaliber', { params, body: write.body });
    }
  });
}
