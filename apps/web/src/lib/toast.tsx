import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface Toast {
  title: string;
  description?: string;
  /** SPEC §8: failure toasts use the destructive style. */
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

/** Between a toast and the dialog buttons it stands above. */
const GAP_PX = 8;

/**
 * How far a toast at the bottom must rise to stand clear of the open dialog's buttons: 0 when it covers none
 * (a laptop's dialog keeps them on the right, the toast sits on the left), else just above them (a phone's
 * full-screen form has them along the bottom edge).
 */
function liftOverDialogButtons(toast: DOMRect): number {
  const bars = document.querySelectorAll('.MuiDialog-root .MuiDialogActions-root');
  const buttons = bars[bars.length - 1]?.querySelectorAll('button, a') ?? [];
  let lift = 0;
  for (const button of buttons) {
    const b = button.getBoundingClientRect();
    const covers = b.width > 0 && toast.left < b.right && b.left < toast.right && toast.top < b.bottom && b.top < toast.bottom;
    if (covers) lift = Math.max(lift, toast.bottom - b.top + GAP_PX);
  }
  return lift;
}

/**
 * SPEC §9: one toast visible at a time, shown for 5 seconds; a new one replaces the current one (so a success
 * replaces the error it follows). At the bottom, left on a laptop and across a phone: never over the header's
 * navigation or a dialog's title, and raised above a dialog's buttons where it would cover them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const show = useCallback((toast: Toast) => setCurrent({ ...toast, key: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);
  // A toast closes only itself. The one it replaced may time out after the new one was set but before it was
  // drawn (a busy phone: the old timer's task runs first); clearing whatever is current would then drop the
  // new toast unseen ("Task Created" never shown).
  const shownKey = current?.key;
  const close = () => setCurrent((c) => (c?.key === shownKey ? null : c));

  // Measured once per toast, before it is painted: where it would sit, against the open dialog's buttons.
  const root = useRef<HTMLDivElement>(null);
  const [lift, setLift] = useState<{ key: number; px: number } | null>(null);
  useLayoutEffect(() => {
    if (shownKey === undefined || !root.current) return;
    setLift({ key: shownKey, px: liftOverDialogButtons(root.current.getBoundingClientRect()) });
  }, [shownKey]);
  const raise = lift && lift.key === shownKey ? lift.px : 0;

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* In a portal: an open dialog hides #root from screen readers, and a toast must still be announced. */}
      <Portal>
        <Snackbar
          ref={root}
          key={current?.key}
          open={current !== null}
          autoHideDuration={5000}
          onClose={(_e, reason) => reason !== 'clickaway' && close()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          sx={{ maxWidth: 420, width: { xs: 'auto', sm: 'calc(100% - 48px)' }, bottom: { xs: 8 + raise, sm: 24 + raise } }}
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
