import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_URL, safeReturnUrl } from './return-url.ts';

const OWN_HOSTS = ['ironsight.example'] as const;

describe('return URL rule', () => {
  it.each([
    ['/search?keyword=glock', '/search?keyword=glock'],
    ['/dashboard/buying/favorites', '/dashboard/buying/favorites'],
    ['/', '/'],
    ['/digest', '/digest'],
    ['  /cart/view  ', '/cart/view'],
    ['https://ironsight.example/cart/view', 'https://ironsight.example/cart/view'],
    [
      'https://www.ironsight.example/search?keyword=ar15',
      'https://www.ironsight.example/search?keyword=ar15',
    ],
    ['https://IRONSIGHT.example/x', 'https://ironsight.example/x'],
    ['http://ironsight.example:8080/x', 'http://ironsight.example:8080/x'],
  ])('keeps %j as %j', (raw, expected) => {
    expect(safeReturnUrl(raw, OWN_HOSTS)).toBe(expected);
  });

  it.each([
    ['foreign host', 'https://evil.example/phish'],
    ['own name as a foreign subdomain', 'https://ironsight.example.evil.example/'],
    ['own name as a suffix of a foreign name', 'https://notironsight.example/'],
    ['credentials before a foreign host', 'https://ironsight.example@evil.example/'],
    ['credentials on the own host', 'https://user:pass@ironsight.example/'],
    ['relative without a slash', 'dashboard'],
    ['dot-relative', './dashboard'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['tab inside the slashes', '/\t/evil.example'],
    ['newline inside the slashes', '/\n/evil.example'],
    ['header injection', '/search\r\nSet-Cookie: session=x'],
    ['dot segments normalising to //host', '/a/..//evil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['javascript: URL in capitals', 'JavaScript:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['scheme without slashes to a foreign host', 'https:evil.example'],
    ['ftp on the own host', 'ftp://ironsight.example/file'],
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('falls back to /dashboard: %s', (_case, raw) => {
    expect(safeReturnUrl(raw, OWN_HOSTS)).toBe('/dashboard');
  });

  it('the fallback is /dashboard', () => {
    expect(DEFAULT_RETURN_URL).toBe('/dashboard');
  });

  it('keeps no absolute URL when no own host is configured', () => {
    expect(safeReturnUrl('https://ironsight.example/cart', [])).toBe('/dashboard');
  });

  it.each([
    ['localhost:5173', 'http://localhost:5173/search', 'http://localhost:5173/search'],
    ['localhost:5173', 'http://localhost:3000/search', '/dashboard'],
    ['.ironsight.example', 'https://shop.ironsight.example/', 'https://shop.ironsight.example/'],
  ])('own host %j: %j → %j', (own, raw, expected) => {
    expect(safeReturnUrl(raw, [own])).toBe(expected);
  });
});
