import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { theme } from './app/theme';
import { SessionProvider } from './lib/session';
import { ToastProvider } from './lib/toast';
import { OfflineBanner } from './components/OfflineBanner';
import { keepSavedData } from './lib/saved-data';

// SPEC §8: unhandled promise rejections are logged and suppressed, never shown raw.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled rejection', event.reason);
  event.preventDefault();
});

// Before the first screen: the last data this browser saved (the only data there is, offline).
keepSavedData(queryClient);
registerServiceWorker(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <OfflineBanner />
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
