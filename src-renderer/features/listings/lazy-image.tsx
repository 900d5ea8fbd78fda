import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_ROOT_MARGIN, LAZY_IMAGE_THRESHOLD } from '../../../shared/domain/constants.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './lazy-image.module.css';
import { RESPONSIVE_SIZES, responsiveSrcSet, useMediaUrl } from './media-url.ts';

export const PHOTO_COMING_SOON = 'photo coming soon';

export interface ListingImageProps {
  /** Site-relative or absolute; null shows the placeholder at once. */
  src: string | null;
  alt: string;
  /** Above the fold: loaded at once with high priority instead of when scrolled near. */
  critical?: boolean;
  /** The image's rendered width for each screen (`sizes`); defaults to the gallery's. */
  sizes?: string;
  className?: string;
}

/** The 'photo coming soon' placeholder, for listings without a photo and photos that fail to load. */
export function PhotoComingSoon({ className }: { className?: string }) {
  return (
    <div className={[styles.placeholder, className].filter(Boolean).join(' ')} data-placeholder="">
      <ImageOff size={32} aria-hidden="true" />
      <span>{PHOTO_COMING_SOON}</span>
    </div>
  );
}

/**
 * Starts loading when the image comes within 100 px of the viewport (10% visible). An image the
 * server rendered (no observer there) stays, left to the browser's own lazy loading.
 */
function useNearViewport(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const serverRendered = !useHydrated();
  const [near, setNear] = useState(
    () => serverRendered || !enabled || typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN, threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** A listing photo: lazy unless critical, responsive widths, the placeholder when it fails. */
export function ListingImage({
  src,
  alt,
  critical = false,
  sizes = RESPONSIVE_SIZES,
  className,
}: ListingImageProps) {
  const mediaUrl = useMediaUrl();
  const { ref, near } = useNearViewport(!critical);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <PhotoComingSoon className={className} />;
  const url = mediaUrl(src);
  return (
    <div ref={ref} className={[styles.frame, className].filter(Boolean).join(' ')}>
      {near ? (
        <img
          className={styles.image}
          src={url}
          srcSet={responsiveSrcSet(url)}
          sizes={sizes}
          alt={alt}
          loading={critical ? 'eager' : 'lazy'}
          fetchPriority={critical ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : null}
    </div>
  );
}
