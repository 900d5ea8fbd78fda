import type { InvoiceSummary } from '../../../shared/contract/billing-ledger.ts';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * Downloads an invoice's PDF with the session's bearer header (the token never goes in a link)
 * and hands it to the browser as a file to save.
 */
export async function downloadInvoicePdf(
  api: ApiClient,
  invoice: Pick<InvoiceSummary, 'id' | 'number'>,
): Promise<void> {
  const bytes = await api.call('billingInvoicePdf', { params: { id: invoice.id } });
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${invoice.number}.pdf`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Released after the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
