import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  /** A question naming what goes, e.g. "Remove “Movie night”?". */
  title: string;
  /** What removing it means for the family. */
  children: ReactNode;
  /** The destructive button, e.g. "Delete" or "Remove". */
  confirmLabel: string;
  /** Its label while the removal is on its way, e.g. "Deleting...". */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside: nothing is removed. */
  onCancel: () => void;
}

/** Asks before something is removed for everyone: Cancel (focused first) keeps it, the red button removes it. */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
