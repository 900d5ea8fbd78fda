import { describe, expect, it } from 'vitest';
import { DEFAULT_API_ORIGIN, DEFAULT_PRODUCT_HOSTS, loadDesktopConfig } from '../../src-main/config.ts';

describe('desktop configuration', () => {
  it('defaults to the local API server and the product’s hosts', () => {
    expect(loadDesktopConfig({}, { isPackaged: true })).toEqual({
      apiOrigin: DEFAULT_API_ORIGIN,
      productHosts: [...DEFAULT_PRODUCT_HOSTS],
      rendererDevUrl: null,
      updateFeedUrl: null,
    });
    expect(DEFAULT_API_ORIGIN).toBe('http://localhost:3000');
  });

  it('reads the API origin from IRONSIGHT_API_ORIGIN, reduced to an origin', () => {
    const config = loadDesktopConfig(
      { IRONSIGHT_API_ORIGIN: ' https://api.ironsight.example/v1/ ' },
      { isPackaged: true },
    );
    expect(config.apiOrigin).toBe('https://api.ironsight.example');
  });

  it('treats a blank variable as unset', () => {
    expect(loadDesktopConfig({ IRONSIGHT_API_ORIGIN: '  ' }, { isPackaged: true }).apiOrigin).toBe(
      DEFAULT_API_ORIGIN,
    );
  });

  it.each(['ftp://api.ironsight.example', 'not a url', 'javascript:alert(1)'])(
    'stops with a clear message for IRONSIGHT_API_ORIGIN=%s',
    (value) => {
      expect(() => loadDesktopConfig({ IRONSIGHT_API_ORIGIN: value }, { isPackaged: true })).toThrow(
        /Invalid desktop configuration — IRONSIGHT_API_ORIGIN/,
      );
    },
  );

  it('reads extra deep-link hosts from IRONSIGHT_PRODUCT_HOSTS', () => {
    const config = loadDesktopConfig(
      { IRONSIGHT_PRODUCT_HOSTS: 'Staging.Ironsight.example, ironsight.example,' },
      { isPackaged: true },
    );
    expect(config.productHosts).toEqual(['staging.ironsight.example', 'ironsight.example']);
  });

  it('reads the update feed from IRONSIGHT_UPDATE_URL, an http(s) address only', () => {
    const feed = 'https://ironsight.example/desktop/updates/';
    expect(loadDesktopConfig({ IRONSIGHT_UPDATE_URL: ` ${feed} ` }, { isPackaged: true }).updateFeedUrl).toBe(
      feed,
    );
    expect(() =>
      loadDesktopConfig({ IRONSIGHT_UPDATE_URL: 'file:///srv/updates/' }, { isPackaged: true }),
    ).toThrow(/Invalid desktop configuration — IRONSIGHT_UPDATE_URL/);
  });

  it('uses the renderer dev server only in unpackaged runs', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };
    expect(loadDesktopConfig(env, { isPackaged: false }).rendererDevUrl).toBe('http://localhost:5173');
    expect(loadDesktopConfig(env, { isPackaged: true }).rendererDevUrl).toBeNull();
  });
});
