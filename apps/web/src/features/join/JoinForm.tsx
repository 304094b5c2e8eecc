import { Button, Stack, TextField } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import { useRef, useState, type FormEvent } from 'react';
import { loadContracts } from '../../lib/contracts';
import type { LocalJoin } from './api';

type Field = keyof LocalJoin;
const FIELDS: Field[] = ['name', 'username', 'password'];
type Details = { field: string; message: string }[];

/**
 * A new local account for the invited person, checked with the contracts' JoinFamilyDto (the server's own
 * rules and words) before it is sent. Field messages from the server come back through `showErrors`.
 */
export function JoinForm({ onJoin }: { onJoin(values: LocalJoin, showErrors: (details: Details) => void): void }) {
  const [values, setValues] = useState<LocalJoin>({ username: '', name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const showErrors = (details: Details) => {
    const found: Partial<Record<Field, string>> = {};
    for (const d of details) if ((FIELDS as string[]).includes(d.field) && !found[d.field as Field]) found[d.field as Field] = d.message;
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { validateDto, JoinFamilyDto } = await loadContracts();
    const checked = await validateDto(JoinFamilyDto, values);
    if (!checked.ok) return showErrors(checked.details);
    setErrors({});
    onJoin({ username: checked.value.username!, name: checked.value.name!, password: values.password }, showErrors);
  };

  const field = (name: Field) => ({
    id: `join-${name}`,
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: e.target.value });
      if (errors[name]) setErrors({ ...errors, [name]: undefined });
    },
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    error: Boolean(errors[name]),
    required: true,
    fullWidth: true,
  });

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
