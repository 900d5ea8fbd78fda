import { afterEach, describe, expect, it } from 'vitest';
import { createWebPlatform, parentCookieDomain, tokenCookie } from './web-platform.ts';

const TOKEN = 'header.payload.signature';

function cookieValue(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry === undefined ? null : decodeURIComponent(entry.slice(name.length + 1));
}

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the browser's session cookie is what is under test
  document.cookie = 'gatoken=; Max-Age=0; Path=/';
});

describe('web platform token storage', () => {
  it('keeps the token in localStorage under gatoken and in the gatoken cookie', async () => {
    const platform = createWebPlatform(window);

    await platform.setToken(TOKEN);

    expect(localStorage.getItem('gatoken')).toBe(TOKEN);
    expect(cookieValue('gatoken')).toBe(TOKEN);
    expect(await platform.getToken()).toBe(TOKEN);
  });

  it('forgets the token in both places on clear', async () => {
    const platform = createWebPlatform(window);
    await platform.setToken(TOKEN);

    await platform.clearToken();

    expect(localStorage.getItem('gatoken')).toBeNull();
    expect(cookieValue('gatoken')).toBeNull();
    expect(await platform.getToken()).toBeNull();
  });

  it('reads the session from the cookie when another subdomain signed in', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: another subdomain of the product set the session cookie
    document.cookie = `gatoken=${encodeURIComponent(TOKEN)}; Path=/`;

    expect(await createWebPlatform(window).getToken()).toBe(TOKEN);
  });

  it('writes a cookie valid 24 hours on path / of the parent domain', () => {
    const now = new Date('2026-05-01T10:00:00.000Z');

    const cookie = tokenCookie(TOKEN, { hostname: 'www.ironsight.example', protocol: 'https:' }, now);

    expect(cookie.split('; ')).toEqual([
      `gatoken=${TOKEN}`,
      'Max-Age=86400',
      'Expires=Sat, 02 May 2026 10:00:00 GMT',
      'Path=/',
      'Domain=ironsight.example',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  it('expires the cookie when the token is cleared', () => {
    const cookie = tokenCookie(null, { hostname: 'shop.ironsight.example', protocol: 'https:' });

    expect(cookie).toContain('gatoken=;');
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Domain=ironsight.example');
  });

  it('sets no cookie domain for localhost and IP addresses', () => {
    expect(parentCookieDomain('localhost')).toBeUndefined();
    expect(parentCookieDomain('127.0.0.1')).toBeUndefined();
    expect(parentCookieDomain('ironsight.example')).toBe('ironsight.example');
    expect(parentCookieDomain('a.b.ironsight.example')).toBe('ironsight.example');
  });
});

describe('web platform files and links', () => {
  it('picks files through a hidden file input that accepts the kind’s types', async () => {
    const platform = createWebPlatform(window);
    const picking = platform.pickFiles('identificationPhotos');
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toBe('image/jpeg,image/png,image/webp');
    expect(input?.multiple).toBe(true);
    expect(input?.hidden).toBe(true);

    input?.dispatchEvent(new Event('cancel'));

    expect(await picking).toEqual([]);
    expect(document.body.querySelector('input[type="file"]')).toBeNull();
  });

  it('is the web platform with the API on the same origin', () => {
    const platform = createWebPlatform(window);

    expect(platform.kind).toBe('web');
    expect(platform.apiOrigin).toBe('');
  });
});
