import type { QueryClient } from '@tanstack/react-query';
import { whenSettled } from '../lib/settled';

/**
 * Registers the service worker the build makes (/sw.js, decision 038): it keeps the app's shell so FamilyOS
 * opens without a network, and shows push notifications. Only in a build: the dev server has no worker.
 * Browsers allow one only on https or localhost. Once the first screen has its data (decision 054): installing,
 * the worker downloads the whole app (some 700 KB), which on a phone's slow link would delay that screen by
 * seconds.
 */
export function registerServiceWorker(queryClient: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void whenSettled(queryClient).then(() =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('The service worker could not be registered', error)),
  );
}
