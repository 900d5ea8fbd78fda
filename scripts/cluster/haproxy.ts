/**
 * HAProxy from Debian's package, run in the foreground with the repository's configuration
 * (deploy/haproxy/ironsight.cfg), its addresses given in the environment; its runtime API (a Unix
 * socket) reads the servers' state and takes one out of rotation or brings it back.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, createWriteStream } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';

export const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy/ironsight.cfg');

export const HAPROXY_INSTALL_HELP = [
  'HAProxy is not installed: the cluster runs its servers behind it. Install it from Debian:',
  '  sudo apt-get install -y haproxy        (as root: apt-get install -y haproxy)',
  'or point HAPROXY_PATH at a haproxy binary (2.6 or later).',
].join('\n');

/** The haproxy binary: HAPROXY_PATH, then the package's place, then PATH; null when there is none. */
export function findHaproxy(): string | null {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'haproxy'));
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy', ...fromPath];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there, or not executable: the next one.
    }
  }
  return null;
}

/** The addresses the configuration reads (host:port, and the runtime API's socket path). */
export interface HaproxyAddresses {
  balancer: string;
  stats: string;
  socket: string;
  servers: readonly [string, string, string];
}

function environmentOf(addresses: HaproxyAddresses): NodeJS.ProcessEnv {
  return {
    ...process.env,
    IRONSIGHT_LB_BIND: addresses.balancer,
    IRONSIGHT_STATS_BIND: addresses.stats,
    IRONSIGHT_HAPROXY_SOCKET: addresses.socket,
    IRONSIGHT_SERVER_1: addresses.servers[0],
    IRONSIGHT_SERVER_2: addresses.servers[1],
    IRONSIGHT_SERVER_3: addresses.servers[2],
  };
}

/** One row of `show stat` for a server of a backend. */
export interface ServerStat {
  backend: string;
  server: string;
  /** UP, DOWN, MAINT, UP 1/2 (going down), … */
  status: string;
  /** Requests it answered, by status class. */
  responses: { '2xx': number; '3xx': number; '4xx': number; '5xx': number };
  /** Retries and redispatches of requests first sent to it. */
  retries: number;
  redispatches: number;
  /** Requests sent to it in all. */
  sessions: number;
}

export interface Haproxy {
  pid: number;
  /** Sends a command to the runtime API and answers its output. */
  command(line: string): Promise<string>;
  /** The servers' state and counters, both backends. */
  stats(): Promise<ServerStat[]>;
  /** Settles when the process ends (with its code, or the signal that ended it). */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Runs `haproxy -c` on the configuration with these addresses: throws with its output when it is not valid. */
export function checkHaproxyConfig(binary: string, addresses: HaproxyAddresses): void {
  const checked = spawnSync(binary, ['-c', '-q', '-f', HAPROXY_CONFIG], {
    env: environmentOf(addresses),
    encoding: 'utf8',
  });
  if (checked.status !== 0) {
    throw new Error(`haproxy refused ${HAPROXY_CONFIG}:\n${checked.stdout}${checked.stderr}`);
  }
}

/** Starts HAProxy in the foreground; its output goes to `logFile`. */
export async function startHaproxy(
  binary: string,
  addresses: HaproxyAddresses,
  logFile: string,
): Promise<Haproxy> {
  checkHaproxyConfig(binary, addresses);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(binary, ['-db', '-f', HAPROXY_CONFIG], {
    env: environmentOf(addresses),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl+C reaches the cluster script, which stops the pieces in order.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const command = (line: string) => runtimeCommand(addresses.socket, line);
  // Ready once its runtime API answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`haproxy stopped at once (${child.exitCode}); see ${logFile}`);
    if (
      await command('show info').then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`haproxy did not start; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid ?? 0,
    command,
    stats: async () => parseStats(await command('show stat')),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}

/** One command on the runtime API's socket (the connection closes after the answer). */
function runtimeCommand(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.end(`${line}\n`));
    connection.on('data', (chunk: string) => {
      answer += chunk;
    });
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

function parseStats(csv: string): ServerStat[] {
  const [header, ...lines] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const number = (cells: string[], name: string) => Number(at(cells, name)) || 0;
  return lines
    .map((line) => line.split(','))
    .filter((cells) => !['FRONTEND', 'BACKEND'].includes(at(cells, 'svname')) && cells.length > 1)
    .map((cells) => ({
      backend: at(cells, 'pxname'),
      server: at(cells, 'svname'),
      status: at(cells, 'status'),
      responses: {
        '2xx': number(cells, 'hrsp_2xx'),
        '3xx': number(cells, 'hrsp_3xx'),
        '4xx': number(cells, 'hrsp_4xx'),
        '5xx': number(cells, 'hrsp_5xx'),
      },
      retries: number(cells, 'wretr'),
      redispatches: number(cells, 'wredis'),
      sessions: number(cells, 'stot'),
    }));
}
