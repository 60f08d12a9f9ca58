/**
 * Registers the service worker (/sw.js, scope /) once the page has loaded, in a built app only (the dev
 * server has no /sw.js). It makes the app installable, caches the shell and receives Web Push.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
        console.warn('The service worker could not be registered', error);
      });
    },
    { once: true },
  );
}
