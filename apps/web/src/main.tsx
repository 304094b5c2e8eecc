import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { theme } from './app/theme';
import { SessionProvider } from './lib/session';
import { ToastProvider } from './lib/toast';

// SPEC §8: unhandled promise rejections are logged and suppressed, never shown raw.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled rejection', event.reason);
  event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
