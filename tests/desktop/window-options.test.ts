import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicyFor,
  createMainWindowOptions,
  createWebPreferences,
} from '../../src-main/window-options.ts';

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources] as const;
    }),
  );

describe('main window web preferences', () => {
  const preferences = createWebPreferences({
    preloadPath: '/app/out/preload/index.cjs',
    additionalArguments: ['--ironsight-api-origin=https://api.ironsight.example'],
    isPackaged: true,
  });

  it('isolates and sandboxes the renderer with no Node access', () => {
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('loads the preload and passes it the launch values', () => {
    expect(preferences.preload).toBe('/app/out/preload/index.cjs');
    expect(preferences.additionalArguments).toEqual(['--ironsight-api-origin=https://api.ironsight.example']);
  });

  it('offers DevTools only in development builds', () => {
    expect(preferences.devTools).toBe(false);
    expect(
      createWebPreferences({ preloadPath: 'p', additionalArguments: [], isPackaged: false }).devTools,
    ).toBe(true);
  });

  it('opens hidden until the first paint is ready', () => {
    expect(createMainWindowOptions()).toMatchObject({ show: false, title: 'Ironsight' });
  });
});

describe('content security policy', () => {
  const policy = directives(contentSecurityPolicyFor('https://api.ironsight.example/some/path'));

  it('allows scripts from the app only: no inline scripts, no eval', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('lets the renderer call the API and show its images, and nothing else remote', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.ironsight.example']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.ironsight.example']);
    for (const [name, sources] of policy) {
      if (name === 'connect-src' || name === 'img-src') continue;
      expect(sources.join(' '), name).not.toContain('http');
    }
  });

  it('forbids plugins, base rewriting and framing', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it("keeps 'unsafe-inline' to styles", () => {
    for (const [name, sources] of Object.entries(CONTENT_SECURITY_POLICY)) {
      if (name === 'style-src') continue;
      expect(sources as readonly string[], name).not.toContain("'unsafe-inline'");
    }
  });
});
