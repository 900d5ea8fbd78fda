import { APP_START_SCRIPT } from '../../shared/server-render.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page template of a server-rendered page: the app's entry script and its module preloads
 * give way to the start script, which names them and loads them once the page is painted (see
 * src-renderer/hydrate.ts). It also names the files of the page's screen (`pageFiles`, from the
 * build's page-chunks.json), which it preloads with them. A template without an entry script is
 * returned as it is.
 */
export function withAppStartAfterPaint(html: string, pageFiles: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const screen = pageFiles.length > 0 ? ` data-page-preload="${escapeAttribute(pageFiles.join(' '))}"` : '';
  const start =
    `<script type="module" crossorigin src="${APP_START_SCRIPT}" ` +
    `data-app-entry="${escapeAttribute(entry)}" data-app-preload="${escapeAttribute(preloads.join(' '))}"${screen}></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, start);
}

/**
 * A page the browser renders (the shell): the files of its screen are preloaded with the entry, so
 * they download together instead of once the entry asks for the screen.
 */
export function withPagePreloads(html: string, pageFiles: readonly string[]): string {
  if (pageFiles.length === 0 || !html.includes('</head>')) return html;
  const links = pageFiles
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}
