/**
 * Preload of the main window (sandboxed): exposes `window.desktop` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { z } from 'zod';
import { createDesktopBridge } from './create-bridge.ts';

// The page's CSP forbids eval; zod must not try its compiled fast path here.
z.config({ jitless: true });

contextBridge.exposeInMainWorld('desktop', createDesktopBridge(ipcRenderer, process.argv));
