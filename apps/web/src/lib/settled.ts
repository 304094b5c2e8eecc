import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once the page has loaded and no query is fetching: the first screen has its data. What is not needed
 * to draw it (the service worker's download of the whole app, the toast's code) waits until then, so on a
 * phone's slow link it never shares the bandwidth with the first screen (decision 054).
 */
export function whenSettled(queryClient: QueryClient): Promise<void> {
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    // A macrotask later: queries the load's last scripts start (a page's prefetch) are counted.
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (queryClient.isFetching() === 0) return resolve();
          const unsubscribe = queryClient.getQueryCache().subscribe(() => {
            if (queryClient.isFetching() > 0) return;
            unsubscribe();
            resolve();
          });
        }),
    );
}
