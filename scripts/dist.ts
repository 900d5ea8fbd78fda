import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const HELP = `Usage: npm run dist [-- electron-builder arguments]

Builds the desktop client (electron-vite: out/main, out/preload, out/renderer) and its installers
(electron-builder, into dist/desktop). Arguments after -- go to electron-builder, e.g.
\`npm run dist -- --linux deb\` or \`npm run dist -- --win nsis\`.

  ELECTRON_DIST_DIR     a local Electron archive instead of a download: the zip itself
                        (electron-v<version>-<platform>-<arch>.zip), a folder holding that zip, or an
                        unpacked Electron folder. Its version, platform and architecture must be the
                        ones being packaged.
  IRONSIGHT_UPDATE_URL  the update feed the installed client checks, e.g.
                        https://ironsight.example/desktop/updates/ (written into the app's
                        app-update.yml). Unset: the installed client checks for no update.
`;

/** What the packaging reads from the environment; a blank value counts as unset. */
export interface DistEnvironment {
  ELECTRON_DIST_DIR?: string | undefined;
  IRONSIGHT_UPDATE_URL?: string | undefined;
}

/**
 * electron-builder's arguments: the ones given, then the configuration the environment adds
 * (`electronDist`, the generic update feed); publishing is left to the release step.
 */
export function builderArguments(
  env: DistEnvironment,
  given: readonly string[],
  cwd = process.cwd(),
): string[] {
  const args = [...given, '--publish', 'never'];
  const electronDist = env.ELECTRON_DIST_DIR?.trim();
  if (electronDist) {
    const resolved = path.resolve(cwd, electronDist);
    if (!existsSync(resolved)) throw new Error(`ELECTRON_DIST_DIR does not exist: ${resolved}`);
    args.push(`--config.electronDist=${resolved}`);
  }
  const feed = env.IRONSIGHT_UPDATE_URL?.trim();
  if (feed) {
    if (!URL.canParse(feed) || !/^https?:$/.test(new URL(feed).protocol)) {
      throw new Error(`IRONSIGHT_UPDATE_URL is not an http(s) address: ${feed}`);
    }
    args.push('--config.publish.provider=generic', `--config.publish.url=${feed}`);
  }
  return args;
}

function run(script: string, args: readonly string[]): void {
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  const given = process.argv.slice(2);
  if (given.includes('--help')) {
    console.info(HELP);
  } else {
    try {
      const args = builderArguments(process.env, given);
      run('node_modules/electron-vite/bin/electron-vite.js', ['build']);
      run('node_modules/electron-builder/cli.js', args);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  }
}
