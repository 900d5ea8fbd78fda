import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_CHUNKS_FILE } from './shared/server-render.ts';
import { PAGE_FILES } from './src-renderer/app/page-files.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/**
 * Writes `page-chunks.json`: for each route of the table, the files of its screen (the screen's
 * chunk and every chunk it imports) that the entry does not already load, as addresses. The server
 * names them in a page it renders, so they download with the entry instead of after it, and the app
 * preloads them together before it shows a screen for the first time, instead of discovering one
 * import after another; the entry itself then carries no such lists.
 */
export function pageChunks(rendererRoot: string): Plugin {
  return {
    name: 'ironsight:page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Chunk & (typeof bundle)[string] => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: Chunk, into = new Set<string>()): Set<string> => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const next of start.imports) {
          const chunk = byFile.get(next);
          if (chunk) closure(chunk, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!entry) this.error('page-chunks: the build has no index entry.');
      const everyPage = closure(entry);
      const table: Record<string, string[]> = {};
      for (const [routeId, [file]] of Object.entries(PAGE_FILES)) {
        const id = path.join(rendererRoot, 'pages', file);
        const screen = chunks.find((chunk) => chunk.moduleIds.includes(id));
        if (!screen) this.error(`page-chunks: no chunk holds the screen of ${routeId} (pages/${file}).`);
        table[routeId] = [...closure(screen)]
          .filter((name) => !everyPage.has(name))
          .map((name) => `/${name}`);
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CHUNKS_FILE, source: JSON.stringify(table) });
    },
  };
}
