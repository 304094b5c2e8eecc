/**
 * The read-model store: named collections of JSON documents, written only by projections and read by
 * queries. Deliberately small (get, find with equality/range filters, put, delete) so that an adapter is a
 * thin layer over SQLite or MongoDB and no projection depends on which one is plugged in.
 */
export type Scalar = string | number | boolean | null;

/** Any JSON object with a string id; its other fields are the projection's business. */
export interface Doc {
  id: string;
}

declare const documentType: unique symbol;

/**
 * A collection's name bound to the type of its documents (the schema, libs/projections, declares one per
 * collection), so a read or a write names the collection and the document type follows: no call site spells
 * the type by hand, and a document can't be put into the wrong collection. At run time it is the name. A plain
 * name still works (the adapters' own suites use throwaway collections); lint refuses spelled-out document
 * types in the api and the projections.
 */
export type Collection<T extends Doc = Doc> = string & { readonly [documentType]?: T };

/** Binds a collection name to its document type. */
export const collection = <T extends Doc>(name: string): Collection<T> => name as Collection<T>;

/**
 * A filter on one top-level field: equality, membership, a range; `has`: the field is an array holding the value;
 * `contains`: the field is text holding the substring, exactly as given (a projection stores a lowercased copy
 * of what a search reads, so a search is case-insensitive without a per-adapter collation).
 */
export type Condition =
  | Scalar
  | { in: Scalar[] }
  | { gte?: Scalar; lte?: Scalar; gt?: Scalar; lt?: Scalar }
  | { ne: Scalar }
  | { has: Scalar }
  | { contains: string };

export interface Query {
  where?: Record<string, Condition>;
  orderBy?: { field: string; direction?: 'asc' | 'desc' }[];
  /**
   * Keyset paging: the orderBy values of the last row of the previous page, one per orderBy field; only rows
   * strictly after it in that order are answered. The orderBy must end with a unique field (`id`) and its
   * values must not be null, so a row is never skipped nor answered twice, and an index on the where fields
   * followed by the orderBy fields serves the page without reading the rows before it.
   */
  after?: Scalar[];
  limit?: number;
}

export interface ReadModelReader {
  get<T extends Doc>(collection: Collection<T>, id: string): Promise<T | null>;
  find<T extends Doc>(collection: Collection<T>, query?: Query): Promise<T[]>;
}

export interface ReadModelTx extends ReadModelReader {
  put<T extends Doc>(collection: Collection<T>, doc: T): Promise<void>;
  delete(collection: Collection, id: string): Promise<void>;
}

export interface Checkpoint {
  position: number;
  /** The projection's code version that produced the rows; a newer version means "rebuild me". */
  version: number;
}

export interface ProjectionCommit {
  projection: string;
  checkpoint: Checkpoint;
  from?: number;
}

export interface CommitOptions {
  durable?: boolean;
}

export interface LoadOptions {
  replace: boolean;
  deleted?: Map<string, Iterable<string>>;
}

export interface ReadModelStore extends ReadModelReader {
  /**
   * Runs `work` in one transaction and records `checkpoint` for `projection` in that same transaction:
   * either the changes and the checkpoint are both stored, or neither is. Only one projection runner may
   * write a projection at a time: with `from`, the commit is refused (CheckpointMovedError, nothing written)
   * unless the stored checkpoint is still at `from` (0 when there is none), so a second runner working from a
   * stale checkpoint can never lay older events over newer rows.
   */
  commit(projection: string, checkpoint: Checkpoint, work: (tx: ReadModelTx) => Promise<void>, from?: number): Promise<void>;
  /**
   * Optional, for replays: commit() for several projections in one transaction, every checkpoint checked
   * against its `from` and stored with the changes. `durable: false` may skip syncing this commit (a replay's
   * batches); `durable: true` makes it, and everything committed before it, survive a power cut.
   */
  commitMany?(entries: ProjectionCommit[], work: (tx: ReadModelTx) => Promise<void>, options?: CommitOptions): Promise<void>;
  /**
   * Optional, for replays folded in memory (docs/decisions/019): in one durable transaction, stores the
   * documents given and every checkpoint (each checked against its `from`, as in commitMany). With `replace`,
   * the documents replace everything `documents`' collections held; without, they are written over the rows
   * with the same ids and the `deleted` ids are removed. Either all of it is stored, or none.
   */
  load?(entries: ProjectionCommit[], documents: Map<string, Iterable<Doc>>, options: LoadOptions): Promise<void>;
  checkpoint(projection: string): Promise<Checkpoint | null>;
  /** Drops the collections and the checkpoint of a projection, for a rebuild from the start of the log. */
  reset(projection: string, collections: Collection[]): Promise<void>;
  close(): Promise<void>;
}

/** Evaluates a condition against a value; adapters that filter in memory, and tests, share this. */
export function matches(value: unknown, condition: Condition): boolean {
  if (condition === null || typeof condition !== 'object') return (value ?? null) === condition;
  if ('in' in condition) return condition.in.includes((value ?? null) as Scalar);
  if ('ne' in condition) return (value ?? null) !== condition.ne;
  if ('has' in condition) return Array.isArray(value) && value.includes(condition.has);
  if ('contains' in condition) return typeof value === 'string' && value.includes(condition.contains);
  const v = value as number | string;
  if (condition.gte !== undefined && !(v >= (condition.gte as number | string))) return false;
  if (condition.gt !== undefined && !(v > (condition.gt as number | string))) return false;
  if (condition.lte !== undefined && !(v <= (condition.lte as number | string))) return false;
  if (condition.lt !== undefined && !(v < (condition.lt as number | string))) return false;
  return value !== undefined && value !== null;
}

/** Whether `doc` comes strictly after the `after` values in the query's order (for adapters that page in memory). */
export function isAfter(doc: Record<string, unknown>, query: Query): boolean {
  const orderBy = query.orderBy ?? [];
  const after = query.after ?? [];
  for (let i = 0; i < orderBy.length && i < after.length; i++) {
    const v = doc[orderBy[i].field] as number | string;
    const a = after[i] as number | string;
    if (v === a) continue;
    return orderBy[i].direction === 'desc' ? v < a : v > a;
  }
  return false;
}

/** Refuses an `after` that does not name one value per orderBy field. */
export function checkAfter(query: Query): void {
  if (query.after && query.after.length !== (query.orderBy?.length ?? 0)) throw new Error('after needs one value per orderBy field');
}

export class CheckpointMovedError extends Error {
  constructor(
    readonly projection: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Checkpoint of ${projection} is at ${actual}, not ${expected}: another runner is writing it`);
    this.name = 'CheckpointMovedError';
  }
}
