import { limits } from '@familyos/contracts/rules';
import type { FieldProps } from '../lib/forms';
import { TextInput } from './TextInput';

/**
 * A new password and its repetition (checked with lib/forms `newPasswordErrors`), bound by useFieldForm's
 * `field`: the set-password page, the own profile and a parent's password dialog say it the same way.
 */
export function NewPasswordFields({ field, errors, label = 'New password' }: { field: (name: 'password' | 'confirm') => FieldProps; errors: { password?: string; confirm?: string }; label?: string }) {
  return (
    <>
      <TextInput
        {...field('password')}
        type="password"
        label={label}
        autoComplete="new-password"
        helperText={errors.password ?? `At least ${limits.password.min} characters`}
        htmlInput={{ maxLength: limits.password.max }}
      />
      <TextInput {...field('confirm')} type="password" label="Repeat the password" autoComplete="new-password" helperText={errors.confirm} />
    </>
  );
}
