/** Vite's `import.meta.glob` (lazy form): each matched module's path, and a function that imports it. */
interface ImportMeta {
  glob<Module = Record<string, unknown>>(
    patterns: string | readonly string[],
  ): Record<string, () => Promise<Module>>;
}
