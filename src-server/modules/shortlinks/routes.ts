import { SHORTLINKS_ENDPOINTS, shortLinkTargetSchema } from '../../../shared/contract/shortlinks.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import {
  deleteShortLink,
  findShortLinkByCode,
  findShortLinkById,
  findShortLinks,
  type ShortLinkRow,
  saveShortLink,
} from './service.ts';

export { shortLinkTarget } from './service.ts';

const toItem = (row: ShortLinkRow) => ({
  id: row.id,
  shortCode: row.shortCode,
  fullLink: row.fullLink,
  clicks: row.clicks,
  createdAt: row.createdAt.toISOString(),
});

export function registerShortLinksModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;

  endpoints(SHORTLINKS_ENDPOINTS, {
    shortlinksGet: async ({ body, auth }) => {
      const found = await findShortLinks(db, body.filters);
      // "Creates or finds": an admin asking for a target with no link yet gets a new one.
      const { fullLink, ids, shortCodes } = body.filters;
      if (found.length === 0 && auth?.isAdmin && fullLink && !ids?.length && !shortCodes?.length) {
        const target = shortLinkTargetSchema.safeParse(fullLink);
        if (!target.success) throw badRequest('Expected a path of this site or an http(s) address.');
        return { items: [toItem(await saveShortLink(db, { fullLink: target.data }))] };
      }
      return { items: found.map(toItem) };
    },
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
    shortlinksAddOrUpdate: async ({ body }) => ({ items: [toItem(await saveShortLink(db, body))] }),
    shortlinksDelete: async ({ params }) => {
      await deleteShortLink(db, params.id);
      return { success: true as const };
    },
  });
}
