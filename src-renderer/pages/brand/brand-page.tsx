import type { Brand } from '../../../shared/contract/brands.ts';
import { pageTitle } from '../../../shared/domain/metadata.ts';
import { parseSearchParams, paths, type SearchRouteParams } from '../../../shared/routes/paths.ts';
import { BrandFocus } from '../../features/listings/brand-focus.tsx';
import { ListingGridSkeleton } from '../../features/listings/listing-grid.tsx';
import { useBrand } from '../../features/listings/listings-api.ts';
import { absoluteUrl } from '../../features/search/search-meta.ts';
import { SearchView } from '../../features/search/search-view.tsx';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import styles from './brand-page.module.css';

/** A readable name from a brand slug until the brand's own name loads ('sig-sauer' → 'Sig Sauer'). */
export function brandNameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The search behind a brand page: its shop URL's search, else its name as the keyword. */
export function brandSearch(brand: Brand): SearchRouteParams {
  if (brand.shopUrl?.startsWith('/search')) {
    const params = parseSearchParams(brand.shopUrl);
    if (Object.keys(params).length > 0) return params;
  }
  return { keyword: brand.keywords[0] ?? brand.name };
}

export function BrandPage() {
  const slug = useAppRouteParams('brand')?.slug ?? '';
  const brand = useBrand(slug);
  const data = brand.data;
  const name = data?.name ?? brandNameFromSlug(slug);
  useDocumentHead({
    // The brand's own meta title may already carry the product suffix; pageTitle never doubles it.
    title: data?.metaTitle ? pageTitle(data.metaTitle) : `${name} for Sale`,
    description:
      data?.metaDescription ?? data?.focus?.heroSubtext ?? `Listings, news and reviews for ${name}.`,
    canonical: absoluteUrl(paths.brand(slug)),
  });

  if (data === null) return <NotFoundPage />;
  if (!data) {
    return (
      <div className={styles.loading}>
        <LoadingRegion label={`Loading ${name}`}>
          <Skeleton width="16rem" height="2.5rem" />
          <Skeleton width="min(100%, 36rem)" height="1.5rem" />
        </LoadingRegion>
        <ListingGridSkeleton count={4} />
      </div>
    );
  }
  return (
    <SearchView
      key={slug}
      heading={data.name}
      intro={data.focus?.heroSubtext || `Listings, news and reviews for ${data.name}.`}
      base={brandSearch(data)}
    >
      {data.focus && data.focus.products.length > 0 ? (
        <div className={styles.focus}>
          <BrandFocus brand={data} productsOnly />
        </div>
      ) : null}
    </SearchView>
  );
}
