import { limits, messages } from '@familyos/contracts/rules';
import { useRef, useState, type ChangeEvent } from 'react';

/** A DTO check's or the server's field messages (ApiError.details, validateDto's details). */
export type FieldDetails = readonly { field: string; message: string }[];

/**
 * The first message per form field. `fields` keeps only those a form shows; `rename` maps a DTO field to the
 * form's own name; `other` collects messages for any field the form has no input for.
 */
export function fieldErrors<F extends string>(
  details: FieldDetails,
  options: { fields?: readonly F[]; rename?: Partial<Record<string, F>>; other?: F } = {},
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const d of details) {
    let key = (options.rename ? options.rename[d.field] : d.field) as F | undefined;
    if (key !== undefined && options.fields && !options.fields.includes(key)) key = undefined;
    if (key === undefined) key = options.other;
    if (key !== undefined) found[key] ??= d.message;
  }
  return found;
}

/** What `field(name)` of useFieldForm binds an input with. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  inputRef: (el: HTMLInputElement | null) => void;
  error: boolean;
  required: boolean;
  fullWidth: boolean;
}

/**
 * The state of a form of text fields checked by a DTO: values, one message per field, and `field(name)`, the
 * props that bind an input (clearing its message on change); `reset` empties it again. `showErrors` puts a check's or the server's
 * messages next to their fields and focuses the first one; it says whether any field had one.
 */
export function useFieldForm<F extends string>(fields: readonly F[], initial: Record<F, string>, idPrefix: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const showErrors = (details: FieldDetails) => {
    const found = fieldErrors(details, { fields });
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) refs.current[first]?.focus();
    return Boolean(first);
  };

  const field = (name: F): FieldProps => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
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

  /** Back to the initial values, without messages (after a save that leaves the form on screen). */
  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, setErrors, showErrors, field, reset };
}

/** What a new password and its repetition say wrong, in the server's words for the length (decision 029). */
export function newPasswordErrors(password: string, confirm: string): FieldDetails {
  if (password.length < limits.password.min || password.length > limits.password.max) return [{ field: 'password', message: messages.passwordLength }];
  if (password !== confirm) return [{ field: 'confirm', message: 'The two passwords are not the same' }];
  return [];
}
