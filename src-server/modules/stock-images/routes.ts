import { STOCK_IMAGES_ENDPOINTS } from '../../../shared/contract/stock-images.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { envelope, notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { familyIdForUpc } from '../listings/index.ts';
import { familyArtworkSvg, parseArtworkFileName } from './artwork.ts';

const SVG = 'image/svg+xml';

export function registerStockImagesModule({ app, endpoints, database }: ModuleContext): void {
  // Family artwork, referenced by listing images and brand tiles; it never changes under one name.
  app.get<{ Params: { file: string } }>('/media/family/:file', async (request, reply) => {
    const artwork = parseArtworkFileName(request.params.file);
    if (!artwork) return reply.status(404).send(envelope('not_found', 'No such image.'));
    return reply
      .type(SVG)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(familyArtworkSvg(artwork.family, artwork.variant));
  });

  endpoints(STOCK_IMAGES_ENDPOINTS, {
    stockImagesGet: async ({ params, reply }) => {
      const family = familyById(await familyIdForUpc(database.db, params.upc));
      if (!family) throw notFound('No catalogue photo for that UPC.');
      reply.type(SVG).header('cache-control', 'public, max-age=86400');
      return familyArtworkSvg(family.key, 0);
    },
  });
}
