import { describe, expect, it } from 'vitest';
import { editorImagesOf, isEditorFile, isVisitorPage, moveCacheName, movePathOfPage, visitPathOf } from '../src/visitor/offline.ts';

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

  it("knows the editor's files, the images of pages' HTML among them, and a visitor page's move", () => {
    const file = 'https://api.test/api/v1/images/0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(isEditorFile(new URL(file))).toBe(true);
    expect(isEditorFile(new URL(`${file}/x`))).toBe(false);
    expect(isEditorFile(new URL('https://api.test/api/v1/images/logo'))).toBe(false);
    const html = [
      `<p><img alt="map" src="${file}"></p><img src="https://elsewhere.test/a.png">`,
      `<figure class="image"><img src="${file}" width="200"></figure><video controls src="https://api.test/api/v1/images/7c9e6679-7425-40de-944b-e07fc1f90ae7"></video>`,
      '<img src="/api/v1/images/16fd2706-8baf-433b-82eb-8c7fada847da">',
    ];
    expect(editorImagesOf(html, 'https://portal.test/aurora-hq')).toEqual([file, 'https://portal.test/api/v1/images/16fd2706-8baf-433b-82eb-8c7fada847da']);
    expect(movePathOfPage('https://portal.test/Aurora-HQ/seat/p1')).toBe('Aurora-HQ');
    expect(movePathOfPage('https://portal.test/admin/clients')).toBeNull();
  });
});
