import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface Toast {
  title: string;
  description?: string;
  /** SPEC §8: failure toasts use the destructive style. */
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/** SPEC §9: one toast visible at a time, shown for 5 seconds; a new one replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const show = useCallback((toast: Toast) => setCurrent({ ...toast, key: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);
  // A toast closes only itself. The one it replaced may time out after the new one was set but before it was
  // drawn (a busy phone: the old timer's task runs first); clearing whatever is current would then drop the
  // new toast unseen ("Task Created" never shown).
  const shownKey = current?.key;
  const close = () => setCurrent((c) => (c?.key === shownKey ? null : c));
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In a portal: an open dialog hides #root from screen readers, and a toast must still be announced. */}
      <Portal>
      <Snackbar
        key={current?.key}
        open={current !== null}
        autoHideDuration={5000}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        // At the top: at the bottom a toast would cover a dialog's action buttons, on a phone and on a laptop.
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ maxWidth: 420, width: 'calc(100% - 16px)' }}
      >
        <Alert
          role={current?.variant === 'destructive' ? 'alert' : 'status'}
          severity={current?.variant === 'destructive' ? 'error' : 'success'}
          variant="filled"
          onClose={close}
          sx={{ width: '100%' }}
        >
          <AlertTitle>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
      </Portal>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
