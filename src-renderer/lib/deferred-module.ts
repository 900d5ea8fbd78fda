import { useEffect, useState } from 'react';

/**
 * Code a page does not need before it is interactive (personal parts of the header and what they
 * validate with), loaded once the page has hydrated. Until it arrives, `useModule` answers null and
 * the caller shows what the server rendered; once loaded, every later render has it at once.
 */
export interface DeferredModule<Module> {
  /** Starts loading (once); resolves when the module is there. A failed load may be tried again. */
  preload(): Promise<Module>;
  /** The module once loaded, else null; starts loading when `enabled`. */
  useModule(enabled: boolean): Module | null;
}

export function deferredModule<Module>(load: () => Promise<Module>): DeferredModule<Module> {
  let loaded: Module | null = null;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function useModule(enabled: boolean): Module | null {
    const [, setLoadedNow] = useState(false);
    useEffect(() => {
      if (!enabled || loaded) return;
      let live = true;
      preload().then(
        () => live && setLoadedNow(true),
        // A chunk that failed to load (offline, a new deployment): the server's rendering stays.
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [enabled]);
    return enabled ? loaded : null;
  }
  return { preload, useModule };
}
