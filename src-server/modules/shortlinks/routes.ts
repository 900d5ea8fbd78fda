import { SHORTLINKS_ENDPOINTS } from '../../../shared/contract/shortlinks.ts';
import { notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { findShortLinkByCode, findShortLinkById, findShortLinks, type ShortLinkRow } from './service.ts';

export { shortLinkTarget } from './service.ts';

const toItem = (row: ShortLinkRow) => ({
  id: row.id,
  shortCode: row.shortCode,
  fullLink: row.fullLink,
  createdAt: row.createdAt.toISOString(),
});

export function registerShortLinksModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;

  endpoints(SHORTLINKS_ENDPOINTS, {
    shortlinksGet: async ({ body }) => ({
      items: (await findShortLinks(db, body.filters)).map(toItem),
    }),
    shortlinksGetById: async ({ params }) => {
      const row = await findShortLinkById(db, params.id);
      if (!row) throw notFound('No short link with that id.');
      return { items: [toItem(row)] };
    },
    shortlinksGetByShortCode: async ({ params }) => {
      const row = await findShortLinkByCode(db, params.code);
      if (!row) throw notFound('No short link with that code.');
      return { items: [toItem(row)] };
    },
  });
}
