/** Stable error codes, mapped to HTTP statuses in one place (apps/api platform/http-errors.ts). */
export type ErrorCode = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'unprocessable' | 'too_many' | 'bad_gateway';

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: FieldError[];

  constructor(code: ErrorCode, message: string, details?: FieldError[]) {
    // A refusal is an answer, not a fault: no stack is captured. The abilities a list shows ask every command's
    // verdict of every record, and capturing a stack for each refusal was 8 % of GET /api/tasks' CPU.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export const invalid = (message: string, field?: string) =>
  new DomainError('invalid', message, field ? [{ field, message }] : undefined);
export const forbidden = (message = 'You are not allowed to do that') => new DomainError('forbidden', message);
/** A field this caller may not change: 403, naming the field so a client knows which part was refused. */
export const forbiddenField = (message: string, field: string) => new DomainError('forbidden', message, [{ field, message }]);
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
/**
 * A field naming a record that is not in the caller's family (unknown, or another family's): 404 like any such
 * id (DESIGN §6), with the field's own message so the form can still say which field is wrong.
 */
export const notInFamily = (message: string, field: string) => new DomainError('not_found', message, [{ field, message }]);
export const conflict = (message: string) => new DomainError('conflict', message);
