import { limits, messages } from '@familyos/contracts/rules';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import type { User } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { useUpdateUser } from '../../api/members';

/**
 * SPEC §2 / §5: inline display-name edit. Click the name (or the edit button) to edit; Enter saves, Escape
 * cancels; at most 50 characters; saved only if non-empty and changed.
 */
export function DisplayNameEditor({ user }: { user: Pick<User, 'id' | 'name'> }) {
  const toast = useToast();
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user.name);
  const tooLong = value.trim().length > limits.displayNameMax;

  const start = () => {
    setValue(user.name);
    setEditing(true);
  };
  const cancel = () => {
    setValue(user.name);
    setEditing(false);
  };
  const save = () => {
    if (update.isPending || tooLong) return;
    const name = value.trim();
    if (!name || name === user.name) {
      cancel();
      return;
    }
    // mutateAsync: the toast must show even if the refreshed member re-renders this part of the page.
    update.mutateAsync({ id: user.id, name }).then(
      () => {
        setEditing(false);
        toast({ title: 'Display Name Updated', description: `Your display name is now ${name}.` });
      },
      (error: unknown) =>
        toast({ title: 'Error', description: failureMessage(error, 'Failed to update display name. Please try again.'), variant: 'destructive' }),
    );
  };

  if (!editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
        <Typography
          variant="h5"
          component="h2"
          onClick={start}
          title="Click to edit your display name"
          data-testid="display-name"
          sx={{ fontWeight: 800, cursor: 'pointer', overflowWrap: 'anywhere', '&:hover': { textDecoration: 'underline dotted' } }}
        >
          {user.name}
        </Typography>
        <Tooltip title="Edit name">
          <IconButton aria-label="Edit name" onClick={start} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, width: '100%', maxWidth: 360, mx: 'auto' }}>
      <TextField
        label="Display name"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            cancel();
          }
        }}
        error={tooLong}
        helperText={tooLong ? messages.displayNameTooLong : `${value.trim().length}/${limits.displayNameMax} · Enter saves, Escape cancels`}
        disabled={update.isPending}
        size="small"
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'display-name-input' } }}
      />
      <IconButton aria-label="Save name" onClick={save} disabled={update.isPending || tooLong} color="primary" sx={{ mt: 0.25 }}>
        <CheckIcon />
      </IconButton>
      <IconButton aria-label="Cancel" onClick={cancel} disabled={update.isPending} sx={{ mt: 0.25 }}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
