import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { ListingImage as ListingImageData } from '../../../shared/contract/listing-shapes.ts';
import { ListingImage } from './lazy-image.tsx';
import styles from './listing-gallery.module.css';
import { useMediaUrl } from './media-url.ts';

export interface ListingGalleryProps {
  title: string;
  images: readonly ListingImageData[];
  /** Shown when the listing has no photos of its own (the UPC stock image), else the placeholder. */
  fallback: string | null;
}

/**
 * The listing's photos: a large image and a row of thumbnails. Thumbnails are a tab-like list:
 * arrow keys, Home and End move between photos; Previous and Next buttons do the same.
 */
export function ListingGallery({ title, images, fallback }: ListingGalleryProps) {
  const mediaUrl = useMediaUrl();
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))];

  const select = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <section className={styles.gallery} aria-label="Photos" aria-roledescription="gallery">
      <div className={styles.stage}>
        <ListingImage
          key={current?.src ?? fallback ?? 'none'}
          src={current?.src ?? fallback}
          alt={count > 0 ? `${title}, photo ${index + 1} of ${count}` : title}
          critical
          className={styles.main}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.step} ${styles.prev}`}
              aria-label="Previous photo"
              onClick={() => select(index - 1)}
            >
              <ChevronLeft size={24} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${styles.step} ${styles.next}`}
              aria-label="Next photo"
              onClick={() => select(index + 1)}
            >
              <ChevronRight size={24} aria-hidden="true" />
            </button>
            <p className={styles.counter} aria-live="polite" data-numeric="">
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form fields
        <div className={styles.thumbs} role="group" aria-label="Choose a photo">
          {images.map((image, position) => (
            <button
              key={image.id}
              ref={(element) => {
                thumbs.current[position] = element;
              }}
              type="button"
              className={styles.thumb}
              aria-label={`Photo ${position + 1} of ${count}`}
              aria-pressed={position === index}
              tabIndex={position === index ? 0 : -1}
              onClick={() => select(position)}
              onKeyDown={onKeyDown}
            >
              <img src={mediaUrl(image.src)} alt="" loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
