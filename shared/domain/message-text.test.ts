import { describe, expect, it } from 'vitest';
import { messageTextParts, safeLinkTarget } from './message-text.ts';

describe('message text', () => {
  it.each([
    ['no address at all', [{ kind: 'text', text: 'no address at all' }]],
    [
      'see https://example.com/a?b=1.',
      [
        { kind: 'text', text: 'see ' },
        { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
        { kind: 'text', text: '.' },
      ],
    ],
    [
      '(www.example.com)',
      [
        { kind: 'text', text: '(' },
        { kind: 'link', text: 'www.example.com', href: 'https://www.example.com/' },
        { kind: 'text', text: ')' },
      ],
    ],
  ] as const)('%s', (body, parts) => {
    expect(messageTextParts(body)).toEqual(parts);
  });

  it('leaves script and data addresses, and markup, as text', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.test">y</a>']) {
      const parts = messageTextParts(body);
      expect(parts.map((part) => part.text).join('')).toBe(body);
      for (const part of parts) if (part.kind === 'link') expect(part.href).toMatch(/^https?:\/\//);
    }
    expect(messageTextParts('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });

  it('refuses addresses with credentials in them', () => {
    expect(safeLinkTarget('https://user:pw@example.com')).toBeNull();
    expect(messageTextParts('https://user:pw@example.com')).toEqual([
      { kind: 'text', text: 'https://user:pw@example.com' },
    ]);
  });
});
