import { APP_START_SCRIPT } from '../../shared/server-render.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page template of a server-rendered page: the app's entry script and its module preloads
 * give way to the start script, which names them and loads them once the page is painted (see
 * src-renderer/hydrate.ts). A template without an entry script is returned as it is.
 */
export function withAppStartAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const start =
    `<script type="module" crossorigin src="${APP_START_SCRIPT}" ` +
    `data-app-entry="${escapeAttribute(entry)}" data-app-preload="${escapeAttribute(preloads.join(' '))}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, start);
}
