/**
 * The first script of a page the server rendered (web build only): it starts the app once the
 * browser has painted the page. Such a page is complete and usable as it arrives (its links are
 * links, its forms wait for the app), so on a phone's connection its first paint does not share
 * the network with the code that hydrates it. The server names the app's entry, the modules it
 * imports and the files of the page's screen on this script's element; all are preloaded together,
 * so they download in parallel, not one import after another. The entry's modules are evaluated one
 * after another with a pause between them, so compiling them is several short tasks rather than
 * one long one the visitor's input waits behind; the screen's, when the entry asks for its screen.
 * Pages rendered in the browser load the entry directly.
 */

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const element = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = element?.dataset.appEntry;

if (element && entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const modules = (element.dataset.appPreload ?? '').split(' ').filter(Boolean);
    // The files of the page's screen are fetched with them; the entry imports them once it runs.
    const screen = (element.dataset.pagePreload ?? '').split(' ').filter(Boolean);
    for (const href of [...modules, entry, ...screen]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void (async () => {
      for (const href of modules) {
        await import(/* @vite-ignore */ href);
        await nextTask();
      }
      await import(/* @vite-ignore */ entry);
    })();
  };
  // After the next frame is painted; a page opened in the background starts within a second.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
