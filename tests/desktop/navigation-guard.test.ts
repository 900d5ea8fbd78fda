import { describe, expect, it, vi } from 'vitest';
import { createNavigationGuard } from '../../src-main/navigation-guard.ts';
import { isPermissionGranted } from '../../src-main/permission-policy.ts';

function setup(appOrigins = ['app://ironsight']) {
  const openExternal = vi.fn(async (_url: string) => {});
  const navigateInApp = vi.fn((_path: string) => {});
  const onBlocked = vi.fn((_url: string, _reason: string) => {});
  const guard = createNavigationGuard({ appOrigins, openExternal, navigateInApp, onBlocked });
  return { guard, openExternal, navigateInApp, onBlocked };
}

describe('navigation guard', () => {
  it('lets the window move between the app’s own pages', () => {
    const { guard, openExternal } = setup();
    expect(guard.allowNavigation('app://ironsight/dashboard/selling/listings')).toBe(true);
    expect(guard.allowNavigation('app://ironsight/search?keyword=ar15')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('keeps the window on the app and opens web pages in the OS browser', () => {
    const { guard, openExternal } = setup();
    expect(guard.allowNavigation('https://help.ironsight.example/faq')).toBe(false);
    expect(openExternal).toHaveBeenCalledWith('https://help.ironsight.example/faq');
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://evil/index.html',
    'smb://share/x',
    'data:text/html,<script>1</script>',
    'https://user:secret@ironsight.example/',
  ])('refuses %s without handing it to the OS', (url) => {
    const { guard, openExternal, onBlocked } = setup();
    expect(guard.allowNavigation(url)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalled();
  });

  it('never opens a second window: web pages go to the browser, app pages to the same window', () => {
    const { guard, openExternal, navigateInApp } = setup();
    expect(guard.handleWindowOpen('https://digest.ironsight.example/?s=glock')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://digest.ironsight.example/?s=glock');
    expect(guard.handleWindowOpen('app://ironsight/listing?p=5#photos')).toEqual({ action: 'deny' });
    expect(navigateInApp).toHaveBeenCalledWith('/listing?p=5#photos');
    expect(guard.handleWindowOpen('file:///C:/Windows/System32/calc.exe')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('opens only http(s) addresses externally and reports a browser failure', async () => {
    const { guard, openExternal, onBlocked } = setup();
    await expect(guard.openInBrowser('ms-msdt:/id PCWDiagnostic')).resolves.toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
    openExternal.mockRejectedValueOnce(new Error('no browser'));
    await expect(guard.openInBrowser('https://hunt365.ironsight.example/')).resolves.toBe(false);
    expect(onBlocked).toHaveBeenLastCalledWith('https://hunt365.ironsight.example/', 'no browser');
  });

  it('treats the renderer dev server as the app in development', () => {
    const { guard } = setup(['app://ironsight', 'http://localhost:5173']);
    expect(guard.isAppUrl('http://localhost:5173/cart/view')).toBe(true);
    expect(guard.isAppUrl('http://localhost:3000/api/listings')).toBe(false);
  });
});

describe('web permissions', () => {
  const isAppUrl = (url: string) => url.startsWith('app://ironsight');

  it('grants clipboard writing and fullscreen to app pages only', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://ironsight/listing?p=1', isAppUrl)).toBe(
      true,
    );
    expect(isPermissionGranted('fullscreen', 'app://ironsight/', isAppUrl)).toBe(true);
    expect(isPermissionGranted('fullscreen', 'https://ads.example/', isAppUrl)).toBe(false);
  });

  it.each(['media', 'geolocation', 'notifications', 'openExternal', 'hid', 'clipboard-read'])(
    'refuses %s: native features go through the desktop bridge',
    (permission) => {
      expect(isPermissionGranted(permission, 'app://ironsight/', isAppUrl)).toBe(false);
    },
  );
});
