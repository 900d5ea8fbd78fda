import { describe, expect, it } from 'vitest';
import { hasReadableText, sanitizeDescription } from './description.ts';

const REL = 'rel="nofollow noopener noreferrer"';

describe('sanitizeDescription', () => {
  it.each([
    ['<p>Plain <strong>bold</strong> <em>it</em></p>', '<p>Plain <strong>bold</strong> <em>it</em></p>'],
    ['<b>b</b><i>i</i>', '<strong>b</strong><em>i</em>'],
    [
      '<h3>Box</h3><h4>Extras</h4><blockquote>q</blockquote><ol><li>1</li></ol><br>',
      '<h3>Box</h3><h4>Extras</h4><blockquote>q</blockquote><ol><li>1</li></ol><br />',
    ],
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<p onclick="x()" style="color:red" class="c">Hi</p>', '<p>Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,hi">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    [
      '<a href="https://example.com/a" target="_blank" rel="opener">ok</a>',
      `<a href="https://example.com/a" ${REL}>ok</a>`,
    ],
    ['<a href="mailto:seller@example.com">mail</a>', `<a href="mailto:seller@example.com" ${REL}>mail</a>`],
    ['<img src=x onerror=alert(1)><iframe src="https://x"></iframe><svg onload=alert(1)></svg>ok', 'ok'],
    ['<h1>Big</h1><div>block</div>', 'Bigblock'],
  ])('%s → %s', (html, clean) => {
    expect(sanitizeDescription(html)).toBe(clean);
  });
});

describe('hasReadableText', () => {
  it('is false for markup without words', () => {
    expect(hasReadableText(sanitizeDescription('<script>x</script><p> </p><br>'))).toBe(false);
    expect(hasReadableText('<p>Words</p>')).toBe(true);
  });
});
