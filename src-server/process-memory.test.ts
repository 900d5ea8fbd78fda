import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS, relaunchChanges, YOUNG_GENERATION_MB } from './process-memory.ts';

describe('the settings the server relaunches itself with', () => {
  it('sizes the young generation for the database the environment names', () => {
    expect(relaunchChanges({}, []).flags).toEqual([`--max-semi-space-size=${YOUNG_GENERATION_MB.pglite}`]);
    expect(relaunchChanges({ DATABASE_URL: 'postgres://db/ironsight' }, []).flags).toEqual([
      `--max-semi-space-size=${YOUNG_GENERATION_MB.postgres}`,
    ]);
    expect(YOUNG_GENERATION_MB.postgres).toBeGreaterThan(YOUNG_GENERATION_MB.pglite);
  });

  it("keeps an operator's young generation from the command line or NODE_OPTIONS", () => {
    const postgres = { DATABASE_URL: 'postgres://db/ironsight' };
    expect(relaunchChanges(postgres, ['--max-semi-space-size=16']).flags).toEqual([]);
    expect(relaunchChanges(postgres, ['--max_semi_space_size=4']).flags).toEqual([]);
    expect(relaunchChanges({ ...postgres, NODE_OPTIONS: '--max-semi-space-size=64' }, []).flags).toEqual([]);
  });

  it("adds glibc's settings unless any of them is set", () => {
    expect(relaunchChanges({}, []).env).toEqual(MALLOC_SETTINGS);
    expect(relaunchChanges({ MALLOC_ARENA_MAX: '4' }, []).env).toEqual({});
  });

  it('adds nothing once relaunched, so the process is relaunched once', () => {
    for (const env of [{}, { DATABASE_URL: 'postgres://db/ironsight' }]) {
      const first = relaunchChanges(env, ['--max-old-space-size=512']);
      const again = relaunchChanges({ ...env, ...first.env }, [...first.flags, '--max-old-space-size=512']);
      expect(again).toEqual({ env: {}, flags: [] });
    }
  });
});
