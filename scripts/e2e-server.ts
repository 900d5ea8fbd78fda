import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each end-to-end run starts from an empty data folder so runs never depend on each other. The
// Playwright config chooses it (E2E_DATA_DIR) so tests can read the mail the server writes there.
process.env.DATA_DIR ??= process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'ironsight-e2e-'));
await import('../src-server/main.ts');
