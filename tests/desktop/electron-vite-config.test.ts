import { resolve } from 'node:path';
import type { UserConfig } from 'electron-vite';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config.ts';

const root = resolve(import.meta.dirname, '../..');
const { main, preload, renderer } = config as UserConfig;

describe('desktop build configuration', () => {
  it('bundles the main process whole from src-main/index.ts into out/main', () => {
    expect(main?.build?.outDir).toBe(resolve(root, 'out/main'));
    expect(main?.build?.externalizeDeps).toBe(false);
    expect(main?.build?.rolldownOptions?.input).toEqual({ index: resolve(root, 'src-main/index.ts') });
  });

  it('builds the preload as one CommonJS file, as a sandboxed preload requires', () => {
    expect(preload?.build?.outDir).toBe(resolve(root, 'out/preload'));
    expect(preload?.build?.externalizeDeps).toBe(false);
    expect(preload?.build?.rolldownOptions?.input).toEqual({ index: resolve(root, 'src-preload/index.ts') });
    expect(preload?.build?.rolldownOptions?.output).toMatchObject({
      format: 'cjs',
      entryFileNames: '[name].cjs',
      codeSplitting: false,
    });
  });

  it('builds the shared renderer into out/renderer with absolute asset URLs for app:// routes', () => {
    expect(renderer?.root).toBe(resolve(root, 'src-renderer'));
    expect(renderer?.build?.outDir).toBe(resolve(root, 'out/renderer'));
    expect(renderer?.build?.rolldownOptions?.input).toEqual({
      index: resolve(root, 'src-renderer/index.html'),
    });
    const names = (renderer?.plugins ?? [])
      .flat()
      .map((plugin) => (plugin && 'name' in plugin ? plugin.name : ''));
    expect(names).toContain('ironsight:absolute-base');
  });
});
