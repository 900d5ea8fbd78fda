import { INVENTORY_ENDPOINTS } from '../../../shared/contract/inventory.ts';

const UPLOAD = INVENTORY_ENDPOINTS.usersProcessBulkUploads.upload;

/** The largest file the server takes. */
export const INVENTORY_FILE_MAX_BYTES = UPLOAD.maxFileBytes;
export const INVENTORY_FILE_MAX_MB = Math.round(UPLOAD.maxFileBytes / (1024 * 1024));

const TEXT_EXTENSIONS = /\.(csv|txt)$/i;

/** Why a chosen file cannot be an inventory file, or null when it may be one. */
export function inventoryFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (/\.xls[xmb]?$/i.test(file.name)) {
    return `${file.name} is an Excel workbook. In Excel, use Save As and choose CSV UTF-8.`;
  }
  const typeOk = file.type === '' || (UPLOAD.accept as readonly string[]).includes(file.type);
  if (!TEXT_EXTENSIONS.test(file.name) && !typeOk) {
    return `${file.name} is not a CSV file. In Excel, use Save As and choose CSV UTF-8.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > INVENTORY_FILE_MAX_BYTES) {
    return `${file.name} is larger than ${INVENTORY_FILE_MAX_MB} MB. Split it into smaller files.`;
  }
  return null;
}
