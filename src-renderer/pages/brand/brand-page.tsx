import { useAppRouteParams } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

/** A readable name from a brand slug until the brand's own name loads ('sig-sauer' → 'Sig Sauer'). */
export function brandNameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function BrandPage() {
  const slug = useAppRouteParams('brand')?.slug ?? '';
  const name = brandNameFromSlug(slug);
  return <PageFrame heading={name} intro={`Listings, news and reviews for ${name}.`} />;
}
