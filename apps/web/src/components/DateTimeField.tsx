import { DateTimePicker, type DateTimePickerProps } from '@mui/x-date-pickers/DateTimePicker';
import type { ReactNode } from 'react';

type Props = Omit<DateTimePickerProps, 'slotProps' | 'ampm'> & {
  /** The field's error message; it replaces the helper text while shown. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  clearable?: boolean;
};

/** The app's date-and-time input: 24-hour (SPEC §9), full width, the message under the field. */
export function DateTimeField({ error, helperText, required, clearable, ...picker }: Props) {
  return (
    <DateTimePicker
      ampm={false}
      {...picker}
      slotProps={{
        ...(clearable ? { field: { clearable: true } } : {}),
        textField: { fullWidth: true, ...(required ? { required } : {}), error: Boolean(error), helperText: error ?? helperText },
      }}
    />
  );
}
