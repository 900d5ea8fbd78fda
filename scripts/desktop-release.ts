import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UPDATE_FEED_FILES, type UpdateFeedTarget, updateFileKind } from '../shared/desktop-updates.ts';
import { desktopUpdatesDirFor } from '../src-server/config.ts';

const HELP = `Usage: npm run desktop:release -- [--from DIR] [--to DIR] [--version X.Y.Z] [--staging PERCENT]

Publishes the desktop installers built by \`npm run dist\` to the desktop client's update feed: copies
the installers of one version (and their block maps) from --from (default dist/desktop) into the
updates folder the server serves at /desktop/updates, then writes the feed of each platform they are
for (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml) with the version, each
file's SHA-512 and size, the release date and the rollout percentage. The installers are in place
before a feed names them; a feed is replaced in one step, never seen half-written.

  --to DIR          the updates folder (default: DESKTOP_UPDATES_DIR, else DATA_DIR/desktop-updates)
  --version X.Y.Z   the version to publish (default: package.json's)
  --staging PERCENT offer the update to this share of installations only (0-100; default: all).
                    Run again with a higher percentage to widen the rollout: the installers already
                    in place are not copied again and the release date stays.
`;

/** One installer as a feed names it: its name in the folder, SHA-512 (base64) and size. */
export interface FeedFile {
  url: string;
  sha512: string;
  size: number;
}

/** A feed file's content, as electron-updater reads it. */
export interface UpdateFeed {
  version: string;
  files: FeedFile[];
  /** The first file again: the fields older clients read. */
  path: string;
  sha512: string;
  releaseDate: string;
  /** The share of installations offered the update (electron-updater compares its own id with it). */
  stagingPercentage?: number;
}

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The platform feed an installer belongs in, by its name: NSIS setup → Windows; DMG and the ZIP
 * macOS updates from → macOS (both architectures in one feed); AppImage, deb, rpm → Linux of the
 * architecture in the name. Null for anything else (block maps, electron-builder's own files).
 */
export function feedTargetOf(name: string): UpdateFeedTarget | null {
  if (updateFileKind(name)?.kind !== 'installer') return null;
  if (name.endsWith('.exe')) return 'windows';
  if (name.endsWith('.dmg') || name.endsWith('.zip')) return 'mac';
  if (/\.(AppImage|deb|rpm)$/.test(name)) {
    if (/[-_.](arm64|aarch64)[-_.]/.test(name)) return 'linuxArm64';
    if (/[-_.](armv7l|armhf)[-_.]/.test(name)) return 'linuxArmv7l';
    return 'linux';
  }
  return null;
}

/** True when the name carries exactly this version (`1.2.3` is not `1.2.30`). */
export function isOfVersion(name: string, version: string): boolean {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`[-_]${escaped}(?=[-_.])`).test(name);
}

/** The feed of each platform the files are for; the ZIP comes before the DMG for macOS, as its updater reads it. */
export function feedsFor(
  files: readonly FeedFile[],
  release: { version: string; releaseDate: string; stagingPercentage?: number | undefined },
): Map<string, UpdateFeed> {
  const byTarget = new Map<UpdateFeedTarget, FeedFile[]>();
  for (const file of files) {
    const target = feedTargetOf(file.url);
    if (target) byTarget.set(target, [...(byTarget.get(target) ?? []), file]);
  }
  const order = (file: FeedFile) => (file.url.endsWith('.dmg') ? 1 : 0);
  const feeds = new Map<string, UpdateFeed>();
  for (const [target, list] of byTarget) {
    const sorted = [...list].sort((a, b) => order(a) - order(b) || a.url.localeCompare(b.url));
    const first = sorted[0]!;
    feeds.set(UPDATE_FEED_FILES[target], {
      version: release.version,
      files: sorted,
      path: first.url,
      sha512: first.sha512,
      releaseDate: release.releaseDate,
      ...(release.stagingPercentage === undefined ? {} : { stagingPercentage: release.stagingPercentage }),
    });
  }
  return feeds;
}

/** A YAML string that reads back as itself whatever it holds (a version such as 1.10 stays a string). */
const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function feedYaml(feed: UpdateFeed): string {
  const lines = [`version: ${quoted(feed.version)}`, 'files:'];
  for (const file of feed.files) {
    lines.push(
      `  - url: ${quoted(file.url)}`,
      `    sha512: ${quoted(file.sha512)}`,
      `    size: ${file.size}`,
    );
  }
  lines.push(
    `path: ${quoted(feed.path)}`,
    `sha512: ${quoted(feed.sha512)}`,
    `releaseDate: ${quoted(feed.releaseDate)}`,
  );
  if (feed.stagingPercentage !== undefined) lines.push(`stagingPercentage: ${feed.stagingPercentage}`);
  return `${lines.join('\n')}\n`;
}

/** SHA-512 of a file in base64, as electron-updater checks a download. */
export async function sha512Of(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** Writes beside the target and renames over it: a reader sees the old file or the new one. */
async function replaceFile(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The release date of the same version's feed already in the folder, so a wider rollout keeps it. */
async function keptReleaseDate(feedFile: string, version: string): Promise<string | null> {
  const text = await readFile(feedFile, 'utf8').catch(() => null);
  if (text === null || !text.includes(`version: ${quoted(version)}\n`)) return null;
  return /^releaseDate: '([^']+)'$/m.exec(text)?.[1] ?? null;
}

export interface ReleaseOptions {
  /** Where `npm run dist` left the installers. */
  from: string;
  /** The updates folder the server serves. */
  to: string;
  version: string;
  stagingPercentage?: number | undefined;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface ReleaseSummary {
  /** Feed file name → what it now says. */
  feeds: Map<string, UpdateFeed>;
  copied: string[];
  alreadyThere: string[];
}

/** Copies one version's installers and block maps into the updates folder, then writes their feeds. */
export async function publishRelease(options: ReleaseOptions): Promise<ReleaseSummary> {
  if (!SEMVER.test(options.version)) throw new Error(`Not a version: ${options.version}`);
  const staging = options.stagingPercentage;
  if (staging !== undefined && !(Number.isInteger(staging) && staging >= 0 && staging <= 100)) {
    throw new Error(`The rollout percentage is a whole number from 0 to 100, not ${staging}`);
  }
  const log = options.log ?? (() => {});
  const names = (await readdir(options.from)).filter((name) => isOfVersion(name, options.version)).sort();
  const installers = names.filter((name) => feedTargetOf(name) !== null);
  if (installers.length === 0) {
    throw new Error(
      `No installer of version ${options.version} in ${options.from} (build them with npm run dist)`,
    );
  }
  const blockMaps = names.filter(
    (name) => name.endsWith('.blockmap') && installers.includes(name.slice(0, -9)),
  );
  await mkdir(options.to, { recursive: true });

  const files: FeedFile[] = [];
  const summary: ReleaseSummary = { feeds: new Map(), copied: [], alreadyThere: [] };
  for (const name of [...installers, ...blockMaps]) {
    const source = path.join(options.from, name);
    const target = path.join(options.to, name);
    const [size, sha512] = [(await stat(source)).size, await sha512Of(source)];
    const present = await stat(target).catch(() => null);
    if (present?.isFile() && present.size === size && (await sha512Of(target)) === sha512) {
      summary.alreadyThere.push(name);
    } else {
      await replaceFile(target, (temporary) => copyFile(source, temporary));
      summary.copied.push(name);
      log(`copied ${name} (${(size / 1024 / 1024).toFixed(1)} MB)`);
    }
    if (installers.includes(name)) files.push({ url: name, sha512, size });
  }

  const now = (options.now ?? (() => new Date()))().toISOString();
  for (const [feedName, feed] of feedsFor(files, {
    version: options.version,
    releaseDate: now,
    stagingPercentage: staging,
  })) {
    const target = path.join(options.to, feedName);
    const written = {
      ...feed,
      releaseDate: (await keptReleaseDate(target, feed.version)) ?? feed.releaseDate,
    };
    await replaceFile(target, (temporary) => writeFile(temporary, feedYaml(written)));
    summary.feeds.set(feedName, written);
    const share = written.stagingPercentage === undefined ? 'everyone' : `${written.stagingPercentage}%`;
    log(`wrote ${feedName}: ${written.version} for ${share} (${written.files.map((f) => f.url).join(', ')})`);
  }
  return summary;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string', default: 'dist/desktop' },
      to: { type: 'string' },
      version: { type: 'string' },
      staging: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(HELP);
    return;
  }
  const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
  const staging = values.staging === undefined ? undefined : Number(values.staging);
  const to = values.to ? path.resolve(values.to) : desktopUpdatesDirFor(process.env);
  await publishRelease({
    from: path.resolve(values.from),
    to,
    version: values.version ?? packageJson.version,
    stagingPercentage: staging,
    log: (line) => console.info(line),
  });
  console.info(`The update feed in ${to} is up to date.`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
