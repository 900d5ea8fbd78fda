import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { APP_START_SCRIPT } from './shared/server-render.ts';
import { featureFaces } from './vite.feature-faces.ts';
import { pageChunks } from './vite.page-chunks.ts';
import { precompress } from './vite.precompress.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const rendererRoot = fileURLToPath(new URL('./src-renderer', import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * The web build of the renderer. The desktop build (electron-vite) compiles the same
 * `src-renderer` root, so nothing here may be required for the app to work. With `--ssr`, the
 * server entry (`entry-server.tsx`) is built into `dist/web-server` for the API server to render
 * the public pages with; the browser build must come first, as the server serves its files.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: rendererRoot,
  base: '/',
  // Precompressed copies are for the files browsers download, not the server's own entry.
  plugins: isSsrBuild
    ? [react(), featureFaces()]
    : [react(), featureFaces(), pageChunks(rendererRoot), precompress()],
  build: isSsrBuild
    ? {
        rolldownOptions: { input: path.join(rendererRoot, 'entry-server.tsx') },
        outDir: fileURLToPath(new URL('./dist/web-server', import.meta.url)),
        emptyOutDir: true,
        target: 'node24',
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        target: 'es2023',
        // One stylesheet in the head: a server-rendered page is styled before its screen's code
        // arrives, so nothing moves when it hydrates.
        cssCodeSplit: false,
        // A screen's files are preloaded together from page-chunks.json (vite.page-chunks.ts), not
        // from lists of every screen's files carried in the entry.
        modulePreload: false,
        sourcemap: true,
        rolldownOptions: {
          // The app's page, and the script that starts the app on a server-rendered page (see
          // src-renderer/hydrate.ts) at a fixed address the server writes into those pages.
          input: {
            index: path.join(rendererRoot, 'index.html'),
            hydrate: path.join(rendererRoot, 'hydrate.ts'),
          },
          output: {
            // React DOM, React Router and the other libraries every page uses in chunks of their own:
            // the start script evaluates the modules one after another, so no single task compiles
            // all of them at once.
            codeSplitting: {
              groups: [
                {
                  name: 'react-dom',
                  test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]|[\\/]src-renderer[\\/]lib[\\/]react-dom-client\.ts$/,
                },
                {
                  name: 'app-libraries',
                  test: (id: string) =>
                    /[\\/]node_modules[\\/]react-router[\\/]/.test(id) ||
                    /[\\/]node_modules[\\/](@tanstack|jotai)[\\/](?!.*[\\/](mutationObserver|useMutation)\.js$)/.test(
                      id,
                    ) ||
                    /[\\/]shared[\\/]routes[\\/](paths|query|uuid|external|legacy-ids)\.ts$|[\\/]shared[\\/]domain[\\/](constants|user|listing|flags|metadata|category)\.ts$|[\\/]shared[\\/]search[\\/](search-sort|search-url)\.ts$|[\\/]src-renderer[\\/]lib[\\/](platform[\\/]|api-client\.ts$)/.test(
                      id,
                    ) ||
                    // and what the shell shares with the pages' cards (session, favorites, buttons, icons)
                    /[\\/]src-renderer[\\/]lib[\\/](favorites[\\/]favorites-store|session[\\/](session|login-request)|deferred-module|idle|api-client-context|use-hydrated|stored-shape)\.tsx?$|[\\/]src-renderer[\\/]ui[\\/](button|visually-hidden)\.tsx$|[\\/]shared[\\/]domain[\\/]listing-card\.ts$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/.test(
                      id,
                    ),
                },
                // The product cards and what they show (image, heart, buy button), which the
                // home, search, brand, city and new-this-week pages all load: one file, not ten.
                {
                  name: 'listing-cards',
                  test: /[\\/]src-renderer[\\/]features[\\/]listings[\\/](product-card|product-grid|lazy-image|favorite-toggle|media-url|buy-now)\.tsx?$|[\\/]src-renderer[\\/]ui[\\/]skeleton\.tsx$|[\\/]lucide-react[\\/].*[\\/](heart|image-off|chevron-right|chevron-left)\.mjs$|[\\/]src-renderer[\\/]features[\\/]listings[\\/](product-card|lazy-image|favorite-toggle)\.module\.css$/,
                },
              ],
            },
            entryFileNames: (chunk) =>
              chunk.name === 'hydrate' ? APP_START_SCRIPT.slice(1) : 'assets/[name]-[hash].js',
            // zod probes for eval when a schema is built unless jitless is already set; under a CSP
            // without 'unsafe-eval' the probe is reported as a violation. Bundling can evaluate shared
            // schemas before src-renderer/zod-config.ts runs, so the chunk holding zod's core sets
            // jitless before zod itself initialises.
            intro: (chunk) =>
              Object.keys(chunk.modules).some((id) => /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id))
                ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;'
                : '',
          },
        },
      },
  // The server build carries the icons it uses: the icon package's index loads all of its
  // icons, a quarter of a second of every server start.
  ssr: { noExternal: ['lucide-react'] },
  server: {
    // The renderer imports the shared contract and routes from outside its root.
    fs: { allow: [projectRoot] },
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
}));
