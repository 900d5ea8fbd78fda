import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** Every billing query of the signed-in user sits under this key (dropped at sign-out). */
export const BILLING_ROOT = 'billing';

/** GET /billing/summary: the plan, balances and amounts owed. */
export function useBillingSummary() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [BILLING_ROOT, 'summary', user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('billingSummary'),
  });
}

/** GET /billing/invoices, newest first. */
export function useInvoices() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [BILLING_ROOT, 'invoices', user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('billingInvoices'),
  });
}

/** GET /billing/invoices/{id} with its lines. */
export function useInvoice(id: string) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [BILLING_ROOT, 'invoice', user?.id ?? null, id],
    enabled: user !== null,
    queryFn: () => api.call('billingInvoice', { params: { id } }),
  });
}

/** GET /billing/payments, newest first. */
export function usePayments() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [BILLING_ROOT, 'payments', user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('billingPayments'),
  });
}

export const paymentMethodsKey = (userId: string | null) => [BILLING_ROOT, 'payment-methods', userId];

/** GET /billing/payment-methods: the stored cards. */
export function usePaymentMethods() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: paymentMethodsKey(user?.id ?? null),
    enabled: user !== null,
    queryFn: () => api.call('billingPaymentMethods'),
  });
}

/** POST /users/getEscrowAccount for the caller's own account. */
export function useEscrowAccount() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [BILLING_ROOT, 'escrow', user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('usersGetEscrowAccount', { body: { userId: user?.id ?? '' } }),
  });
}
