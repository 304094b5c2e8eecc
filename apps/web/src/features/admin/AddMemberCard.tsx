import { Button, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { limits, MEMBER_ROLES } from '@familyos/contracts/rules';
import { useState, type FormEvent } from 'react';
import { useProviders } from '../../api/auth';
import { ApiError, failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import { useOneSubmission } from '../../lib/submission';
import { ROLE_LABEL, type AddedMember } from '../../lib/types';
import { useToast } from '../../lib/toast';
import { SectionCard } from '../../components/SectionCard';
import { useCreateMember, type NewMember } from './api';
import { SignInLinkDialog } from './SignInLinkDialog';

/** How the new member will sign in: a password set now, a one-time link to set their own, or their hub account. */
type Way = 'password' | 'link' | 'hub';
type Field = 'username' | 'name' | 'password' | 'age' | 'hubUsername';
const FIELDS: readonly Field[] = ['username', 'name', 'password', 'age', 'hubUsername'];
const EMPTY = { username: '', name: '', role: 'child' as NewMember['role'], age: '', password: '', hubUsername: '', way: 'password' as Way };

/**
 * SPEC §2/§5 manual add member: username and name (trimmed, both required), a role (child by default), an age
 * for a child, and how they will sign in (decision 029). Without a password the answer carries a one-time
 * sign-in link, shown once.
 */
export function AddMemberCard() {
  const create = useCreateMember();
  const toast = useToast();
  const providers = useProviders();
  const hubOn = providers.data?.hub ?? false;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [added, setAdded] = useState<AddedMember | null>(null);
  const set = (change: Partial<typeof EMPTY>, field?: Field) => {
    setValues({ ...values, ...change });
    if (field) setErrors({ ...errors, [field]: undefined });
  };
  const way: Way = values.way === 'hub' && !hubOn ? 'password' : values.way;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body: NewMember = { username: values.username.trim(), name: values.name.trim(), role: values.role };
    if (!body.username || !body.name) {
      toast({ title: 'Validation Error', description: 'Username and name are required.', variant: 'destructive' });
      return;
    }
    if (values.role === 'child' && values.age.trim() !== '') body.age = Number(values.age);
    if (way === 'password') body.password = values.password;
    if (way === 'hub') body.hubUsername = values.hubUsername.trim();
    // The contracts' own rules (username format, name length, password, age), so the form and the server agree.
    const { validateDto, CreateMemberDto } = await loadContracts();
    const checked = await validateDto(CreateMemberDto, body);
    const found = checked.ok ? {} : fieldErrors(checked.details, { fields: FIELDS });
    if (way === 'password' && !values.password) found.password = 'Enter a password, or send a sign-in link instead';
    if (way === 'hub' && !body.hubUsername) found.hubUsername = 'Enter their hub username';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const user = await create.mutateAsync(body);
      setValues({ ...EMPTY, way: values.way });
      // With a link, its dialog says the member was added (a toast would sit over its title on a phone).
      if (user.signInLink) setAdded(user);
      else toast({ title: 'User Created', description: `${user.name} joined the family as ${ROLE_LABEL[user.role].toLowerCase()}.` });
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer = fieldErrors(error.details, { fields: FIELDS });
        if (error.status === 409 && error.serverMessage) fromServer[way === 'hub' ? 'hubUsername' : 'username'] ??= error.serverMessage;
        setErrors(fromServer);
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
            onChange={(e) => set({ username: e.target.value }, 'username')}
            error={Boolean(errors.username)}
            helperText={errors.username ?? `${limits.username.min} to ${limits.username.max} characters: letters, digits, _ - or .`}
            slotProps={{ htmlInput: { maxLength: limits.username.max, autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
          />
          <TextField
            label="Name"
            required
            fullWidth
            value={values.name}
            onChange={(e) => set({ name: e.target.value }, 'name')}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'How the family will see them'}
            slotProps={{ htmlInput: { maxLength: limits.displayNameMax, autoComplete: 'off' } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label="Role" value={values.role} onChange={(e) => set({ role: e.target.value as NewMember['role'] })} fullWidth>
            {MEMBER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABEL[r]}
              </MenuItem>
            ))}
          </TextField>
          {values.role === 'child' && (
            <TextField
              label="Age"
              type="number"
              fullWidth
              value={values.age}
              onChange={(e) => set({ age: e.target.value }, 'age')}
              error={Boolean(errors.age)}
              helperText={errors.age ?? 'Optional'}
              slotProps={{ htmlInput: { min: limits.age.min, max: limits.age.max, step: 1, inputMode: 'numeric' } }}
            />
          )}
        </Stack>
        <FormControl>
          <FormLabel id="add-member-way">How will they sign in?</FormLabel>
          <RadioGroup aria-labelledby="add-member-way" value={way} onChange={(e) => set({ way: e.target.value as Way })}>
            <FormControlLabel value="password" control={<Radio />} label="With a password" />
            <FormControlLabel value="link" control={<Radio />} label="Send a sign-in link instead" />
            {hubOn && <FormControlLabel value="hub" control={<Radio />} label="With their hub account" />}
          </RadioGroup>
        </FormControl>
        {way === 'password' && (
          <TextField
            label="Password"
            type="password"
            fullWidth
            value={values.password}
            onChange={(e) => set({ password: e.target.value }, 'password')}
            error={Boolean(errors.password)}
            helperText={errors.password ?? `At least ${limits.password.min} characters. They sign in with it at once.`}
            slotProps={{ htmlInput: { maxLength: limits.password.max, autoComplete: 'new-password' } }}
          />
        )}
        {way === 'link' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="sign-in-link-note">
            After adding them you get a one-time link to send them. It opens a page where they choose their own password; it works once,
            for {limits.signInLinkHours / 24} days.
          </Typography>
        )}
        {way === 'hub' && (
          <TextField
            label="Hub username"
            fullWidth
            value={values.hubUsername}
            onChange={(e) => set({ hubUsername: e.target.value }, 'hubUsername')}
            error={Boolean(errors.hubUsername)}
            helperText={errors.hubUsername ?? 'Their first sign-in with this hub account lands on this member.'}
            slotProps={{ htmlInput: { maxLength: limits.hubUsernameMax, autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={create.isPending} sx={{ alignSelf: { sm: 'flex-start' }, minHeight: 48 }}>
          {create.isPending ? 'Adding...' : 'Add Member'}
        </Button>
      </Stack>
      <SignInLinkDialog link={added?.signInLink ?? null} name={added?.name ?? ''} onClose={() => setAdded(added && { ...added, signInLink: null })} />
    </SectionCard>
  );
}
