import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react()],
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
        sourcemap: true,
      },
  server: {
    // The renderer imports the shared contract and routes from outside its root.
    fs: { allow: [projectRoot] },
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
}));
