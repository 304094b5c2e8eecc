/// <reference types="jest" />
import { isPages, withFirstPage } from './live-pages';

/** The pages a live change leaves a paged list with (decision 052), for the shapes a page may have. */
const row = (id: string, title = id) => ({ id, title });

describe('withFirstPage', () => {
  it('keeps pages that are plain arrays, and an envelope’s other fields', () => {
    const old = { pages: [[row('a'), row('b')], [row('c'), row('d')]], pageParams: [null, 'b'] };
    expect(withFirstPage(old, [row('n'), row('a')], ['n'], new Map())).toEqual({
      pages: [[row('n'), row('a')], [row('b'), row('c'), row('d')]],
      pageParams: [null, 'b'],
    });
    const envelope = { pages: [{ notifications: [row('a')], unread: 1 }, { notifications: [row('b')], unread: 1 }], pageParams: [null, 'a'] };
    const first = { notifications: [row('a', 'read')], unread: 0 };
    expect(withFirstPage(envelope, first, ['a'], new Map()).pages).toEqual([first, { notifications: [row('b')], unread: 1 }]);
  });

  it('a page whose rows it cannot tell (no ids, or two arrays): the first page alone', () => {
    const old = { pages: [{ a: [row('a')], b: [row('b')] }, { a: [row('c')], b: [] }], pageParams: [null, 'x'] };
    expect(withFirstPage(old, old.pages[0], ['c'], new Map()).pages).toHaveLength(1);
    expect(isPages({ pages: [[]], pageParams: [] })).toBe(false);
    expect(isPages([row('a')])).toBe(false);
  });
});
