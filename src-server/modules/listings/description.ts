import sanitizeHtml from 'sanitize-html';

/**
 * The rich text a listing description may keep: paragraphs, line breaks, bold, italic, lists,
 * small headings, quotes and links (http, https and mailto only). Everything else is dropped with
 * its tags, keeping its text; scripts and styles are dropped with their content, and no attribute
 * but a link's href survives, so no event handler or inline style can reach a buyer's page.
 */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'],
  // A link's attributes are rebuilt below: its href and our rel, nothing from the input besides.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  // b and i are what most editors produce for bold and italic.
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs:
        attribs.href && SAFE_LINK.test(attribs.href.trim())
          ? { href: attribs.href.trim(), rel: 'nofollow noopener noreferrer' }
          : ({} as sanitizeHtml.Attributes),
    }),
  },
};

/** A description as it is stored and served: only the allowed tags and links, trimmed. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether a sanitized description holds any text a buyer would read. */
export function hasReadableText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}
