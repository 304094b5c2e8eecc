import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { limits, MEMBER_ROLES } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { ROLE_LABEL } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { SectionCard } from '../../components/SectionCard';
import { useCreateMember, type NewMember } from './api';

type Field = 'username' | 'name';
const EMPTY = { username: '', name: '', role: 'child' as NewMember['role'] };

/** SPEC §2/§5 manual add member: username and name (trimmed, both required) and a role, child by default. */
export function AddMemberCard() {
  const create = useCreateMember();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body: NewMember = { username: values.username.trim(), name: values.name.trim(), role: values.role };
    if (!body.username || !body.name) {
      toast({ title: 'Validation Error', description: 'Username and name are required.', variant: 'destructive' });
      return;
    }
    // The contracts' own rules (username format, name length), so the form and the server say the same words.
    const { validateDto, CreateMemberDto } = await loadContracts();
    const checked = await validateDto(CreateMemberDto, body);
    const shown = { fields: ['username', 'name'] as const };
    if (!checked.ok) {
      setErrors(fieldErrors(checked.details, shown));
      return;
    }
    setErrors({});
    try {
      const user = await create.mutateAsync(body);
      setValues(EMPTY);
      toast({ title: 'User Created', description: `${user.name} joined the family as ${ROLE_LABEL[user.role].toLowerCase()}.` });
    } catch (error) {
      if (error instanceof ApiError) {
        const found = fieldErrors(error.details, shown);
        if (error.status === 409 && error.serverMessage) found.username ??= error.serverMessage;
        setErrors(found);
      }
      toast({ title: 'Creation Failed', description: failureMessage(error, 'Failed to create user'), variant: 'destructive' });
    }
  };

  const onSubmit = useOneSubmission(submit);
  return (
    <SectionCard title="Add Family Member" emoji="➕" testId="admin-add-member">
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Add a family member" spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Username"
            required
            fullWidth
            value={values.username}
            onChange={(e) => (setValues({ ...values, username: e.target.value }), setErrors({ ...errors, username: undefined }))}
            error={Boolean(errors.username)}
            helperText={errors.username ?? `${limits.username.min} to ${limits.username.max} characters: letters, digits, _ - or .`}
            slotProps={{ htmlInput: { maxLength: limits.username.max, autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
          />
          <TextField
            label="Name"
            required
            fullWidth
            value={values.name}
            onChange={(e) => (setValues({ ...values, name: e.target.value }), setErrors({ ...errors, name: undefined }))}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'How the family will see them'}
            slotProps={{ htmlInput: { maxLength: limits.displayNameMax, autoComplete: 'off' } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            label="Role"
            value={values.role}
            onChange={(e) => setValues({ ...values, role: e.target.value as NewMember['role'] })}
            sx={{ minWidth: { sm: 200 } }}
            fullWidth
          >
            {MEMBER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABEL[r]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending} sx={{ flexShrink: 0, minHeight: 56 }}>
            {create.isPending ? 'Adding...' : 'Add Member'}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
