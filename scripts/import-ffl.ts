import { readFile } from 'node:fs/promises';
import { ConfigError, dataFolderFor, loadConfig } from '../src-server/config.ts';
import { type DatabaseHandle, openDatabase } from '../src-server/db/client.ts';
import { DataFolderLockedError } from '../src-server/db/data-lock.ts';
import { importLicensees, parseLicenseeList } from '../src-server/modules/ffl/index.ts';

const HELP = `Usage: npm run import:ffl -- FILE

Imports the public federal firearms licensee list (ATF) into the dealer finder.

FILE holds the list's 17 columns (LIC_REGN, LIC_DIST, LIC_CNTY, LIC_TYPE, LIC_XPRDTE, LIC_SEQN,
LICENSE_NAME, BUSINESS_NAME, PREMISE_STREET, PREMISE_CITY, PREMISE_STATE, PREMISE_ZIP_CODE,
MAIL_STREET, MAIL_CITY, MAIL_STATE, MAIL_ZIP_CODE, VOICE_PHONE), tab-, pipe- or comma-separated
(detected), with or without the header line.

Each licence is added or updated by its licence number (R-DD-CCC-TT-XX-SSSSS); a dealer's own
transfer fee, notes, licence copy and account link are kept. Licences of the file's states that the
file no longer lists are retired (kept, hidden from the finder), so a per-state list retires only
that state's dealers. Lines that cannot be read are reported and skipped.

Database: the server's own settings. With DATABASE_URL (PostgreSQL) run it at any time. With the
embedded database (PGlite in DATA_DIR, default ./data) only one process may open the data folder:
stop the server first, import, then start it again.
`;

/** The server's own database: PostgreSQL with DATABASE_URL, else the embedded one of DATA_DIR. */
async function openServerDatabase(): Promise<DatabaseHandle> {
  const config = loadConfig();
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: dataFolderFor(config) });
}

async function run(args: readonly string[], open: () => Promise<DatabaseHandle>): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.info(HELP);
    return 0;
  }
  const file = args.find((arg) => !arg.startsWith('-'));
  if (!file || args.length !== 1) {
    console.error(HELP);
    return 2;
  }

  const parsed = parseLicenseeList(await readFile(file, 'utf8'));
  const delimiterName = { '\t': 'tab', '|': 'pipe', ',': 'comma' }[parsed.delimiter];
  console.info(
    `Read ${parsed.licensees.length} licences from ${file} (${delimiterName}-separated, ${parsed.hasHeader ? 'with' : 'without'} a header line).`,
  );
  for (const error of parsed.errors.slice(0, 20)) console.warn(`  line ${error.line}: ${error.message}`);
  if (parsed.errors.length > 20) console.warn(`  … and ${parsed.errors.length - 20} more unreadable lines.`);
  if (parsed.licensees.length === 0) {
    console.error('No licence could be read; nothing was changed.');
    return 1;
  }

  const database = await open();
  try {
    const counts = await importLicensees(database.db, parsed.licensees, (done, total) => {
      process.stdout.write(`\r  ${done} / ${total}`);
    });
    process.stdout.write('\n');
    console.info(
      [
        `Added ${counts.added}, updated ${counts.updated} (${counts.relisted} listed again), retired ${counts.retired}.`,
        `Skipped ${parsed.errors.length} unreadable lines and ${counts.duplicates} repeated licence numbers.`,
        counts.unplaced > 0
          ? `${counts.unplaced} licences have an unknown ZIP code: found by name only.`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * The command `npm run import:ffl -- FILE` (see HELP): reads the list, imports it into the database
 * `open` opens (the server's own unless given) and prints what it did. Answers the exit code.
 */
export async function importFfl(
  args: readonly string[],
  open: () => Promise<DatabaseHandle> = openServerDatabase,
): Promise<number> {
  try {
    return await run(args, open);
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      console.error(`${error.message}\nStop the server, run the import, then start the server again.`);
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error((error as Error).message ?? error);
    }
    return 1;
  }
}

if (import.meta.main) process.exitCode = await importFfl(process.argv.slice(2));
