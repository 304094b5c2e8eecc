import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { useUpdateUser } from '../../api/members';
import { failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { useFieldForm } from '../../lib/forms';
import { useToast } from '../../lib/toast';
import type { User } from '../../lib/types';
import { AboutMember } from './ProfileCard';

const FIELDS = ['bio', 'websiteUrl'] as const;

/** SPEC §2 Own profile: the member's bio and website, shown, and edited in place (checked as the server checks). */
export function AboutEditor({ user }: { user: Pick<User, 'id' | 'bio' | 'websiteUrl'> }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    const empty = !user.bio && !user.websiteUrl;
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
        {empty ? <Typography color="text.secondary">Add a few words about yourself, and your website if you have one.</Typography> : <AboutMember user={user} />}
        <Button size="small" variant="outlined" onClick={() => setEditing(true)} data-testid="edit-about">
          {empty ? 'Add bio and website' : 'Edit bio and website'}
        </Button>
      </Stack>
    );
  }
  return <AboutForm user={user} onDone={() => setEditing(false)} />;
}

function AboutForm({ user, onDone }: { user: Pick<User, 'id' | 'bio' | 'websiteUrl'>; onDone: () => void }) {
  const update = useUpdateUser();
  const toast = useToast();
  const { values, errors, showErrors, field } = useFieldForm(FIELDS, { bio: user.bio, websiteUrl: user.websiteUrl }, 'about');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const { validateDto, UpdateMemberDto } = await loadContracts();
    const checked = await validateDto(UpdateMemberDto, values);
    if (!checked.ok) return void showErrors(checked.details);
    try {
      await update.mutateAsync({ id: user.id, bio: checked.value.bio ?? '', websiteUrl: checked.value.websiteUrl ?? '' });
      toast({ title: 'Profile Updated', description: 'Your bio and website are saved.' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to update your profile. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Edit bio and website" sx={{ width: '100%', textAlign: 'left' }}>
      <Stack spacing={2}>
        <TextField
          {...field('bio')}
          required={false}
          label="Bio"
          multiline
          minRows={3}
          helperText={errors.bio ?? `${[...values.bio].length}/${limits.bioMax}`}
          slotProps={{ htmlInput: { maxLength: limits.bioMax } }}
        />
        <TextField
          {...field('websiteUrl')}
          required={false}
          label="Website"
          placeholder="https://"
          type="url"
          helperText={errors.websiteUrl ?? 'An address starting with https:// or http://'}
          slotProps={{ htmlInput: { maxLength: limits.websiteMax, autoCapitalize: 'none', spellCheck: false } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
