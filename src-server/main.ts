import { relaunchWithMallocSettings } from './process-memory.ts';

// Before the server's modules load: a process that relaunches itself never runs past this line.
relaunchWithMallocSettings();
await import('./server-main.ts');
