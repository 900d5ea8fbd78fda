import { legacyListerTarget, resolveUrl } from '../../../shared/routes/resolve.ts';

/** What to do with an address the app has no page for. */
export type MissingPageOutcome =
  /** Another page of the app (replaces the address in history). */
  | { kind: 'navigate'; to: string }
  /** A public site outside the app. */
  | { kind: 'leave'; to: string }
  | { kind: 'notFound' };

/** The two look-ups legacy and short links need; each rejects when the id or code is unknown. */
export interface MissingPageLookups {
  userIdFromLegacyListerId(legacyListerId: string, signal: AbortSignal): Promise<string>;
  /** The target of a short link: an app path or an absolute URL. */
  shortLinkTarget(code: string, signal: AbortSignal): Promise<string | null>;
}

/** An app path for targets on this origin, else null (the target is another site). */
function appPath(target: string, origin: string): string | null {
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  try {
    const url = new URL(target);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Runs the redirect checks of an unknown address (special and legacy routes): legacy
 * paths, the digest and other external sites, legacy lister links and short links. A look-up
 * that fails leaves the address not found; an aborted check rejects with the abort reason.
 */
export async function resolveMissingPage(
  url: string,
  lookups: MissingPageLookups,
  { signal, origin }: { signal: AbortSignal; origin: string },
): Promise<MissingPageOutcome> {
  const resolution = resolveUrl(url);
  switch (resolution.kind) {
    case 'redirect':
      return { kind: 'navigate', to: resolution.to };
    case 'external':
      return { kind: 'leave', to: resolution.to };
    case 'lookup': {
      try {
        if (resolution.lookup === 'legacyLister') {
          const userId = await lookups.userIdFromLegacyListerId(resolution.legacyListerId, signal);
          return { kind: 'navigate', to: legacyListerTarget(userId, resolution.query) };
        }
        const target = await lookups.shortLinkTarget(resolution.code, signal);
        if (!target) return { kind: 'notFound' };
        const path = appPath(target, origin);
        return path === null ? { kind: 'leave', to: target } : { kind: 'navigate', to: path };
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: 'notFound' };
      }
    }
    // A route of the table whose parameters the page could not use is not found either.
    case 'route':
    case 'notFound':
      return { kind: 'notFound' };
  }
}
