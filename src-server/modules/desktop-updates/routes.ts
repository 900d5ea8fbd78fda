import { DESKTOP_UPDATES_PATH, updateFileKind } from '../../../shared/desktop-updates.ts';
import { desktopUpdatesDirFor } from '../../config.ts';
import { envelope } from '../../http/errors.ts';
import { sendFileDownload } from '../../http/file-download.ts';
import type { ModuleContext } from '../../module-context.ts';

/** A feed is read on every check: kept, but asked again each time (a 304 while it is unchanged). */
const FEED_CACHE_CONTROL = 'no-cache';
/** An installer's name carries its version, so its bytes never change under that name. */
const INSTALLER_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The desktop client's updates: the feed files and installers the release step placed in the
 * updates folder (DESKTOP_UPDATES_DIR), served read-only to anyone, signed in or not. Only names
 * of the kinds the folder holds are looked up, directly in the folder and never through a link.
 */
export function registerDesktopUpdates({ app, config }: ModuleContext): void {
  const folder = config.desktopUpdatesDir ?? desktopUpdatesDirFor({ DATA_DIR: config.dataDir });
  app.get<{ Params: { file: string } }>(
    `${DESKTOP_UPDATES_PATH}/:file`,
    // Installers are compressed already, and a compressed byte range would not be the range asked for.
    { compress: false },
    async (request, reply) => {
      const name = request.params.file;
      const kind = updateFileKind(name);
      if (!kind) return reply.status(404).send(envelope('not_found', 'No such file.'));
      return sendFileDownload(request, reply, {
        folder,
        name,
        contentType: kind.contentType,
        cacheControl: kind.kind === 'feed' ? FEED_CACHE_CONTROL : INSTALLER_CACHE_CONTROL,
        attachment: kind.kind === 'installer',
      });
    },
  );
}
