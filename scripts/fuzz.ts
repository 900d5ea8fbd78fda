/**
 * The contract fuzz suite (tests/fuzz) with a chosen budget: requests per endpoint and seed.
 * Usage: npm run fuzz [-- --runs 500] [--seed 42] [other vitest options]
 * The default (what `npm test` runs) is FUZZ_RUNS=60 on the seed in tests/fuzz/contract.test.ts.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const env: NodeJS.ProcessEnv = { ...process.env };
const passThrough: string[] = [];
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  const value = args[index + 1];
  if ((arg === '--runs' || arg === '--seed') && value !== undefined) {
    env[arg === '--runs' ? 'FUZZ_RUNS' : 'FUZZ_SEED'] = value;
    index += 1;
  } else passThrough.push(arg);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'fuzz', ...passThrough], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
