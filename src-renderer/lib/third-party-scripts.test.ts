import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_SCRIPT_META, MARKETING_SCRIPT_META } from '../../shared/domain/constants.ts';
import {
  configuredScripts,
  identifyToMarketing,
  MARKETING_QUEUE,
  startThirdPartyScripts,
} from './third-party-scripts.ts';

function setMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

/** A script element whose load the test decides (the test DOM loads no script files). */
class FakeScript extends EventTarget {
  src = '';
  async = false;
}

/** The page's head metas, with script elements collected instead of fetched. */
function pageWith(metas: Record<string, string>) {
  for (const [name, content] of Object.entries(metas)) setMeta(name, content);
  const scripts: FakeScript[] = [];
  const doc = {
    querySelector: (selector: string) => document.querySelector(selector),
    createElement: () => new FakeScript(),
    head: { append: (script: FakeScript) => scripts.push(script) },
  } as unknown as Document;
  return { doc, scripts };
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window[MARKETING_QUEUE];
});

describe('third-party scripts', () => {
  it('loads nothing when the head names no script', () => {
    const { doc, scripts } = pageWith({});
    expect(configuredScripts(doc)).toEqual({ ad: null, marketing: null });
    expect(startThirdPartyScripts(doc)).toEqual({ ad: null, marketing: null });
    expect(scripts).toEqual([]);
  });

  it('ignores a named script that is not a web address', () => {
    setMeta(AD_SCRIPT_META, 'javascript:alert(1)');
    setMeta(MARKETING_SCRIPT_META, 'not a url');
    expect(configuredScripts()).toEqual({ ad: null, marketing: null });
  });

  it('adds both named scripts, async, and settles when they load', async () => {
    const { doc, scripts } = pageWith({
      [AD_SCRIPT_META]: 'https://ads.example.net/serve.js',
      [MARKETING_SCRIPT_META]: 'https://mail.example.org/onsite.js',
    });
    const started = startThirdPartyScripts(doc);
    const [ad, marketing] = scripts;
    expect(ad?.src).toBe('https://ads.example.net/serve.js');
    expect(ad?.async).toBe(true);
    expect(marketing?.src).toBe('https://mail.example.org/onsite.js');
    ad?.dispatchEvent(new Event('load'));
    marketing?.dispatchEvent(new Event('load'));
    await expect(started.ad).resolves.toBeUndefined();
    await expect(started.marketing).resolves.toBeUndefined();
  });

  it('rejects when the ad script does not load', async () => {
    const { doc, scripts } = pageWith({ [AD_SCRIPT_META]: 'https://ads.example.net/serve.js' });
    const started = startThirdPartyScripts(doc);
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(started.ad).rejects.toThrow('The script https://ads.example.net/serve.js did not load.');
  });

  it('only logs when the marketing script does not load', async () => {
    const { doc, scripts } = pageWith({ [MARKETING_SCRIPT_META]: 'https://mail.example.org/onsite.js' });
    const log = { warn: vi.fn() };
    const started = startThirdPartyScripts(doc, log);
    expect(scripts).toHaveLength(1);
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(started.marketing).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith('The email-marketing script did not load.', expect.any(Error));
  });

  it('queues who a signed-in visitor is for the marketing service', () => {
    const identity = { email: 'bea@example.com', firstName: 'Bea', lastName: 'Buyer', phone: '2145550100' };
    identifyToMarketing(identity);
    identifyToMarketing({ ...identity, phone: '' });
    expect(window[MARKETING_QUEUE]).toEqual([
      ['identify', identity],
      ['identify', { ...identity, phone: '' }],
    ]);
  });
});
