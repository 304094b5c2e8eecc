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
    // A field the DTO does not have, refused by name (`refuseUnknown`), in words a person reads.
    if (e.constraints?.whitelistValidation) return [{ field, message: messages.fieldNotChangeable(field) }];
    const own = Object.values(e.constraints ?? {})
      .slice(-1) // class-validator lists constraints bottom decorator first; the last is the first declared
      .map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Deeper than any DTO reads (family settings: rewards → reward → field), far shallower than the stack allows. */
const MAX_BODY_DEPTH = 16;
const TOO_DEEP = Symbol('too deep');
/** Keys no DTO has, and that class-transformer trips over (it reads `constructor` off every nested object). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A copy of an untrusted body that class-transformer can walk safely: it recurses once per level (a deeply
 * nested body would overflow the stack: a 500) and throws on a nested `constructor` key. Those keys are dropped
 * as any unknown field is; a body nested deeper than any DTO is refused.
 */
function walkable(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    const items = value.map((v) => walkable(v, depth + 1));
    return items.includes(TOO_DEEP) ? TOO_DEEP : items;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const safe = walkable(v, depth + 1);
    if (safe === TOO_DEEP) return TOO_DEEP;
    copy[key] = safe;
  }
  return copy;
}

export interface ValidateOptions {
  /**
   * Refuse a field the DTO does not declare, naming it, instead of dropping it: for a body that changes a
   * record, where an ignored field would look like a change that was made (PUT /api/users/{id}).
   */
  refuseUnknown?: boolean;
}

/**
 * Turns an untrusted body into a DTO, or the field messages that say why not. Unknown fields are dropped,
 * not rejected (the web app may send a little more than an endpoint reads), unless `refuseUnknown`.
 */
export async function validateDto<T extends object>(cls: ClassConstructor<T>, body: unknown, options: ValidateOptions = {}): Promise<Validated<T>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: messages.invalidBody, details: [{ field: 'body', message: messages.invalidBody }] };
  }
  const safe = walkable(body);
  if (safe === TOO_DEEP) {
    return { ok: false, message: messages.invalidBody, details: [{ field: 'body', message: messages.invalidBody }] };
  }
  const value = plainToInstance(cls, safe);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: options.refuseUnknown ?? false, forbidUnknownValues: false });
  if (errors.length === 0) return { ok: true, value };
  const details = flatten(errors);
  return { ok: false, message: details[0]?.message ?? messages.invalidBody, details };
}
