import { useCallback } from 'react';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../../shared/domain/constants.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';

/**
 * Site-relative media paths (`/media/…`, `/api/stock-images/…`) live on the server: the same
 * origin on the web, the configured server in the desktop client.
 */
export function useMediaUrl(): (path: string) => string {
  const { apiOrigin } = usePlatform();
  return useCallback((path: string) => (path.startsWith('/') ? `${apiOrigin}${path}` : path), [apiOrigin]);
}

const withWidth = (url: string, width: number) =>
  `${url}${url.includes('?') ? '&' : '?'}w=${width} ${width}w`;

/** `srcset` at the spec's responsive widths: 412 for small screens, 768 from medium up. */
export function responsiveSrcSet(url: string): string {
  return [withWidth(url, RESPONSIVE_IMAGE_WIDTHS.small), withWidth(url, RESPONSIVE_IMAGE_WIDTHS.medium)].join(
    ', ',
  );
}

export const RESPONSIVE_SIZES = `(max-width: 767.98px) ${RESPONSIVE_IMAGE_WIDTHS.small}px, ${RESPONSIVE_IMAGE_WIDTHS.medium}px`;

/**
 * A product card's photo in the listing grid: two columns on phones (one below about 372 px), and
 * at most about 320 px wide from medium screens up, so phones fetch the small width.
 */
export const CARD_IMAGE_SIZES = '(max-width: 371.98px) 100vw, (max-width: 767.98px) 50vw, 320px';
