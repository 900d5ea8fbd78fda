import { describe, expect, it } from 'vitest';
import {
  appPathSchema,
  desktopEventChannels,
  desktopInvokeChannels,
  externalUrlSchema,
  formatLaunchArguments,
  outboxActionSchema,
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
      'outbox:discard',
      'outbox:enqueue',
      'outbox:list',
      'outbox:retry',
      'outbox:send-now',
      'settings:message-notifications:get',
      'settings:message-notifications:set',
      'settings:quiet-hours:get',
      'settings:quiet-hours:set',
      'shell:open-external',
      'token-vault:clear',
      'token-vault:get',
      'token-vault:is-strong',
      'token-vault:set',
      'unread:report',
      'updates:get',
      'updates:restart',
      'watched-folder:choose',
      'watched-folder:clear',
      'watched-folder:get',
      'watched-folder:set-paused',
    ]);
    expect(Object.keys(desktopEventChannels).sort()).toEqual([
      'navigate',
      'outbox:changed',
      'updates:changed',
      'watched-folder:changed',
    ]);
  });

  it('takes no argument for a restart to update: the page cannot name what gets installed', () => {
    expect(desktopInvokeChannels['updates:restart'].args.safeParse([]).success).toBe(true);
    expect(desktopInvokeChannels['updates:restart'].args.safeParse(['/tmp/evil.exe']).success).toBe(false);
  });

  it('takes the watched folder from the OS dialog only: no channel accepts a path from the page', () => {
    for (const channel of ['watched-folder:get', 'watched-folder:choose', 'watched-folder:clear'] as const) {
      expect(desktopInvokeChannels[channel].args.safeParse(['/etc']).success, channel).toBe(false);
    }
  });

  it('accepts the four outbox actions in the form their endpoints take, and nothing else', () => {
    const order = '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71';
    const listing = '7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61';
    const valid = [
      { kind: 'message', input: { recipientId: order, body: 'Still available?' } },
      { kind: 'message', input: { id: order, isRead: true } },
      {
        kind: 'listingEdit',
        input: {
          id: listing,
          title: 'Glock 19',
          description: 'x',
          familyId: 1,
          condition: 'Used',
          quantity: 1,
          price: 1,
        },
        expected: { price: 549, title: 'Glock 19', caliber: null },
      },
      { kind: 'offerAnswer', offerId: order, answer: { action: 'counter', amount: 500 } },
      { kind: 'orderShipping', orderId: order, shipment: { carrier: 'UPS', trackingNumber: '1Z999AA1' } },
    ];
    for (const action of valid) expect(outboxActionSchema.safeParse(action).success, action.kind).toBe(true);
    const invalid = [
      { kind: 'message', input: { recipientId: order } },
      { kind: 'offerAnswer', offerId: order, answer: { action: 'counter' } },
      { kind: 'orderShipping', orderId: order, shipment: { carrier: 'UPS', trackingNumber: '1Z' } },
      {
        kind: 'orderShipping',
        orderId: order,
        shipment: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
        path: '/admin',
      },
      {
        kind: 'listingEdit',
        input: {
          id: listing,
          title: 'Glock 19',
          description: 'x',
          familyId: 1,
          condition: 'Used',
          quantity: 1,
          price: 1,
        },
        expected: { images: ['a.jpg'] },
      },
      { kind: 'checkout', body: {} },
    ];
    for (const action of invalid)
      expect(outboxActionSchema.safeParse(action).success, JSON.stringify(action)).toBe(false);
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
