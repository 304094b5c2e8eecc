import { AVATARS } from '@familyos/contracts/rules';
import { Avatar, Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useUpdateUser } from '../api/members';
import { failureMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useToast } from '../lib/toast';
import type { User } from '../lib/types';

interface AvatarPickerProps {
  user: Pick<User, 'id' | 'name' | 'avatar'>;
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 Modals, Avatar picker: about 80 emoji; Save → PUT /api/users/{id} {avatar}. Used for one's own
 * profile and, by an admin, for any member (Settings).
 */
export function AvatarPicker({ user, open, onClose }: AvatarPickerProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      {/* Mounted only while open, so every opening starts from the member's current avatar. */}
      {open && <AvatarPickerBody user={user} onClose={onClose} />}
    </Dialog>
  );
}

function AvatarPickerBody({ user, onClose }: Omit<AvatarPickerProps, 'open'>) {
  const { me } = useSession();
  const toast = useToast();
  const update = useUpdateUser();
  const [selected, setSelected] = useState(user.avatar);
  const self = me?.id === user.id;

  const save = () => {
    // mutateAsync: the toast must show even if the refreshed member list re-renders the page behind.
    update.mutateAsync({ id: user.id, avatar: selected }).then(
      () => {
        toast({ title: 'Avatar Updated', description: self ? 'Your new avatar is ready.' : `${user.name} has a new avatar.` });
        onClose();
      },
      (error: unknown) =>
        toast({ title: 'Error', description: failureMessage(error, 'Failed to update avatar. Please try again.'), variant: 'destructive' }),
    );
  };

  return (
    <>
      <DialogTitle sx={{ fontWeight: 700 }}>{self ? 'Choose Your Avatar' : `Choose an Avatar for ${user.name}`}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar sx={{ width: 64, height: 64, fontSize: 36, bgcolor: 'action.selected', color: 'text.primary' }} alt="">
            {selected || '?'}
          </Avatar>
          <Typography color="text.secondary" aria-live="polite">
            {selected === user.avatar ? 'Tap an emoji to pick a new avatar.' : `Selected: ${selected}. Press Save to keep it.`}
          </Typography>
        </Box>
        <Box
          role="group"
          aria-label="Avatars"
          data-testid="avatar-grid"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(48px, 1fr))', gap: 1 }}
        >
          {AVATARS.map((emoji) => {
            const isSelected = emoji === selected;
            return (
              <ButtonBase
                key={emoji}
                aria-label={`Choose avatar ${emoji}`}
                aria-pressed={isSelected}
                onClick={() => setSelected(emoji)}
                sx={{
                  height: 48,
                  fontSize: 28,
                  borderRadius: 2,
                  border: 2,
                  borderColor: isSelected ? 'primary.main' : 'transparent',
                  bgcolor: isSelected ? 'action.selected' : 'action.hover',
                  position: 'relative',
                  '&:hover': { bgcolor: 'action.selected' },
                  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
                }}
              >
                {emoji}
                {isSelected && (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      top: -6,
                      right: -6,
                      width: 18,
                      height: 18,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      fontSize: 12,
                      lineHeight: '18px',
                      fontWeight: 800,
                    }}
                  >
                    ✓
                  </Box>
                )}
              </ButtonBase>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={update.isPending || !selected}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
