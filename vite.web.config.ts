import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.precompress.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const rendererRoot = fileURLToPath(new URL('./src-renderer', import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * The web build of the renderer. The desktop build (electron-vite) compiles the same
 * `src-renderer` root, so nothing here may be required for the app to work.
 */
export default defineConfig({
  root: rendererRoot,
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
    rolldownOptions: {
      output: {
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
  server: {
    // The renderer imports the shared contract and routes from outside its root.
    fs: { allow: [projectRoot] },
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
