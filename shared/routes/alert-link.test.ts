import { describe, expect, it } from 'vitest';
import { alertSchema } from '../contract/users.ts';
import { alertLinkTarget } from './alert-link.ts';

describe('the alert link rule', () => {
  it.each([
    ['/ffl', { kind: 'path', path: '/ffl' }],
    [
      '/dashboard/buying/savedsearches?tab=2#top',
      { kind: 'path', path: '/dashboard/buying/savedsearches?tab=2#top' },
    ],
    [
      'https://help.ironsight.example/article',
      { kind: 'external', href: 'https://help.ironsight.example/article' },
    ],
  ])('accepts %s', (raw, target) => {
    expect(alertLinkTarget(raw)).toEqual(target);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://ironsight.example/plain-http',
    '//evil.example/phish',
    '/\\evil.example',
    '/\t/evil.example',
    ' /ffl',
    'ffl',
    'https://user:pass@evil.example/',
    'https:evil.example',
    'vbscript:msgbox(1)',
    '',
  ])('refuses %j', (raw) => {
    expect(alertLinkTarget(raw)).toBeNull();
  });

  it('is the contract of an alert: other links are refused, a missing link is fine', () => {
    const alert = {
      id: 'a1000000-0000-4000-8000-000000000001',
      title: null,
      message: 'Hello',
      severity: 'info',
      location: 'HomePage',
      linkUrl: '/ffl',
      linkText: null,
      dismissible: true,
      startsAt: '2026-01-05T15:00:00.000Z',
      endsAt: null,
    };
    expect(alertSchema.safeParse(alert).success).toBe(true);
    expect(alertSchema.safeParse({ ...alert, linkUrl: null }).success).toBe(true);
    expect(alertSchema.safeParse({ ...alert, linkUrl: 'https://help.ironsight.example/' }).success).toBe(
      true,
    );
    expect(alertSchema.safeParse({ ...alert, linkUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(alertSchema.safeParse({ ...alert, linkUrl: '//evil.example' }).success).toBe(false);
  });
});
