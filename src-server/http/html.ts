import { withoutControlCharacters } from '../../shared/domain/text.ts';

/** Page text can echo a URL (a search keyword), so control characters never reach the HTML. */
export const escapeHtml = (value: string) =>
  withoutControlCharacters(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
