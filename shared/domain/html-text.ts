/*
 * Kept apart from text.ts (which builds zod schemas): pages that only show descriptions need no zod.
 */

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * The words of a listing description, which is sanitized HTML (a few formatting tags and links):
 * inline tags are removed and block tags become spaces, a tag cut off by an excerpt is dropped, the entities the sanitizer writes are
 * decoded, and runs of white space become one space. For card summaries and page descriptions.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/?(?:strong|em|a|b|i)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/<[a-z/!][^>]*$/i, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_entity, name: string) => HTML_ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
