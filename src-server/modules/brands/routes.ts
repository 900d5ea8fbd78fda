import { BRANDS_ENDPOINTS } from '../../../shared/contract/brands.ts';
import { brandPageMeta } from '../../../shared/page-meta-builders.ts';
import { notFound } from '../../http/errors.ts';
import { catalogSharedCache, HttpCaching, replyShared } from '../../http/shared-cache.ts';
import type { ModuleContext } from '../../module-context.ts';
import { brandSlugForKeyword, listBrands, saveBrand } from './service.ts';

export function registerBrandsModule({ endpoints, page, database, config, blobs }: ModuleContext): void {
  const { db } = database;
  // Checked against the catalogue version on every call, so even the `nc` (uncached) calls, which
  // keep no-store for HTTP caches, answer a brand written a moment ago.
  const cache = catalogSharedCache(database, config);
  const allBrands = () => cache.get('brands', async () => ({ results: await listBrands(db) }));
  const brandBySlug = (slug: string) =>
    cache.get(
      `brand:${slug}`,
      async () => (await allBrands()).value.results.find((brand) => brand.slug === slug) ?? null,
    );
  const foundBrand = async (slug: string) => {
    const answer = await brandBySlug(slug);
    if (!answer.value) throw notFound('No brand with that slug.');
    return { value: answer.value, etag: answer.etag };
  };

  endpoints(BRANDS_ENDPOINTS, {
    brandsList: async ({ request, reply }) =>
      replyShared(request, reply, await allBrands(), { cacheControl: HttpCaching.shared }),
    brandsListNc: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return (await allBrands()).value;
    },
    brandsGet: async ({ params, request, reply }) =>
      replyShared(request, reply, await foundBrand(params.slug), { cacheControl: HttpCaching.shared }),
    brandsGetNc: async ({ params, reply }) => {
      reply.header('cache-control', 'no-store');
      return (await foundBrand(params.slug)).value;
    },
    brandsKw: async ({ body }) => ({ slug: await brandSlugForKeyword(db, body.keyword) }),
    brandsAddOrUpdate: ({ body, files }) => saveBrand(db, blobs, body, files),
  });

  page('brand', async (match) => {
    const brand = (await brandBySlug(match.params.slug ?? '')).value;
    if (!brand) return { status: 404, meta: {} };
    return { meta: brandPageMeta(brand, config.publicOrigin) };
  });
}
