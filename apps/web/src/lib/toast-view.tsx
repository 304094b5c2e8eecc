import { Alert, AlertTitle, Snackbar, useTheme } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Toast } from './toast';

/** Between a toast and what it keeps clear of. */
const GAP_PX = 8;
/** The signed-in header (AppShell's AppBar): a phone's toast goes just below it. */
const HEADER = 'header.MuiAppBar-root';

interface Place {
  key: number;
  vertical: 'top' | 'bottom';
  /** From that edge of the screen. */
  px: number;
}

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
 * Where a toast goes, from where it was first laid out (at the bottom, on the left). With a dialog on screen:
 * at the bottom, raised above the dialog's buttons where it would cover one (the dialog's title is at its top).
 * Else on a laptop it stays at the bottom left, away from the header's links and from a centred form; on a
 * phone, where the bottom is the form's own button (the sign-in page), it goes to the top, just below the
 * header and its menu.
 */
function placeFor(key: number, toast: DOMRect, phone: boolean): Place {
  const margin = window.innerHeight - toast.bottom;
  const dialog = document.querySelector('.MuiDialog-root') !== null;
  if (dialog || !phone) return { key, vertical: 'bottom', px: margin + (dialog ? liftOverDialogButtons(toast) : 0) };
  const header = document.querySelector(HEADER);
  return { key, vertical: 'top', px: header ? header.getBoundingClientRect().bottom + GAP_PX : margin };
}

/**
 * The toast on screen (SPEC §9), loaded with the first toast or once the first screen is settled (decision 054):
 * never over the header's navigation, a dialog's title or a dialog's buttons (see placeFor).
 */
export default function ToastView({ current, onClose }: { current: (Toast & { key: number }) | null; onClose: (key: number) => void }) {
  const shownKey = current?.key;
  const close = () => shownKey !== undefined && onClose(shownKey);

  // Placed once per toast, before it is painted.
  const phoneBelow = useTheme().breakpoints.values.sm;
  const root = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    if (shownKey === undefined || !root.current) return;
    setPlace(placeFor(shownKey, root.current.getBoundingClientRect(), window.innerWidth < phoneBelow));
  }, [shownKey, phoneBelow]);
  const at = place && place.key === shownKey ? place : null;
  // A toast shown before the header (the welcome after signing in, raised on the sign-in page) is placed again
  // once the header is there, so it does not stay over the menu for its five seconds.
  const waitsForHeader = at !== null && at.vertical === 'top' && !document.querySelector(HEADER);
  useEffect(() => {
    if (!waitsForHeader || shownKey === undefined) return;
    const observer = new MutationObserver(() => {
      if (!document.querySelector(HEADER) || !root.current) return;
      observer.disconnect();
      setPlace(placeFor(shownKey, root.current.getBoundingClientRect(), window.innerWidth < phoneBelow));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [waitsForHeader, shownKey, phoneBelow]);
  const edge = at ? { [at.vertical]: { xs: at.px, sm: at.px } } : {};

  // In a portal: an open dialog hides #root from screen readers, and a toast must still be announced. React's
  // own, drawn in the same commit (MUI's Portal waits for an effect): this view may mount with its first toast,
  // which is placed before it is painted.
  return createPortal(
    <Snackbar
      ref={root}
      key={current?.key}
      open={current !== null}
      autoHideDuration={5000}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: at?.vertical ?? 'bottom', horizontal: 'left' }}
      sx={{ maxWidth: 420, width: { xs: 'auto', sm: 'calc(100% - 48px)' }, ...edge }}
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
    </Snackbar>,
    document.body,
  );
}
