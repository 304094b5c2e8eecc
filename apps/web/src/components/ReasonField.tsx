import { limits } from '@familyos/contracts/rules';
import { TextField } from '@mui/material';

interface Props {
  value: string;
  /** Called with the new text; the caller clears its error there. */
  onChange(value: string): void;
  /** The server's (or the form's) words about the reason; replaces the hint while set. */
  error?: string;
  /** What the reason is for ("Why it is reversed…"), shown with the count of characters used. */
  hint: string;
  disabled?: boolean;
}

/** A required reason a parent or child writes for a points entry or a request: several lines, counted to the limit. */
export function ReasonField({ value, onChange, error, hint, disabled }: Props) {
  return (
    <TextField
      label="Reason"
      required
      fullWidth
      multiline
      minRows={2}
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? `${hint} · ${value.length}/${limits.points.reasonMax}`}
      disabled={disabled}
    />
  );
}
