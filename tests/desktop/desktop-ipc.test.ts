import { describe, expect, it } from 'vitest';
import {
  appPathSchema,
  desktopInvokeChannels,
  externalUrlSchema,
  formatLaunchArguments,
  parseLaunchArguments,
  sessionTokenSchema,
} from '../../shared/desktop-ipc.ts';

describe('desktop IPC contract', () => {
  it('names each channel once, by what it does', () => {
    expect(Object.keys(desktopInvokeChannels).sort()).toEqual([
      'admin-token-vault:clear',
      'admin-token-vault:get',
      'admin-token-vault:set',
      'files:pick',
      'notifications:show',
      'settings:message-notifications:get',
      'settings:message-notifications:set',
      'shell:open-external',
      'token-vault:clear',
      'token-vault:get',
      'token-vault:is-strong',
      'token-vault:set',
      'unread:report',
    ]);
  });

  it.each(['/', '/dashboard/messages/inbox', '/listing?p=123', '/search?keyword=sig%20p365#top'])(
    'accepts the app path %s',
    (path) => {
      expect(appPathSchema.safeParse(path).success).toBe(true);
    },
  );

  it.each(['', 'dashboard', '//evil.example/', '/\\evil.example', 'https://evil.example/', '/a b', '/a\nb'])(
    'refuses %j as an app path',
    (path) => {
      expect(appPathSchema.safeParse(path).success).toBe(false);
    },
  );

  it('lets only plain web addresses leave the app', () => {
    expect(externalUrlSchema.safeParse('https://help.ironsight.example/').success).toBe(true);
    expect(externalUrlSchema.safeParse('http://localhost:3000/').success).toBe(true);
    for (const url of ['file:///etc/passwd', 'mailto:a@b.c', 'https://a:b@evil.example/', 'not a url']) {
      expect(externalUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });

  it('accepts a JWT as a session token and nothing with whitespace', () => {
    expect(sessionTokenSchema.safeParse('eyJ.eyJ.sig-_').success).toBe(true);
    expect(sessionTokenSchema.safeParse('eyJ eyJ').success).toBe(false);
    expect(sessionTokenSchema.safeParse('x'.repeat(16_385)).success).toBe(false);
  });

  it('passes the launch values to the preload and reads them back', () => {
    const argv = [
      '/opt/Ironsight/ironsight',
      '--type=renderer',
      ...formatLaunchArguments({ apiOrigin: 'https://api.ironsight.example', appVersion: '0.1.0' }),
    ];
    expect(parseLaunchArguments(argv)).toEqual({
      apiOrigin: 'https://api.ironsight.example',
      appVersion: '0.1.0',
    });
    expect(parseLaunchArguments([])).toEqual({ apiOrigin: '', appVersion: '' });
  });
});
