import { describe, expect, it } from 'vitest';
import {
  createAppProtocolHandler,
  loadRendererFiles,
  planAppRequest,
  type RendererFiles,
} from '../../src-main/app-protocol.ts';
import { bytes } from './fakes.ts';

const BUILT = new Map<string, string>([
  ['index.html', '<!doctype html><div id="root"></div>'],
  ['favicon.svg', '<svg/>'],
  ['assets/index-3f2a.js', 'console.info(1)'],
  ['assets/index-9c1b.css', 'body{}'],
  ['assets/logo-77aa.png', 'png'],
  ['assets/inter-latin.woff2', 'font'],
]);
const hasFile = (path: string) => BUILT.has(path);

const renderer: RendererFiles = {
  files: new Set(BUILT.keys()),
  read: async (path) => {
    const text = BUILT.get(path);
    if (text === undefined) throw new Error('missing');
    return bytes(text);
  },
};
const CSP = "default-src 'self'; script-src 'self'";
const handler = createAppProtocolHandler({ renderer, contentSecurityPolicy: CSP });

describe('app:// request plan', () => {
  it.each([
    ['app://ironsight/', 'index.html', 'text/html; charset=utf-8'],
    ['app://ironsight', 'index.html', 'text/html; charset=utf-8'],
    ['app://ironsight/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['app://ironsight/assets/index-3f2a.js', 'assets/index-3f2a.js', 'text/javascript; charset=utf-8'],
    ['app://ironsight/assets/index-9c1b.css?v=2', 'assets/index-9c1b.css', 'text/css; charset=utf-8'],
    ['app://ironsight/assets/logo-77aa.png#x', 'assets/logo-77aa.png', 'image/png'],
    ['app://ironsight/assets/inter-latin.woff2', 'assets/inter-latin.woff2', 'font/woff2'],
    ['app://ironsight/favicon.svg', 'favicon.svg', 'image/svg+xml'],
    ['APP://IRONSIGHT/favicon.svg', 'favicon.svg', 'image/svg+xml'],
  ])('serves the built file for %s', (url, relativePath, contentType) => {
    expect(planAppRequest(url, hasFile)).toEqual({ kind: 'file', relativePath, contentType });
  });

  it.each([
    'app://ironsight/dashboard/messages/inbox',
    'app://ironsight/listing?p=123',
    'app://ironsight/search?keyword=glock%2019&listingType=local',
    'app://ironsight/brand/sig-sauer',
    // Legacy addresses are pages too: the router redirects them.
    'app://ironsight/classifieds/view123.aspx',
    'app://ironsight/search.htm',
    'app://ironsight/default.htm',
    'app://ironsight/no-such-page',
  ])('gives index.html to the client route %s', (url) => {
    expect(planAppRequest(url, hasFile)).toEqual({
      kind: 'file',
      relativePath: 'index.html',
      contentType: 'text/html; charset=utf-8',
    });
  });

  it.each([
    'app://ironsight/assets/index-old.js',
    'app://ironsight/assets/anything',
    'app://ironsight/missing-logo.png',
    'app://ironsight/.vite/manifest.json',
  ])('answers 404 for the missing asset %s rather than serving the page as a script', (url) => {
    expect(planAppRequest(url, hasFile)).toEqual({ kind: 'notFound' });
  });

  it.each([
    'app://ironsight/../../etc/passwd',
    'app://ironsight/assets/../../../etc/passwd',
    'app://ironsight/%2e%2e/%2e%2e/etc/passwd',
    'app://ironsight/assets/..%2f..%2fetc%2fpasswd',
    'app://ironsight/assets%5c..%5c..%5cwindows%5cwin.ini',
    'app://ironsight/assets\\..\\secret',
    'app://ironsight/./index.html',
    'app://ironsight/file%00.js',
    'app://ironsight/%E0%A4%A',
  ])('refuses the traversal attempt %s', (url) => {
    expect(planAppRequest(url, hasFile)).toMatchObject({ kind: 'forbidden' });
  });

  it.each([
    'app://evil/index.html',
    'app://ironsight.evil/index.html',
    'app://ironsight@evil/',
    'file:///etc/passwd',
  ])('refuses the foreign address %s', (url) => {
    expect(planAppRequest(url, hasFile)).toMatchObject({ kind: 'forbidden' });
  });

  it('never looks up a name a file system could misread', () => {
    const asked: string[] = [];
    planAppRequest('app://ironsight/C:/Windows/win.ini', (path) => {
      asked.push(path);
      return true;
    });
    planAppRequest('app://ironsight/index.html::$DATA', (path) => {
      asked.push(path);
      return true;
    });
    expect(asked).toEqual([]);
  });
});

describe('app:// protocol handler', () => {
  it('serves index.html for a client route with the CSP and nosniff headers', async () => {
    const response = await handler(new Request('app://ironsight/dashboard/buying/favorites'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('id="root"');
  });

  it('serves a hashed asset with its type and a long cache life', async () => {
    const response = await handler(new Request('app://ironsight/assets/index-3f2a.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('console.info(1)');
  });

  it('answers a traversal attempt with 403 and no file content', async () => {
    const response = await handler(new Request('app://ironsight/assets/..%2f..%2fetc%2fpasswd'));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Forbidden');
  });

  it('answers a missing asset with 404', async () => {
    const response = await handler(new Request('app://ironsight/assets/gone.js'));
    expect(response.status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await handler(new Request('app://ironsight/favicon.svg', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('6');
    expect(await head.text()).toBe('');
    const post = await handler(new Request('app://ironsight/', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('renderer folder listing', () => {
  type Entry = { name: string; isFile(): boolean; isDirectory(): boolean };
  const file = (name: string): Entry => ({ name, isFile: () => true, isDirectory: () => false });
  const folder = (name: string): Entry => ({ name, isFile: () => false, isDirectory: () => true });
  const symlink = (name: string): Entry => ({ name, isFile: () => false, isDirectory: () => false });
  const tree: Record<string, Entry[]> = {
    '/app/out/renderer': [file('index.html'), folder('assets'), symlink('passwd')],
    '/app/out/renderer/assets': [file('index-3f2a.js'), symlink('escape.js')],
  };
  const read: string[] = [];
  const fs = {
    readdir: async (path: string) => tree[path] ?? [],
    readFile: async (path: string) => {
      read.push(path);
      return bytes(path);
    },
  };

  it('lists real files only, skipping symbolic links', async () => {
    const files = await loadRendererFiles('/app/out/renderer/', fs);
    expect([...files.files].sort()).toEqual(['assets/index-3f2a.js', 'index.html']);
  });

  it('reads only listed files, from inside the renderer folder', async () => {
    const files = await loadRendererFiles('/app/out/renderer', fs);
    await expect(files.read('assets/index-3f2a.js')).resolves.toEqual(
      bytes('/app/out/renderer/assets/index-3f2a.js'),
    );
    await expect(files.read('../secrets.txt')).rejects.toThrow('Not a renderer file');
    await expect(files.read('passwd')).rejects.toThrow('Not a renderer file');
    expect(read).toEqual(['/app/out/renderer/assets/index-3f2a.js']);
  });
});
