import { BRANDS_ENDPOINTS } from '../../../shared/contract/brands.ts';
import { brandPageMeta } from '../../../shared/page-meta-builders.ts';
import { notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { brandSlugForKeyword, createBrandCache, findBrand, listBrands } from './service.ts';

export function registerBrandsModule({ endpoints, page, database, config }: ModuleContext): void {
  const { db } = database;
  const cache = createBrandCache(db);

  endpoints(BRANDS_ENDPOINTS, {
    brandsList: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=60');
      return { results: await cache.list() };
    },
    brandsListNc: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { results: await listBrands(db) };
    },
    brandsGet: async ({ params, reply }) => {
      const brand = await cache.get(params.slug);
      if (!brand) throw notFound('No brand with that slug.');
      reply.header('cache-control', 'public, max-age=60');
      return brand;
    },
    brandsGetNc: async ({ params, reply }) => {
      const brand = await findBrand(db, params.slug);
      if (!brand) throw notFound('No brand with that slug.');
      reply.header('cache-control', 'no-store');
      return brand;
    },
    brandsKw: async ({ body }) => ({ slug: await brandSlugForKeyword(db, body.keyword) }),
  });

  page('brand', async (match) => {
    const brand = await cache.get(match.params.slug ?? '');
    if (!brand) return { status: 404, meta: {} };
    return { meta: brandPageMeta(brand, config.publicOrigin) };
  });
}
