import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { adZoneSize, INVALID_AD_LOCATION } from '../../../shared/domain/ads.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { deferredModule } from '../../lib/deferred-module.ts';
import { whenIdle } from '../../lib/idle.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './ads.module.css';
import { useAdZone } from './api/use-ad-zone.ts';

const tracking = deferredModule(() => import('./ad-tracking.ts'));

interface AdZoneProps {
  page: string;
  zone: string;
  className?: string;
  /**
   * The zone is on the first screen (a phone's included): its image loads at once and early, as the
   * page's largest element may be it, instead of waiting to be scrolled near.
   */
  firstScreen?: boolean;
}

/**
 * One ad zone. It reserves its size while its ad is loading or shown, so nothing below
 * it moves; a zone with no live ad takes no room. An unknown location logs 'Invalid location' and
 * renders nothing; an image that fails to load leaves the reserved box empty, never a broken image.
 */
export function AdZone({ page, zone, className, firstScreen = false }: AdZoneProps) {
  const size = adZoneSize(page, zone);
  const api = useApiClient();
  const ads = useAdZone(page, zone, size !== null);
  const hydrated = useHydrated();
  // Counting impressions and clicks waits for the browser's first idle moment after the page runs.
  const [idle, setIdle] = useState(false);
  useEffect(() => (hydrated ? whenIdle(() => setIdle(true)) : undefined), [hydrated]);
  const track = tracking.useModule(idle && Boolean(ads.data?.length));
  const [failed, setFailed] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const ad = ads.data?.[0];

  useEffect(() => {
    if (!size) console.warn(INVALID_AD_LOCATION, { page, zone });
  }, [size, page, zone]);

  useEffect(() => {
    if (!track || !ad || !linkRef.current) return;
    return track.watchImpression(api, linkRef.current, { creativeId: ad.id, page, zone });
  }, [track, ad, api, page, zone]);

  if (!size || ads.isError || (ads.data && !ad)) return null;
  const box = {
    '--ad-width': `${size.width}px`,
    '--ad-ratio': `${size.width} / ${size.height}`,
  } as CSSProperties;
  const screens =
    size.screens === 'all' ? '' : size.screens === 'mobile' ? styles.mobileOnly : styles.desktopOnly;
  return (
    <aside
      className={[styles.zone, screens, className].filter(Boolean).join(' ')}
      style={box}
      aria-label="Advertisement"
      data-ad-zone={zone}
    >
      {ad ? (
        <a
          ref={linkRef}
          href={ad.linkUrl}
          className={styles.link}
          rel={/^https?:/i.test(ad.linkUrl) ? 'sponsored noopener' : undefined}
          onClick={() => track?.countClick(api, { creativeId: ad.id, page, zone })}
        >
          {failed ? (
            <span className={styles.fallback}>{ad.altText}</span>
          ) : (
            <img
              src={ad.imageUrl}
              alt={ad.altText}
              width={size.width}
              height={size.height}
              loading={firstScreen ? 'eager' : 'lazy'}
              fetchPriority={firstScreen ? 'high' : undefined}
              decoding="async"
              onError={() => setFailed(true)}
            />
          )}
        </a>
      ) : null}
    </aside>
  );
}
