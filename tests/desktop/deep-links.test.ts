import { describe, expect, it, vi } from 'vitest';
import {
  createDeepLinkService,
  type DeepLinkSources,
  deepLinkPath,
  looksLikeDeepLink,
  parseDeepLink,
} from '../../src-main/services/deep-links.ts';

const HOSTS = ['ironsight.example', 'www.ironsight.example'];

describe('deep link parsing', () => {
  it.each([
    ['ironsight://classifieds/view123.aspx', '/listing?p=123'],
    ['ironsight://Classifieds/View_456.aspx?cmc=spring', '/listing?p=456&cmc=spring'],
    ['ironsight:///search.htm?keyword=glock', '/search?keyword=glock'],
    ['ironsight:default.htm', '/'],
    ['ironsight://newtoday', '/newthisweek'],
    ['ironsight://pistols.htm', '/firearms/handguns'],
    ['https://ironsight.example/classifieds/view789.aspx', '/listing?p=789'],
    ['https://WWW.Ironsight.example/register.htm', '/register'],
  ])('follows the legacy redirect of %s to %s', (link, path) => {
    expect(parseDeepLink(link, HOSTS)).toEqual({ kind: 'navigate', path });
  });

  it.each([
    ['ironsight://dashboard/messages/inbox', '/dashboard/messages/inbox'],
    [
      'ironsight://search?keyword=sig%20p365&listingType=local',
      '/search?keyword=sig%20p365&listingType=local',
    ],
    ['ironsight://brand/glock', '/brand/glock'],
    ['https://ironsight.example/guns-houston', '/guns-houston'],
    ['https://ironsight.example/listing?p=42#photos', '/listing?p=42'],
  ])('opens the page %s at %s', (link, path) => {
    expect(parseDeepLink(link, HOSTS)).toEqual({ kind: 'navigate', path });
  });

  it.each([
    ['ironsight://l/Ab3_x', '/l/Ab3_x'],
    ['ironsight://Search/Lister/5150', '/Search/Lister/5150'],
  ])('hands the lookup %s to the renderer as %s', (link, path) => {
    expect(parseDeepLink(link, HOSTS)).toEqual({ kind: 'navigate', path });
  });

  it('hands an unknown path to the renderer, which shows its not-found page', () => {
    expect(parseDeepLink('ironsight://no/such/page', HOSTS)).toEqual({
      kind: 'navigate',
      path: '/no/such/page',
    });
    expect(parseDeepLink('ironsight://classifieds/viewabc.aspx', HOSTS)).toEqual({
      kind: 'navigate',
      path: '/classifieds/viewabc.aspx',
    });
  });

  it('sends a link that leaves the app (Hunt365) to the browser, and keeps the digest in the app', () => {
    expect(parseDeepLink('ironsight://hunt365', HOSTS)).toEqual({
      kind: 'external',
      url: 'https://hunt365.ironsight.example/',
    });
    expect(parseDeepLink('ironsight://blog', HOSTS)).toEqual({ kind: 'navigate', path: '/digest' });
  });

  it.each([
    'https://evil.example/classifieds/view123.aspx',
    'http://ironsight.example/search',
    'https://user:pw@ironsight.example/search',
    'https://ironsight.example.evil.example/search',
    'file:///etc/passwd',
    'ironsight:\\\\evil\\share',
    '--inspect=9229',
    '',
  ])('ignores %j', (link) => {
    expect(parseDeepLink(link, HOSTS)).toMatchObject({ kind: 'ignore' });
  });

  it('keeps every path on the app’s own origin', () => {
    expect(deepLinkPath('ironsight:////evil.example/x', HOSTS)).toBe('/evil.example/x');
    expect(deepLinkPath('ironsight://../../etc/passwd', HOSTS)).toBe('/etc/passwd');
    expect(deepLinkPath('https://ironsight.example//evil.example/x', HOSTS)).toBeNull();
  });

  it('tells links apart from other command-line arguments', () => {
    expect(looksLikeDeepLink('IRONSIGHT://search', HOSTS)).toBe(true);
    expect(looksLikeDeepLink('https://ironsight.example/search', HOSTS)).toBe(true);
    expect(looksLikeDeepLink('--allow-file-access-from-files', HOSTS)).toBe(false);
    expect(looksLikeDeepLink('C:\\Program Files\\Ironsight\\Ironsight.exe', HOSTS)).toBe(false);
  });
});

describe('deep link service', () => {
  function setup() {
    let secondInstance: (argv: readonly string[]) => void = () => {};
    let openUrl: (url: string) => void = () => {};
    const sources: DeepLinkSources = {
      onSecondInstance: (listener) => {
        secondInstance = listener;
      },
      onOpenUrl: (listener) => {
        openUrl = listener;
      },
    };
    const navigate = vi.fn((_path: string) => {});
    const openExternal = vi.fn(async (_url: string) => true);
    const focusWindow = vi.fn();
    const onIgnored = vi.fn();
    const service = createDeepLinkService({
      productHosts: HOSTS,
      navigate,
      openExternal,
      focusWindow,
      onIgnored,
    });
    service.listen(sources);
    return {
      service,
      navigate,
      openExternal,
      focusWindow,
      onIgnored,
      secondInstance: (argv: string[]) => secondInstance(argv),
      openUrl: (url: string) => openUrl(url),
    };
  }

  it('on Windows/Linux, a second launch focuses the window and opens the link among its arguments', () => {
    const { secondInstance, navigate, focusWindow } = setup();
    secondInstance([
      'C:\\Program Files\\Ironsight\\Ironsight.exe',
      '--allow-file-access-from-files',
      'ironsight://classifieds/view123.aspx',
    ]);
    expect(focusWindow).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/listing?p=123');
  });

  it('a second launch without a link only focuses the window', () => {
    const { secondInstance, navigate, focusWindow } = setup();
    secondInstance(['/opt/Ironsight/ironsight']);
    expect(focusWindow).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on macOS, an open-url event opens the link', () => {
    const { openUrl, navigate } = setup();
    openUrl('ironsight://dashboard/buying/favorites');
    expect(navigate).toHaveBeenCalledWith('/dashboard/buying/favorites');
  });

  it('opens external targets in the browser, not in the window', () => {
    const { openUrl, navigate, openExternal } = setup();
    openUrl('ironsight://hunt365?s=optics');
    expect(openExternal).toHaveBeenCalledWith('https://hunt365.ironsight.example/?s=optics');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports links it ignores', () => {
    const { service, onIgnored, navigate } = setup();
    expect(service.handleUrl('https://evil.example/')).toMatchObject({ kind: 'ignore' });
    expect(onIgnored).toHaveBeenCalledWith('https://evil.example/', 'not an Ironsight link');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reads the launching link from the app’s own arguments', () => {
    const { service, navigate } = setup();
    expect(service.handleArgv(['.', 'https://ironsight.example/search.aspx'])).toEqual({
      kind: 'navigate',
      path: '/search',
    });
    expect(navigate).toHaveBeenCalledWith('/search');
    expect(service.handleArgv(['.'])).toBeNull();
  });
});
