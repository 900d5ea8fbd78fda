import type { ApiClient } from '../../lib/api-client.ts';

/*
 * Impression and click counting of ad zones: loaded after the page has hydrated (it is no part of the
 * first script), counts an impression once half a creative has been in view, and a click as the link
 * is followed (the request outlives the page). A count that fails is dropped: it never bothers the user.
 */

export interface AdPlacement {
  creativeId: string;
  page: string;
  zone: string;
}

const VISIBLE_SHARE = 0.5;

/** Counts one impression when the element is first half in view; answers the stop function. */
export function watchImpression(api: ApiClient, element: Element, placement: AdPlacement): () => void {
  const count = () =>
    void api.call('adsEvent', { body: { ...placement, kind: 'impression' } }).catch(() => undefined);
  if (typeof IntersectionObserver !== 'function') {
    count();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        count();
      }
    },
    { threshold: VISIBLE_SHARE },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

export function countClick(api: ApiClient, placement: AdPlacement): void {
  void api
    .call('adsEvent', { body: { ...placement, kind: 'click' } }, { keepalive: true })
    .catch(() => undefined);
}
