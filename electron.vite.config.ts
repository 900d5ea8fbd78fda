import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { featureFaces } from './vite.feature-faces.ts';

const projectRoot = import.meta.dirname;
const fromRoot = (path: string) => resolve(projectRoot, path);

/**
 * The renderer is served from `app://ironsight/` with client-side routes such as
 * `/dashboard/messages/inbox`, so asset URLs must be absolute. electron-vite defaults to './'
 * (for file:// loading); this puts '/' back after its preset has run.
 */
const absoluteBase: Plugin = {
  name: 'ironsight:absolute-base',
  config: () => ({ base: '/' }),
};

/**
 * The desktop build: main (ESM, Node), preload (CommonJS, one self-contained file, as a
 * sandboxed preload can require nothing but 'electron') and the same renderer as the web build.
 */
export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('out/main'),
      // Bundled whole: the packaged app ships no node_modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: fromRoot('src-main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('out/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: fromRoot('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: fromRoot('src-renderer'),
    plugins: [react(), featureFaces(), absoluteBase],
    build: {
      outDir: fromRoot('out/renderer'),
      emptyOutDir: true,
      rolldownOptions: {
        input: { index: fromRoot('src-renderer/index.html') },
      },
    },
    server: {
      // The renderer imports the shared contract and routes from outside its root.
      fs: { allow: [projectRoot] },
    },
  },
});
