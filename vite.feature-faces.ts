import type { Plugin } from 'vite';

/** A feature's face: `src-renderer/features/<name>/index.ts`. */
export const FEATURE_FACE = /[\\/]src-renderer[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * Pages and the app shell import a feature only through its face (`features/<name>/index.ts`),
 * which only re-exports what they may use. A face runs nothing of its own, and this tells the
 * bundler so: a screen that takes one part of a feature gets that part and what it imports, not
 * every other part the face names. Otherwise each module the face names would be evaluated (its
 * top-level schemas, `lazy()` calls) in the chunk of whatever imports the face, and the app shell,
 * which takes a few parts of many features, would carry them on every page.
 */
export function featureFaces(): Plugin {
  return {
    name: 'ironsight:feature-faces',
    transform: {
      filter: { id: FEATURE_FACE },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}
