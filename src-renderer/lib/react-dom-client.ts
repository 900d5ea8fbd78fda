/**
 * React DOM's client, imported through this module so the web build can start it in the chunk
 * that holds React DOM (vite.web.config.ts): the start script then prepares React DOM in a task of
 * its own, before the app's modules are evaluated in another.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
