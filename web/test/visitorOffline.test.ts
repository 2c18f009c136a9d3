import { describe, expect, it } from 'vitest';
import { isVisitorPage, moveCacheName, visitPathOf } from '../src/visitor/offline.ts';

// What the visitor's service worker keeps (sw.ts): only the visitor API's answers, one cache per move,
// and only for visitor pages, never the admin's.
describe('the visitor service worker’s addresses', () => {
  it('knows a visitor API call by its path, on any origin, with the move it belongs to', () => {
    expect(visitPathOf(new URL('https://api.test/api/v1/visit/aurora-hq'))).toEqual({ path: 'aurora-hq', rest: '' });
    expect(visitPathOf(new URL('https://api.test/api/v1/visit/Aurora-HQ/floors/x/image?v=1'))).toEqual({ path: 'Aurora-HQ', rest: '/floors/x/image' });
    expect(visitPathOf(new URL('https://api.test/api/v1/visit/%E6r%C3'))).toBeNull();
    expect(visitPathOf(new URL('https://api.test/api/v1/moves/x'))).toBeNull();
    expect(visitPathOf(new URL('https://api.test/api/v1/visits/x'))).toBeNull();
    expect(moveCacheName('Aurora-HQ')).toBe(moveCacheName('aurora-hq'));
  });

  it("tells the visitor's pages from the admin's and from files", () => {
    expect(isVisitorPage('https://portal.test/aurora-hq')).toBe(true);
    expect(isVisitorPage('https://portal.test/aurora-hq/seat/p1')).toBe(true);
    for (const other of [
      'https://portal.test/',
      'https://portal.test/admin',
      'https://portal.test/admin/clients',
      'https://portal.test/404',
      'https://portal.test/redirect.html',
      '',
    ])
      expect(isVisitorPage(other), other).toBe(false);
  });
});
