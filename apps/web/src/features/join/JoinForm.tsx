import { Button, Stack, TextField } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import type { FormEvent } from 'react';
import { loadContracts } from '../../lib/contracts';
import { useFieldForm, type FieldDetails } from '../../lib/forms';
import type { LocalJoin } from './api';

type Field = keyof LocalJoin;
const FIELDS: Field[] = ['name', 'username', 'password'];

/**
 * A new local account for the invited person, checked with the contracts' JoinFamilyDto (the server's own
 * rules and words) before it is sent. Field messages from the server come back through `showErrors`.
 */
export function JoinForm({ onJoin }: { onJoin(values: LocalJoin, showErrors: (details: FieldDetails) => void): void }) {
  const { values, setErrors, errors, showErrors, field } = useFieldForm(FIELDS, { username: '', name: '', password: '' }, 'join');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { validateDto, JoinFamilyDto } = await loadContracts();
    const checked = await validateDto(JoinFamilyDto, values);
    if (!checked.ok) return showErrors(checked.details);
    setErrors({});
    onJoin({ username: checked.value.username!, name: checked.value.name!, password: values.password }, showErrors);
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Join with a new account">
      <TextField
        {...field('name')}
        label="Your name"
        autoComplete="name"
        helperText={errors.name ?? 'How your family will see you'}
        slotProps={{ htmlInput: { maxLength: limits.displayNameMax } }}
      />
      <TextField
        {...field('username')}
        label="Username"
        autoComplete="username"
        helperText={errors.username ?? `${limits.username.min} to ${limits.username.max} characters: letters, digits, _ - or .`}
        slotProps={{ htmlInput: { maxLength: limits.username.max, autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        {...field('password')}
        type="password"
        label="Password"
        autoComplete="new-password"
        helperText={errors.password ?? `At least ${limits.password.min} characters`}
        slotProps={{ htmlInput: { maxLength: limits.password.max } }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth>
        Join Family
      </Button>
    </Stack>
  );
}
