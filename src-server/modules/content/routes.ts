import { digestArticleMeta, digestPageMeta } from '../../../shared/content-page-meta.ts';
import { CONTENT_ENDPOINTS } from '../../../shared/contract/content.ts';
import { robotsTxt, sitemapXml } from '../../../shared/routes/site-map.ts';
import { isConnectionLost } from '../../db/connection-errors.ts';
import { isDatabaseBusy } from '../../db/statement-queue.ts';
import { notFound } from '../../http/errors.ts';
import { catalogSharedCache } from '../../http/shared-cache.ts';
import type { ModuleContext } from '../../module-context.ts';
import { listBrands } from '../brands/index.ts';
import {
  articleSlugs,
  deleteArticle,
  findArticle,
  findArticleToEdit,
  saveArticle,
  searchAllArticles,
  searchArticles,
  siteStats,
} from './service.ts';

/** The digest, its articles, the social-proof figures, and the sitemaps made from the same data. */
export function registerContentModule({ app, endpoints, page, database, config }: ModuleContext): void {
  const { db } = database;
  const origin = config.publicOrigin;
  const cache = catalogSharedCache(database, config);

  endpoints(CONTENT_ENDPOINTS, {
    // A failure of the digest answers an empty list: a page around it still renders.
    wpGet: async ({ query, request }) => {
      try {
        return await searchArticles(db, query);
      } catch (error) {
        // A busy or lost database passes on as 503, so a page is not kept with an empty digest.
        if (isDatabaseBusy(error) || isConnectionLost(error)) throw error;
        request.log.error({ err: error }, 'the articles search failed; answering an empty list');
        return { results: [], total: 0 };
      }
    },
    wpArticle: async ({ params }) => {
      const article = await findArticle(db, params.slug);
      if (!article) throw notFound('No article with that address.');
      return article;
    },
    wpAddOrUpdate: ({ body }) => saveArticle(db, body),
    adminArticles: ({ query }) => searchAllArticles(db, query),
    adminArticle: async ({ params }) => {
      const article = await findArticleToEdit(db, params.slug);
      if (!article) throw notFound('No article with that address.');
      return article;
    },
    wpDelete: async ({ params }) => {
      await deleteArticle(db, params.id);
      return { success: true as const };
    },
    contentSiteStats: async () => (await cache.get('site-stats', () => siteStats(db))).value,
  });

  page('digest', async (match) => ({ meta: digestPageMeta(origin, match.query.get('s')) }));
  page('digestArticle', async (match) => {
    const article = await findArticle(db, match.params.slug ?? '');
    if (!article) return { status: 404, meta: {} };
    return { meta: digestArticleMeta(article, origin) };
  });

  const sitemapData = () =>
    cache.get('sitemap-data', async () => {
      const [brands, articles] = await Promise.all([listBrands(db), articleSlugs(db)]);
      return {
        brands: brands.map(({ slug, name }) => ({ slug, name })),
        articles: articles.map((article) => ({
          slug: article.slug,
          title: article.title,
          updatedAt: article.updatedAt.toISOString(),
        })),
      };
    });

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(origin, (await sitemapData()).value)),
  );
  const robots = robotsTxt(origin);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
