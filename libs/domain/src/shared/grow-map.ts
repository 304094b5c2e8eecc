/** How many newest entries a GrowMap keeps apart before folding them into its base. */
const RECENT_LIMIT = 256;

/**
 * An immutable map that only gains keys, for deciders whose state remembers every id a stream has seen
 * (entries, decided redemptions). Spreading a plain object costs the whole map per event, so folding a
 * 10,000-event stream cost 10,000 × 10,000 copies; here `set` copies at most RECENT_LIMIT entries and,
 * once per RECENT_LIMIT adds, the base: amortised O(n / RECENT_LIMIT) per add. Maps given out are never
 * mutated afterwards, so states that share them stay independent values.
 */
export class GrowMap<V> {
  private constructor(
    private readonly base: ReadonlyMap<string, V>,
    private readonly recent: ReadonlyMap<string, V>,
  ) {}

  static empty<V>(): GrowMap<V> {
    return new GrowMap<V>(new Map(), new Map());
  }

  static of<V>(entries: Iterable<readonly [string, V]>): GrowMap<V> {
    return new GrowMap<V>(new Map(entries), new Map());
  }

  get(key: string): V | undefined {
    return this.recent.has(key) ? this.recent.get(key) : this.base.get(key);
  }

  has(key: string): boolean {
    return this.recent.has(key) || this.base.has(key);
  }

  set(key: string, value: V): GrowMap<V> {
    if (this.recent.size < RECENT_LIMIT) return new GrowMap(this.base, new Map(this.recent).set(key, value));
    return new GrowMap(new Map([...this.base, ...this.recent, [key, value]]), new Map());
  }

  /** Every entry, first-set order, a later value of a key replacing the earlier one. */
  entries(): [string, V][] {
    const all = new Map(this.base);
    for (const [key, value] of this.recent) all.set(key, value);
    return [...all];
  }

  toJSON(): Record<string, V> {
    return Object.fromEntries(this.entries());
  }
}
