import type { Brand } from '../../../shared/contract/brands.ts';
import { adPageOfBrand } from '../../../shared/domain/ads.ts';
import { brandPageMeta } from '../../../shared/page-meta-builders.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { parseSearchParams, type SearchRouteParams } from '../../../shared/search/search-url.ts';
import { ProductFocus } from '../../features/ads/index.ts';
import { BrandDigest } from '../../features/content/index.ts';
import { BrandFocus, ProductGridSkeleton, useBrand } from '../../features/listings/index.ts';
import { absoluteUrl } from '../../features/search/index.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { type DocumentHead, headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { ProductSearchView } from '../search/product-search-view.tsx';
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

/**
 * The brand page's head: the shared brand metadata (as the server writes it on the first load)
 * once the brand is loaded; a plain title while it loads; nothing of the brand when it is unknown.
 */
export function brandHead(slug: string, name: string, brand: Brand | null | undefined): DocumentHead {
  if (brand) return headFromPageMeta(brandPageMeta(brand, pageOrigin()));
  if (brand === null) return { title: 'Page Not Found' };
  return { title: `${name} for Sale`, canonical: absoluteUrl(paths.brand(slug)) };
}

export function BrandPage() {
  const slug = useAppRouteParams('brand')?.slug ?? '';
  const brand = useBrand(slug);
  const data = brand.data;
  const name = data?.name ?? brandNameFromSlug(slug);
  useDocumentHead(brandHead(slug, name, data));

  if (data === null) return <NotFoundPage />;
  if (!data) {
    return (
      <div className={styles.loading}>
        <LoadingRegion label={`Loading ${name}`}>
          <Skeleton width="16rem" height="2.5rem" />
          <Skeleton width="min(100%, 36rem)" height="1.5rem" />
        </LoadingRegion>
        <ProductGridSkeleton count={4} />
      </div>
    );
  }
  return (
    <ProductSearchView
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
      <div className={styles.focus}>
        {/* Above the results: its first zone is on a phone's first screen, brand products or not. */}
        <ProductFocus page={adPageOfBrand(data.slug)} nearTop />
      </div>
      <div className={styles.focus}>
        <BrandDigest brand={data.name} keyword={data.keywords[0] ?? data.name} />
      </div>
    </ProductSearchView>
  );
}
