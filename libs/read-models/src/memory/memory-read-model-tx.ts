import { checkAfter, isAfter, type Collection as Named, type Condition, type Doc, type Query, type ReadModelReader, type ReadModelTx, type Scalar } from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A field's value as SQLite's json_extract sees it: booleans are integers, objects and arrays are their JSON
 * text, a missing field is NULL. Comparing these, not the raw values, keeps a find here answering exactly as
 * the SQLite store's find would on the same documents.
 */
type Sql = number | string | null;

function extract(doc: Doc, name: string): Sql {
  const value = (doc as unknown as Record<string, unknown>)[name];
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as number | string;
}

function bind(value: Scalar): Sql {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/**
 * A condition's value for a field. The id column is TEXT, so SQLite compares a number with it as text, and the
 * driver binds a JavaScript number as a REAL, whose text is '10.0': a numeric id condition never finds '10'.
 */
function bindFor(name: string, value: Scalar): Sql {
  const v = bind(value);
  return name === 'id' && typeof v === 'number' ? (Number.isInteger(v) ? `${v}.0` : String(v)) : v;
}

const COLLECTION = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The one range condition of a query, with bounds a range index can seek (none null), if it has exactly one. */
function rangeOf(conditions: [string, Condition][]): { field: string; from?: number | string; to?: number | string } | null {
  const ranges = conditions.filter(([, c]) => c !== null && typeof c === 'object' && !('in' in c) && !('ne' in c));
  if (ranges.length !== 1 || ranges[0]![0] === 'id') return null;
  const [field, c] = ranges[0]! as [string, { gte?: Scalar; gt?: Scalar; lte?: Scalar; lt?: Scalar }];
  const from = c.gte !== undefined ? c.gte : c.gt;
  const to = c.lte !== undefined ? c.lte : c.lt;
  if (from === null || to === null) return null;
  return { field, from: from === undefined ? undefined : (bind(from) as number | string), to: to === undefined ? undefined : (bind(to) as number | string) };
}

function* idsToDocs(ids: Iterable<string>, docs: Map<string, Doc>): Iterable<Doc> {
  for (const id of ids) yield docs.get(id)!;
}

/** A code unit's rank in code point order: SQLite compares UTF-8 bytes, JavaScript UTF-16 units. */
function rank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** SQLite's order of two non-NULL values: numbers before text, text by its UTF-8 bytes (BINARY collation). */
function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number') return typeof b === 'number' ? (a < b ? -1 : a > b ? 1 : 0) : -1;
  if (typeof b === 'number') return 1;
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** SQLite's order with NULLs first (ascending), as ORDER BY sorts them. */
function compareNullsFirst(a: Sql, b: Sql): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return compare(a, b);
}

/** The SQLite store's WHERE clause for one condition (sqlite-read-model-store.ts), evaluated on one value. */
function holds(name: string, v: Sql, c: Condition, raw?: unknown): boolean {
  if (c !== null && typeof c === 'object' && 'has' in c) {
    // As json_each compares: each scalar element with the value (booleans as 1/0).
    const want = bindFor('', c.has);
    return Array.isArray(raw) && want !== null && raw.some((x) => x !== null && typeof x !== 'object' && compare(bindFor('', x as Scalar) as number | string, want) === 0);
  }
  if (c !== null && typeof c === 'object' && 'contains' in c) return typeof raw === 'string' && raw.includes(c.contains);
  const bind = (x: Scalar) => bindFor(name, x) as number | string;
  if (c === null) return v === null;
  if (typeof c !== 'object') return v !== null && compare(v, bind(c)) === 0;
  if ('in' in c) return v !== null && c.in.some((x) => x !== null && compare(v, bind(x)) === 0);
  if ('ne' in c) return c.ne === null ? v !== null : v === null || compare(v, bind(c.ne)) !== 0;
  if (v === null) return false;
  for (const [op, ok] of [
    ['gte', (d: number) => d >= 0],
    ['gt', (d: number) => d > 0],
    ['lte', (d: number) => d <= 0],
    ['lt', (d: number) => d < 0],
  ] as const) {
    const bound = c[op];
    if (bound === undefined) continue;
    // `x >= NULL` is NULL in SQL: no row passes.
    if (bound === null || !ok(compare(v, bind(bound)))) return false;
  }
  return true;
}

/**
 * An index key: on one field its extracted value, kept apart by type as SQLite's `=` keeps 1 and '1' apart; on
 * several, their values as JSON text (which keeps them apart too). A NULL is part of the key: a find's `IS NULL`
 * (a member's unread notifications) looks it up as SQLite's index on the same fields would, where leaving such
 * documents out made each of those finds read the member's whole history. A `=` with a value never makes a key
 * holding NULL, so it never finds them.
 */
type Key = number | string | null;

function keyOf(values: readonly Sql[]): Key {
  if (values.length === 1) return values[0]!;
  return JSON.stringify(values);
}

const docKey = (doc: Doc, fields: readonly string[]): Key => keyOf(fields.map((f) => extract(doc, f)));

/** First index of `list` whose value is not below `v` (SQLite's order). */
function lowerBound(list: readonly { v: number | string }[], v: number | string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!.v, v) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Documents by their equality key, each key's sorted by one more field (NULLs left out: a range never finds them). */
class RangeIndex {
  private readonly lists = new Map<Key, { v: number | string; doc: Doc }[]>();

  constructor(
    private readonly fields: readonly string[],
    private readonly field: string,
  ) {}

  add(doc: Doc): void {
    const k = docKey(doc, this.fields);
    const v = extract(doc, this.field);
    if (v === null) return;
    let list = this.lists.get(k);
    if (!list) this.lists.set(k, (list = []));
    // Most documents come in order (dates of a log): appending is the common case.
    const last = list[list.length - 1];
    if (!last || compare(last.v, v) <= 0) list.push({ v, doc });
    else list.splice(lowerBound(list, v), 0, { v, doc });
  }

  move(before: Doc | undefined, after: Doc | undefined): void {
    if (before !== undefined) {
      const k = docKey(before, this.fields);
      const v = extract(before, this.field);
      const list = v === null ? undefined : this.lists.get(k);
      if (list) {
        for (let i = lowerBound(list, v!); i < list.length && compare(list[i]!.v, v!) === 0; i += 1) {
          if (list[i]!.doc.id === before.id) {
            list.splice(i, 1);
            break;
          }
        }
        if (list.length === 0) this.lists.delete(k);
      }
    }
    if (after !== undefined) this.add(after);
  }

  /** The documents of `key` whose field is within [from, to] (either open), in field order. */
  *within(key: Key, from: number | string | undefined, to: number | string | undefined): Iterable<Doc> {
    const list = this.lists.get(key);
    if (!list) return;
    for (let i = from === undefined ? 0 : lowerBound(list, from); i < list.length; i += 1) {
      if (to !== undefined && compare(list[i]!.v, to) > 0) return;
      yield list[i]!.doc;
    }
  }
}

class Collection {
  /** Documents by id, in the order they were first stored (as SQLite's rowids would have them). */
  readonly docs = new Map<string, Doc>();
  /**
   * Equality indexes on the fields a find compares with `=` or `IS NULL` (all of them, so a find by family and
   * kind, or a member's unread ones, reads only its own documents), each built on the first find that filters
   * on exactly those, then kept up to date.
   */
  readonly indexes = new Map<string, { fields: readonly string[]; ids: Map<Key, Set<string>> }>();
  /**
   * Range indexes: for the fields compared with `=` and one compared by range (a family's entries of a week),
   * each key's documents sorted by that field, so a find reads the window and not the family's whole history.
   */
  readonly ranges = new Map<string, RangeIndex>();
  /** With range indexes, each document's place in first-stored order (SQLite's rowid), to answer in that order. */
  readonly seq = new Map<string, number>();
  private nextSeq = 0;

  range(fields: readonly string[], field: string): RangeIndex {
    const name = `${fields.join(',')}:${field}`;
    let index = this.ranges.get(name);
    if (!index) {
      // Places are kept only once a collection has a range index: from here on, and for what it holds, in order.
      if (this.ranges.size === 0) for (const id of this.docs.keys()) this.seq.set(id, this.nextSeq++);
      index = new RangeIndex(fields, field);
      for (const doc of this.docs.values()) index.add(doc);
      this.ranges.set(name, index);
    }
    return index;
  }

  index(fields: readonly string[]): Map<Key, Set<string>> {
    const name = fields.join(',');
    let index = this.indexes.get(name);
    if (!index) {
      index = { fields, ids: new Map() };
      for (const [id, doc] of this.docs) this.add(index.ids, docKey(doc, fields), id);
      this.indexes.set(name, index);
    }
    return index.ids;
  }

  add(index: Map<Key, Set<string>>, k: Key, id: string): void {
    let ids = index.get(k);
    if (!ids) index.set(k, (ids = new Set()));
    ids.add(id);
  }

  remove(index: Map<Key, Set<string>>, k: Key, id: string): void {
    const ids = index.get(k);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) index.delete(k);
  }

  set(doc: Doc): void {
    const before = this.docs.get(doc.id);
    if (this.ranges.size > 0) {
      if (before === undefined) this.seq.set(doc.id, this.nextSeq++);
      for (const range of this.ranges.values()) range.move(before, doc);
    }
    for (const { fields, ids } of this.indexes.values()) {
      const k = docKey(doc, fields);
      if (before !== undefined) {
        const old = docKey(before, fields);
        if (old === k) continue;
        this.remove(ids, old, doc.id);
      }
      this.add(ids, k, doc.id);
    }
    this.docs.set(doc.id, doc);
  }

  delete(id: string): void {
    const before = this.docs.get(id);
    if (before === undefined) return;
    for (const { fields, ids } of this.indexes.values()) this.remove(ids, docKey(before, fields), id);
    for (const range of this.ranges.values()) range.move(before, undefined);
    this.docs.delete(id);
    if (this.ranges.size > 0) this.seq.delete(id);
  }
}

/**
 * A read-model transaction held entirely in memory, for a replay (docs/decisions/019): a replay folds the whole
 * log before anyone reads the result, so its documents need not reach SQLite until the end, where the store
 * loads them in bulk. get and find answer as the SQLite store would on the same documents (filters, NULLs,
 * booleans, mixed types, ORDER BY with NULLs first, LIMIT); without orderBy the order is the port's
 * "unspecified", here the order documents were first stored.
 *
 * Documents are kept as the objects put, not copies: the projections build a new object for every change
 * (`{ ...row, status }`), never modify one they were given or have put, so a copy per put and a parse per get
 * (what SQLite costs) would buy nothing. Anything put is also JSON: a field holding undefined is simply absent
 * once loaded, as it would be after the SQLite store's JSON.stringify.
 */
export class MemoryReadModelTx implements ReadModelTx {
  private readonly store = new Map<string, Collection>();
  /** Ids deleted here that `backing` may still hold, by collection. */
  private readonly deleted = new Map<string, Set<string>>();

  /**
   * `backing`: where documents live that were handed over by drain() earlier in the same replay (a replay bounded
   * in memory); what is held here is newer and wins, and deletions made here hide its rows.
   */
  constructor(private readonly backing?: ReadModelReader) {}

  private collection(name: string): Collection {
    let c = this.store.get(name);
    if (!c) this.store.set(name, (c = new Collection()));
    return c;
  }

  async get<T extends Doc>(collection: Named<T>, id: string): Promise<T | null> {
    const doc = this.store.get(collection)?.docs.get(id) as T | undefined;
    if (doc !== undefined) return doc;
    if (!this.backing || this.deleted.get(collection)?.has(id)) return null;
    return this.backing.get<T>(collection, id);
  }

  async find<T extends Doc>(collection: Named<T>, query: Query = {}): Promise<T[]> {
    if (!this.backing) return this.findSync<T>(collection, query);
    const held = this.findSync<T>(collection, { where: query.where });
    const docs = this.store.get(collection)?.docs;
    const deleted = this.deleted.get(collection);
    const older = (await this.backing.find<T>(collection, { where: query.where })).filter((d) => !docs?.has(d.id) && !deleted?.has(d.id));
    return this.order([...older, ...held], query) as T[];
  }

  findSync<T extends Doc>(collection: Named<T>, query: Query = {}): T[] {
    const conditions = Object.entries(query.where ?? {});
    for (const [name] of conditions) if (!FIELD.test(name)) throw new Error(`Invalid field name: ${name}`);
    for (const o of query.orderBy ?? []) if (!FIELD.test(o.field)) throw new Error(`Invalid field name: ${o.field}`);
    if (!COLLECTION.test(collection)) throw new Error(`Invalid collection name: ${collection}`);
    const c = this.store.get(collection);
    if (!c) return [];
    // Narrow by the equalities (`IS NULL` among them) through their index; every condition is still checked below.
    let candidates: Iterable<Doc> = c.docs.values();
    const byId = conditions.find(([name, cond]) => name === 'id' && cond !== null && typeof cond !== 'object');
    if (byId) {
      const doc = c.docs.get(String(bindFor('id', byId[1] as Scalar)));
      candidates = doc ? [doc] : [];
    } else {
      const eqs = conditions.filter(([, cond]) => cond === null || typeof cond !== 'object');
      const range = eqs.length > 0 ? rangeOf(conditions) : null;
      if (range) {
        const key = keyOf(eqs.map(([name, cond]) => bindFor(name, cond as Scalar)));
        // In first-stored order, as the equality index (and SQLite's rowids) would give them.
        candidates = [...c.range(eqs.map(([name]) => name), range.field).within(key, range.from, range.to)].sort((a, b) => c.seq.get(a.id)! - c.seq.get(b.id)!);
      } else if (eqs.length > 0) {
        const ids = c.index(eqs.map(([name]) => name)).get(keyOf(eqs.map(([name, cond]) => bindFor(name, cond as Scalar))));
        candidates = ids ? idsToDocs(ids, c.docs) : [];
      }
    }
    const result: Doc[] = [];
    for (const doc of candidates) {
      if (conditions.every(([name, cond]) => holds(name, extract(doc, name), cond, (doc as unknown as Record<string, unknown>)[name]))) result.push(doc);
    }
    return this.order(result, query) as T[];
  }

  private order(docs: Doc[], query: Query): Doc[] {
    let result = docs;
    const orderBy = query.orderBy ?? [];
    if (orderBy.length > 0) {
      // Array.prototype.sort is stable: ties keep the order the documents were stored in.
      result = result.sort((a, b) => {
        for (const o of orderBy) {
          const d = compareNullsFirst(extract(a, o.field), extract(b, o.field));
          if (d !== 0) return o.direction === 'desc' ? -d : d;
        }
        return 0;
      });
    }
    if (query.after) {
      checkAfter(query);
      result = result.filter((d) => isAfter(d as unknown as Record<string, unknown>, query));
    }
    if (query.limit !== undefined) result = result.slice(0, Math.max(0, Math.floor(query.limit)));
    return result;
  }

  async put<T extends Doc>(collection: Named<T>, doc: T): Promise<void> {
    // A deletion stays recorded even if the id comes back: the load deletes the old row first, so the new one
    // gets a new rowid, as in the store, which orders ties by it.
    this.collection(collection).set(doc);
  }

  async delete(collection: Named, id: string): Promise<void> {
    this.store.get(collection)?.delete(id);
    if (!this.backing) return;
    let ids = this.deleted.get(collection);
    if (!ids) this.deleted.set(collection, (ids = new Set()));
    ids.add(id);
  }

  /** Every collection touched, with its documents (possibly none, after deletes). */
  collections(): Map<string, Map<string, Doc>> {
    return new Map([...this.store].map(([name, c]) => [name, c.docs]));
  }

  /** Ids deleted since the last drain that `backing` may hold, by collection. */
  deletions(): Map<string, Set<string>> {
    return this.deleted;
  }

  /** How many documents are held, across collections. */
  size(): number {
    let n = 0;
    for (const c of this.store.values()) n += c.docs.size;
    return n;
  }
}
