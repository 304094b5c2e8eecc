import { routeOf, staleCaches } from './shell';

const ORIGIN = 'https://family.example';

describe("the worker's shell", () => {
  const shell = new Set(['/assets/index-abc.js']);
  const route = (url: string, mode = 'no-cors', method = 'GET') => routeOf({ url: `${ORIGIN}${url}`, mode, method }, ORIGIN, shell);

  it('answers navigations and the files of the build', () => {
    expect(route('/dashboard', 'navigate')).toBe('page');
    expect(route('/assets/index-abc.js')).toBe('cached');
  });

  it("never touches the API (the live stream included), writes, other files or other sites", () => {
    expect(route('/api/live', 'navigate')).toBe('network');
    expect(route('/api/tasks')).toBe('network');
    expect(route('/api')).toBe('network');
    expect(route('/assets/index-abc.js', 'no-cors', 'POST')).toBe('network');
    expect(route('/assets/other.js')).toBe('network');
    expect(routeOf({ url: 'https://hub.example/assets/index-abc.js', mode: 'cors', method: 'GET' }, ORIGIN, shell)).toBe('network');
  });

  it("drops older builds' caches and nobody else's", () => {
    expect(staleCaches(['familyos-shell-old', 'familyos-shell-new', 'other-app'], 'familyos-shell-new')).toEqual(['familyos-shell-old']);
  });
});
