/**
 * Routes app paths (deep links, notification clicks) to the window. A path that arrives before
 * the page can listen — at launch, or on macOS while no window is open — is kept (the latest
 * wins) and either opens the next window at that path or is delivered once the page has loaded.
 */
export interface AppNavigator {
  navigate(path: string): void;
  /** The page has loaded and takes paths from now on; a kept path is delivered at once. */
  attach(deliver: (path: string) => void): void;
  /** The page is gone (window closed, reloading); paths are kept again. */
  detach(): void;
  /** The kept path, removed: a new window opens at it instead of '/'. */
  takePending(): string | null;
}

export interface AppNavigatorOptions {
  /** Called when a path is kept, so the app can open a window if none is open. */
  onKept?(): void;
}

export function createAppNavigator(options: AppNavigatorOptions = {}): AppNavigator {
  let deliver: ((path: string) => void) | null = null;
  let pending: string | null = null;
  return {
    navigate(path) {
      if (deliver) {
        deliver(path);
        return;
      }
      pending = path;
      options.onKept?.();
    },
    attach(next) {
      deliver = next;
      const kept = pending;
      pending = null;
      if (kept !== null) next(kept);
    },
    detach() {
      deliver = null;
    },
    takePending() {
      const kept = pending;
      pending = null;
      return kept;
    },
  };
}
