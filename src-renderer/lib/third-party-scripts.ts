import { AD_SCRIPT_META, MARKETING_SCRIPT_META } from '../../shared/domain/constants.ts';

/*
 * The optional third-party scripts (see docs/capabilities/content.md): an ad server's and an email-marketing service's.
 * The server names them in the page head when they are configured (AD_SCRIPT_URL,
 * MARKETING_SCRIPT_URL) and allows their origins in its CSP; the web app loads them once a page is
 * interactive, never before, so they cost the first paint and hydration nothing. Failures follow
 * An ad script that does not load is a rejected load; a marketing script that does not load
 * is logged only. Neither ever breaks the page (the ad zones are served by this site either way).
 */

export interface ThirdPartyScriptUrls {
  ad: string | null;
  marketing: string | null;
}

/** Who a signed-in visitor is, as the marketing service is told. */
export interface MarketingIdentity {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A command for the marketing service, e.g. `['identify', identity]`. */
export type MarketingCommand = readonly [command: string, payload: unknown];

/**
 * The queue the marketing script reads on load and afterwards (the usual pattern of such services):
 * commands pushed before it arrives are waiting for it.
 */
export const MARKETING_QUEUE = 'ironsightMarketingQueue';

declare global {
  interface Window {
    [MARKETING_QUEUE]?: MarketingCommand[];
  }
}

function metaContent(doc: Document, name: string): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  if (!content) return null;
  try {
    const url = new URL(content);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The scripts this page's head names; null for each that is not configured. */
export function configuredScripts(doc: Document = document): ThirdPartyScriptUrls {
  return { ad: metaContent(doc, AD_SCRIPT_META), marketing: metaContent(doc, MARKETING_SCRIPT_META) };
}

/** Adds an async script element; resolves when it has loaded, rejects when it cannot. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`The script ${src} did not load.`)), {
      once: true,
    });
    doc.head.append(script);
  });
}

export interface StartedScripts {
  /** The ad script's load: rejects when it does not load. Null when not configured. */
  ad: Promise<void> | null;
  /** The marketing script's load: a failure is logged and the promise still settles. Null when not configured. */
  marketing: Promise<void> | null;
}

/** Loads the configured scripts (each once per call); call it once the page is interactive. */
export function startThirdPartyScripts(
  doc: Document = document,
  log: Pick<Console, 'warn'> = console,
): StartedScripts {
  const urls = configuredScripts(doc);
  return {
    ad: urls.ad ? loadScript(urls.ad, doc) : null,
    marketing: urls.marketing
      ? loadScript(urls.marketing, doc).catch((error: unknown) => {
          log.warn('The email-marketing script did not load.', error);
        })
      : null,
  };
}

/** Tells the marketing service who the signed-in visitor is (queued until its script runs). */
export function identifyToMarketing(identity: MarketingIdentity, win: Window = window): void {
  win[MARKETING_QUEUE] ??= [];
  win[MARKETING_QUEUE].push(['identify', { ...identity }]);
}
