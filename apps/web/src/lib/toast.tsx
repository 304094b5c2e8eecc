import { useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { whenSettled } from './settled';

export interface Toast {
  title: string;
  description?: string;
  /** SPEC §8: failure toasts use the destructive style. */
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

// The Snackbar and its placing are not needed to draw the first screen (decision 054): they load once it is
// settled, or with the first toast if that comes sooner.
const loadToastView = () => import('./toast-view');
const ToastView = lazy(loadToastView);

/**
 * SPEC §9: one toast visible at a time, shown for 5 seconds; a new one replaces the current one (so a success
 * replaces the error it follows). Where it goes: toast-view.tsx.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const [shown, setShown] = useState(false);
  const show = useCallback((toast: Toast) => {
    setShown(true);
    setCurrent({ ...toast, key: Date.now() + Math.random() });
  }, []);
  // A toast closes only itself. The one it replaced may time out after the new one was set but before it was
  // drawn (a busy phone: the old timer's task runs first); clearing whatever is current would then drop the
  // new toast unseen ("Task Created" never shown).
  const close = useCallback((key: number) => setCurrent((c) => (c?.key === key ? null : c)), []);
  const queryClient = useQueryClient();
  useEffect(() => {
    // Offline with no worker yet, it loads with the first toast instead.
    whenSettled(queryClient)
      .then(loadToastView)
      .catch(() => undefined);
  }, [queryClient]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastView current={current} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
