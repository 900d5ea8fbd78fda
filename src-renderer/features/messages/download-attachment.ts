import type { MessageAttachment } from '../../../shared/contract/messages.ts';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * Downloads an attachment with the session's bearer header (the token never goes in a link) and
 * hands it to the browser as a file to save, under its stored name.
 */
export async function downloadAttachment(api: ApiClient, attachment: MessageAttachment): Promise<void> {
  const bytes = await api.call('messagesAttachment', { params: { id: attachment.id } });
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: attachment.contentType }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachment.fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Released after the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
