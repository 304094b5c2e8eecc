import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { messages } from './messages.js';

export interface FieldMessage {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string; details: FieldMessage[] };

function flatten(errors: ValidationError[], prefix = ''): FieldMessage[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {})
      .slice(-1) // class-validator lists constraints bottom decorator first; the last is the first declared
      .map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Turns an untrusted body into a DTO, or the field messages that say why not. Unknown fields are dropped,
 * not rejected: the web app may send a little more than an endpoint reads.
 */
export async function validateDto<T extends object>(cls: ClassConstructor<T>, body: unknown): Promise<Validated<T>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: messages.invalidBody, details: [{ field: 'body', message: messages.invalidBody }] };
  }
  const value = plainToInstance(cls, body);
  const errors = await validate(value, { whitelist: true, forbidUnknownValues: false });
  if (errors.length === 0) return { ok: true, value };
  const details = flatten(errors);
  return { ok: false, message: details[0]?.message ?? messages.invalidBody, details };
}
