import fc from 'fast-check';
import { GrowMap } from './grow-map.js';

describe('GrowMap', () => {
  it('behaves like a plain map that is copied on every set, across many folds into its base', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 1200 }), (sets) => {
        let grow = GrowMap.empty<number>();
        const plain = new Map<string, number>();
        for (const [key, value] of sets) {
          grow = grow.set(key, value);
          plain.set(key, value);
        }
        expect(new Map(grow.entries())).toEqual(plain);
        for (const [key, value] of plain) {
          expect(grow.has(key)).toBe(true);
          expect(grow.get(key)).toBe(value);
        }
        expect(grow.has('not a key of length ≤ 3')).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('leaves every earlier value unchanged when a later one is set', () => {
    let map = GrowMap.empty<true>();
    const versions: GrowMap<true>[] = [];
    for (let i = 0; i < 600; i += 1) {
      versions.push(map);
      map = map.set(`k${i}`, true);
    }
    versions.forEach((version, i) => {
      expect(version.entries()).toHaveLength(i);
      expect(version.has(`k${i}`)).toBe(false);
    });
  });

  it('turns into a plain object in JSON', () => {
    expect(JSON.stringify({ m: GrowMap.empty<string>().set('a', 'x').set('b', 'y') })).toBe('{"m":{"a":"x","b":"y"}}');
  });
});
