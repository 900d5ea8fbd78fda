/**
 * The first script of a page the server rendered (web build only): it starts the app once the
 * browser has painted the page. Such a page is complete and usable as it arrives (its links are
 * links, its forms wait for the app), so on a phone's connection its first paint does not share
 * the network with the code that hydrates it. The server names the app's entry and the modules it
 * imports on this script's element; the modules are preloaded together, so they download in
 * parallel, not one import after another. Pages rendered in the browser load the entry directly.
 */
const element = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = element?.dataset.appEntry;

if (element && entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (element.dataset.appPreload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ entry);
  };
  // After the next frame is painted; a page opened in the background starts within a second.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
