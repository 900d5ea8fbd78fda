import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each end-to-end run starts from an empty data folder so runs never depend on each other.
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ironsight-e2e-'));
await import('../src-server/main.ts');
