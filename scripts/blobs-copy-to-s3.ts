import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src-server/config.ts';
import { type CopySummary, copyFilesToBucket } from '../src-server/files/copy-to-bucket.ts';
import { s3BlobStore } from '../src-server/files/s3-blob-store.ts';

const HELP = `Usage: npm run blobs:copy-to-s3

Copies the uploaded files of the file store (DATA_DIR/files: listing photos, message attachments,
licence copies, bulk-upload and feed files) into the S3-compatible bucket, each file under its key,
and reads every key back to check its size and SHA-256.

The bucket is the server's own setting: S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and
the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the AWS SDK's usual chain).
BLOB_STORE may still be "files": copy first, then switch (docs/deployment/object-storage.md).

Run it again at any time: a key the bucket already holds with the same bytes is only checked, so a
second run copies only what was added or changed since.
`;

/** Lines of skipped or failed files printed at most; the counts are always whole. */
const LISTED = 20;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function report(summary: CopySummary, bucket: string, print: (line: string) => void): void {
  print(
    `Checked ${summary.checked} keys in bucket ${bucket}: same size and SHA-256 as their files. ` +
      `Copied ${summary.copied} (${megabytes(summary.bytesCopied)}); ${summary.checked - summary.copied} were already there.`,
  );
  if (summary.skipped.length > 0) {
    print(`Skipped ${summary.skipped.length} files that are no blob:`);
    for (const { file, reason } of summary.skipped.slice(0, LISTED)) print(`  ${file}: ${reason}`);
  }
  if (summary.failed.length > 0) {
    print(`Failed ${summary.failed.length} keys (run the command again to retry them):`);
    for (const { key, reason } of summary.failed.slice(0, LISTED)) print(`  ${key}: ${reason}`);
  }
}

/**
 * The command `npm run blobs:copy-to-s3` (see HELP), on the settings of `env`. Prints what it did
 * and answers the exit code: 0 when every file's key was checked in the bucket.
 */
export async function copyBlobsToS3(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.info,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    print(HELP);
    return 0;
  }
  if (args.length > 0) {
    print(HELP);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    print(error.message);
    return 1;
  }
  if (!config.s3) {
    print('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the credentials) to name the bucket to copy into.');
    return 1;
  }
  const root = path.join(config.dataDir, 'files');
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    print(`No files to copy: ${root} does not exist.`);
    return 0;
  }
  const bucket = s3BlobStore(config.s3);
  try {
    print(`Copying ${root} to bucket ${config.s3.bucket}…`);
    // On a terminal, a running count; a log file gets the summary only.
    const progress = process.stdout.isTTY
      ? (sofar: CopySummary) => process.stdout.write(`\r  ${sofar.checked} checked, ${sofar.copied} copied`)
      : undefined;
    const summary = await copyFilesToBucket(root, bucket, progress);
    if (progress) process.stdout.write('\n');
    report(summary, config.s3.bucket, print);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    bucket.close();
  }
}

if (import.meta.main) process.exitCode = await copyBlobsToS3(process.argv.slice(2));
