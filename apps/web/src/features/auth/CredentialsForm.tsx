import { Button, Stack } from '@mui/material';
import { messages } from '@familyos/contracts/rules';
import { useRef, useState, type FormEvent } from 'react';
import { TextInput } from '../../components/TextInput';

export interface Credentials {
  username: string;
  password: string;
}

interface Props {
  /** Makes the input ids unique when several forms share the page. */
  id: string;
  values: Credentials;
  onChange(values: Credentials): void;
  /** A sign-in is in flight somewhere on the page: every button waits (SPEC §2). */
  disabled: boolean;
  /** This form's own sign-in is in flight: its button says so. */
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  usernamePlaceholder?: string;
  usernameHelper?: string;
  onSubmit(values: Credentials): void;
}

/** Username and password, both required (SPEC §5), with the contracts' own messages next to the fields. */
export function CredentialsForm({ id, values, onChange, disabled, submitting, submitLabel, submittingLabel, usernamePlaceholder, usernameHelper, onSubmit }: Props) {
  const [errors, setErrors] = useState<Partial<Credentials>>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const username = values.username.trim();
    const found: Partial<Credentials> = {};
    if (!username) found.username = messages.usernameRequired;
    if (!values.password) found.password = messages.passwordRequired;
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    onSubmit({ username, password: values.password });
  };

  const change = (field: keyof Credentials, value: string) => {
    onChange({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={submitLabel}>
      <TextInput
        id={`${id}-username`}
        name="username"
        label="Username"
        value={values.username}
        onChange={(e) => change('username', e.target.value)}
        inputRef={usernameRef}
        placeholder={usernamePlaceholder}
        autoComplete="username"
        htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        required
        fullWidth
        error={Boolean(errors.username)}
        helperText={errors.username ?? usernameHelper}
      />
      <TextInput
        type="password"
        id={`${id}-password`}
        name="password"
        label="Password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        inputRef={passwordRef}
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <Button type="submit" variant="contained" size="large" disabled={disabled} fullWidth>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </Stack>
  );
}
