/**
 * A message body is plain text. Screens show it as text, with web addresses turned into links that
 * are not trusted (rel="nofollow noopener"): only http(s) addresses (or www. ones, read as https)
 * become links, so a `javascript:` or `data:` address stays text.
 */
export type MessageTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** What the rel attribute of a link in a message says: not endorsed, and no hold on this window. */
export const MESSAGE_LINK_REL = 'nofollow noopener noreferrer';

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The address a link may open, or null when it is not a plain http(s) address. */
export function safeLinkTarget(text: string): string | null {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

export function messageTextParts(body: string): MessageTextPart[] {
  const parts: MessageTextPart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of body.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    pushText(body.slice(last, start));
    const href = safeLinkTarget(address);
    if (href) parts.push({ kind: 'link', text: address, href });
    else pushText(address);
    last = start + address.length;
  }
  pushText(body.slice(last));
  return parts;
}
