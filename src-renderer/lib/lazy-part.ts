import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A part of a page whose code a server-rendered page does not need to become interactive (the header
 * search, the menu's panels, the footer, the blocks further down the home page): rendered inside a
 * `HydrateWhenSeen` or `HydrateWhenIdle`, it is hydrated later, and its code is fetched only then.
 *
 * The server and a page rendered in the browser load every part before they render, so they never
 * see it missing: the server calls `preloadLazyParts` before rendering, and once parts load eagerly
 * (`loadLazyPartsEagerly`: from the start on a page rendered in the browser, and once the page is
 * hydrated on a server-rendered one) a screen's parts are loaded with the screen.
 */
export interface LazyPart<Props> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** Loads the code (once; a failed load may be tried again). */
  preload: () => Promise<void>;
}

const registered = new Set<() => Promise<void>>();
let eager = false;

/** A thenable React reads at once: React's `lazy` takes a module given synchronously as loaded. */
const settled = <Value>(value: Value): PromiseLike<Value> => ({
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see above).
  then: (onFulfilled) => settled(onFulfilled ? onFulfilled(value) : value) as never,
});

export function lazyPart<Props>(load: () => Promise<ComponentType<Props>>): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  registered.add(preload);
  const Component = lazy(() => {
    if (loaded) return settled({ default: loaded }) as Promise<{ default: ComponentType<Props> }>;
    return preload().then(() => ({ default: loaded as ComponentType<Props> }));
  });
  return { Component, preload };
}

/**
 * Loads the code of every part known so far (those of the shell and of the screens loaded). A part
 * that fails to load is left to load when it is rendered.
 */
export async function preloadLazyParts(): Promise<void> {
  await Promise.all([...registered].map((preload) => preload().catch(() => undefined)));
}

/** From now on a screen is loaded with its parts (see `partsOfScreen`); answers when those known are there. */
export function loadLazyPartsEagerly(): Promise<void> {
  eager = true;
  return preloadLazyParts();
}

/**
 * What a screen that has just loaded waits on before it is shown: its parts, once parts load eagerly,
 * so a page rendered in the browser appears whole; nothing while a server-rendered page hydrates.
 */
export function partsOfScreen(): Promise<void> {
  return eager ? preloadLazyParts() : Promise.resolve();
}
