import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';

interface EditPostFormProps {
  /** The text as it stands. */
  initial: string;
  /** e.g. "Edit announcement" (the form's and the field's name). */
  label: string;
  max: number;
  /** SPEC §5: what is wrong with the trimmed text, or null. */
  problem: (text: string) => string | null;
  /** Saves the trimmed text; resolves true once saved (the form then closes). */
  onSave: (text: string) => Promise<boolean>;
  onCancel: () => void;
  busy: boolean;
  rows?: number;
}

/** The author's edit of a post or a reply, in place of its text: Save, or Cancel (Escape) to keep it as it was. */
export function EditPostForm({ initial, label, max, problem, onSave, onCancel, busy, rows = 1 }: EditPostFormProps) {
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const text = content.trim();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wrong = problem(text);
    if (wrong) return setError(wrong);
    if (text === initial) return onCancel();
    await onSave(text);
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && !busy && onCancel()}
      sx={{ mt: 1 }}
    >
      <TextField
        label={label}
        multiline
        minRows={rows}
        fullWidth
        autoFocus
        size={rows > 1 ? 'medium' : 'small'}
        value={content}
        onChange={(e) => (setContent(e.target.value), setError(null))}
        onFocus={(e) => e.target.setSelectionRange(e.target.value.length, e.target.value.length)}
        error={Boolean(error)}
        helperText={error ?? `${text.length}/${max}`}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: max + 50 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
