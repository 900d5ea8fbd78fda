import { relaunchWithProcessSettings } from './process-memory.ts';

// Before the server's modules load: a process that relaunches itself never runs past this line.
relaunchWithProcessSettings();
await import('./server-main.ts');
