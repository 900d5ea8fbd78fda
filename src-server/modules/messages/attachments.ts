import { stripImageMetadata } from '../../files/images.ts';
import type { UploadedFile } from '../../http/multipart.ts';

/** An attachment ready to store: its bytes (images re-encoded without metadata) and a safe name. */
export interface PreparedAttachment {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export const attachmentBlobKey = (attachmentId: string) => `message-attachments/${attachmentId}`;

const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const FILE_NAME_MAX = 120;

/**
 * The stored name: the client's name with its extension made to match the content, so a download
 * never opens as another kind of file than the one checked ("invoice.exe" holding a PDF becomes
 * "invoice.exe.pdf"); characters a file system or header would trip on become '_'.
 */
export function attachmentFileName(clientName: string | undefined, contentType: string): string {
  const extension = EXTENSION_OF_TYPE[contentType] ?? 'bin';
  const cleaned = (clientName ?? '')
    .replace(/["\\/:*?<>|;]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = cleaned.replace(new RegExp(`\\.(${extension}|jpeg)$`, 'i'), '') || 'attachment';
  return `${stem.slice(0, FILE_NAME_MAX)}.${extension}`;
}

/** Content-Disposition for a download: an ASCII fallback name and the exact one (RFC 6266, RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Each file as stored: images stripped of metadata (one at a time: decoding is heavy), PDFs as sent. */
export async function prepareAttachments(files: readonly UploadedFile[]): Promise<PreparedAttachment[]> {
  const prepared: PreparedAttachment[] = [];
  for (const file of files) {
    const data = file.mediaType.startsWith('image/') ? await stripImageMetadata(file) : file.data;
    prepared.push({
      fileName: attachmentFileName(file.fileName, file.mediaType),
      contentType: file.mediaType,
      data,
    });
  }
  return prepared;
}
