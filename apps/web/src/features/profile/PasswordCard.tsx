import { Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useUpdateUser } from '../../api/members';
import { ApiError, failureMessage } from '../../lib/api';
import { newPasswordErrors, useFieldForm } from '../../lib/forms';
import { useToast } from '../../lib/toast';
import type { User } from '../../lib/types';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SectionCard } from '../../components/SectionCard';

const FIELDS = ['currentPassword', 'password', 'confirm'] as const;

/**
 * Own password (decision 029): changed only with the current one; this device stays signed in, every other
 * device is signed out. A member without a password yet (signed in through the hub) sets a first one.
 */
export function PasswordCard({ user }: { user: Pick<User, 'id' | 'hasPassword'> }) {
  const update = useUpdateUser();
  const toast = useToast();
  const empty = { currentPassword: '', password: '', confirm: '' };
  const { values, errors, showErrors, field, reset } = useFieldForm(FIELDS, empty, 'own-password');
  const first = !user.hasPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const problems = [...(first || values.currentPassword ? [] : [{ field: 'currentPassword', message: 'Enter your current password' }]), ...newPasswordErrors(values.password, values.confirm)];
    if (showErrors(problems)) return;
    try {
      await update.mutateAsync({ id: user.id, password: values.password, ...(first ? {} : { currentPassword: values.currentPassword }) });
      reset();
      toast({ title: 'Password Changed', description: 'Your other devices are signed out. This one stays signed in.' });
    } catch (error) {
      if (!(error instanceof ApiError && showErrors(error.details)))
        toast({ title: 'Error', description: failureMessage(error, 'Failed to change your password. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <SectionCard variant="page" title="Password" emoji="🔒" testId="own-password">
      <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Change your password">
        <Typography variant="body2" color="text.secondary">
          {first
            ? 'You sign in through the hub. Set a password to also sign in with your username.'
            : 'Changing it signs you out on every other device.'}
        </Typography>
        {!first && (
          <TextField {...field('currentPassword')} type="password" label="Current password" autoComplete="current-password" helperText={errors.currentPassword} />
        )}
        <NewPasswordFields field={field} errors={errors} />
        <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {update.isPending ? 'Saving...' : first ? 'Set Password' : 'Change Password'}
        </Button>
      </Stack>
    </SectionCard>
  );
}
