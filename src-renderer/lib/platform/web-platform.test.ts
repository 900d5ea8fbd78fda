import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuredCookieDomain, createWebPlatform, tokenCookie } from './web-platform.ts';

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

  it('writes a cookie valid 24 hours on path / of the configured domain', () => {
    const now = new Date('2026-05-01T10:00:00.000Z');

    const cookie = tokenCookie(TOKEN, { protocol: 'https:' }, 'ironsight.co.uk', now);

    expect(cookie.split('; ')).toEqual([
      `gatoken=${TOKEN}`,
      'Max-Age=86400',
      'Expires=Sat, 02 May 2026 10:00:00 GMT',
      'Path=/',
      'Domain=ironsight.co.uk',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  it('writes a host-only cookie without a configured domain', () => {
    const cookie = tokenCookie(TOKEN, { protocol: 'http:' }, undefined);

    expect(cookie).not.toContain('Domain=');
    expect(cookie).not.toContain('Secure');
  });

  it('expires the cookie when the token is cleared', () => {
    const cookie = tokenCookie(null, { protocol: 'https:' }, 'ironsight.example');

    expect(cookie).toContain('gatoken=;');
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Domain=ironsight.example');
  });
});

describe('the cookie domain told by the server', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  });
  const withMeta = (content: string) => {
    const meta = document.createElement('meta');
    meta.name = 'ironsight:cookie-domain';
    meta.content = content;
    document.head.append(meta);
  };

  it('is the meta of the page head when the host is that domain or under it', () => {
    withMeta('ironsight.co.uk');
    expect(configuredCookieDomain(document, 'www.ironsight.co.uk')).toBe('ironsight.co.uk');
    expect(configuredCookieDomain(document, 'shop.eu.ironsight.co.uk')).toBe('ironsight.co.uk');
    expect(configuredCookieDomain(document, 'ironsight.co.uk')).toBe('ironsight.co.uk');
  });

  it('is never a public suffix guessed from the host name: without the meta the cookie is host-only', () => {
    expect(configuredCookieDomain(document, 'www.ironsight.co.uk')).toBeUndefined();
    expect(configuredCookieDomain(document, 'localhost')).toBeUndefined();
  });

  it('is ignored when the page is not on that domain (a browser would refuse the cookie)', () => {
    withMeta('ironsight.example');
    expect(configuredCookieDomain(document, 'evilironsight.example')).toBeUndefined();
    expect(configuredCookieDomain(document, 'other.example')).toBeUndefined();
  });

  it('is the domain the web platform writes the cookie for', async () => {
    withMeta('localhost.test');
    const written: string[] = [];
    const fakeDocument = {
      querySelector: (selector: string) => document.querySelector(selector),
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
    } as unknown as Document;
    const fakeWindow = {
      document: fakeDocument,
      location: { hostname: 'www.localhost.test', protocol: 'http:' },
      localStorage,
    } as unknown as Window;
    const platform = createWebPlatform(fakeWindow);

    await platform.setToken(TOKEN);
    await platform.clearToken();

    expect(written[0]).toContain('Domain=localhost.test');
    expect(written[1]).toContain('Domain=localhost.test');
    expect(written[1]).toContain('Max-Age=0');
    // The host-only variant is expired too.
    expect(written[2]).toContain('Max-Age=0');
    expect(written[2]).not.toContain('Domain=');
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

  it('leaves the app by sending the tab to the other site', async () => {
    const assign = vi.fn();
    const fakeWindow = {
      document,
      location: { hostname: 'localhost', protocol: 'http:', assign },
    } as unknown as Window;
    const platform = createWebPlatform(fakeWindow);

    expect(await platform.leaveApp('https://digest.ironsight.example/')).toBe('left');
    expect(assign).toHaveBeenCalledWith('https://digest.ironsight.example/');
  });

  it('is the web platform with the API on the same origin', () => {
    const platform = createWebPlatform(window);

    expect(platform.kind).toBe('web');
    expect(platform.apiOrigin).toBe('');
    // The desktop client's own services do not exist on the web.
    expect(platform.watchedFolder).toBeNull();
    expect(platform.outbox).toBeNull();
  });
});
