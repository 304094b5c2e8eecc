/**
 * Registers the service worker the build makes (/sw.js, decision 038): it keeps the app's shell so FamilyOS
 * opens without a network, and shows push notifications. Only in a build: the dev server has no worker.
 * Browsers allow one only on https or localhost.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}
