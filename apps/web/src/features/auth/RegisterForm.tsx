import { Button, Stack } from '@mui/material';
import { limits } from '@familyos/contracts/rules';
import type { FormEvent } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { loadContracts } from '../../lib/contracts';
import { TextInput } from '../../components/TextInput';
import { useFieldForm } from '../../lib/forms';
import { useToast } from '../../lib/toast';
import { register, type RegisterBody } from './api';
import { type SignedIn } from '../../api/auth';

type Field = 'familyName' | 'name' | 'username' | 'password';
const FIELDS: Field[] = ['familyName', 'name', 'username', 'password'];
const EMPTY: Record<Field, string> = { familyName: '', name: '', username: '', password: '' };

interface Props {
  disabled: boolean;
  submitting: boolean;
  onBusy(busy: boolean): void;
  onRegistered(result: SignedIn, familyName: string): Promise<void>;
}

function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Create a family" (DESIGN §5, POST /api/auth/register): a new family with this person as its Primary Admin.
 * Checked with the contracts' RegisterDto, loaded only when the form is sent, so the page and the server
 * say the same words.
 */
export function RegisterForm({ disabled, submitting, onBusy, onRegistered }: Props) {
  const toast = useToast();
  const { values, errors, setErrors, showErrors, field } = useFieldForm(FIELDS, EMPTY, 'register');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    onBusy(true);
    try {
      const body: RegisterBody = { ...values, timeZone: deviceTimeZone() };
      const { validateDto, RegisterDto } = await loadContracts();
      const checked = await validateDto(RegisterDto, body);
      if (!checked.ok) {
        showErrors(checked.details);
        return;
      }
      setErrors({});
      const result = await register({ ...checked.value });
      await onRegistered(result, checked.value.familyName);
    } catch (error) {
      // A taken username (409) or the server's own field messages (400) go next to their fields too.
      if (error instanceof ApiError) {
        const details = error.details.length > 0 ? error.details : error.status === 409 && error.serverMessage ? [{ field: 'username', message: error.serverMessage }] : [];
        showErrors(details);
      }
      toast({ title: 'Error', description: failureMessage(error, 'Failed to create family. Please try again.'), variant: 'destructive' });
    } finally {
      onBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Create a family">
      <TextInput
        {...field('familyName')}
        label="Family name"
        placeholder="The Smith Family"
        autoComplete="organization"
        helperText={errors.familyName}
        htmlInput={{ maxLength: limits.familyNameMax }}
      />
      <TextInput
        {...field('name')}
        label="Your name"
        placeholder="Mom, Dad, Alex…"
        autoComplete="name"
        helperText={errors.name ?? 'How your family will see you'}
        htmlInput={{ maxLength: limits.displayNameMax }}
      />
      <TextInput
        {...field('username')}
        label="Username"
        autoComplete="username"
        helperText={errors.username ?? `${limits.username.min} to ${limits.username.max} characters: letters, digits, _ - or .`}
        htmlInput={{ maxLength: limits.username.max, autoCapitalize: 'none', spellCheck: false }}
      />
      <TextInput
        type="password"
        {...field('password')}
        label="Password"
        autoComplete="new-password"
        helperText={errors.password ?? `At least ${limits.password.min} characters`}
        htmlInput={{ maxLength: limits.password.max }}
      />
      <Button type="submit" variant="contained" size="large" disabled={disabled} fullWidth>
        {submitting ? 'Creating family...' : 'Create family'}
      </Button>
    </Stack>
  );
}
