import { describe, expect, it } from 'vitest';
import { baseUrlOf, buildTree, toFileTree, type LibraryEntry } from '../../src/features/brokerings/documentTree.ts';

const file = (path: string): LibraryEntry => ({
  path,
  isFolder: false,
  webUrl: `https://x.sharepoint.com/sites/s/Docs/${path}`,
  modifiedBy: 'M',
  modifiedDate: '2026-01-01T00:00:00Z',
});
const folder = (path: string): LibraryEntry => ({ ...file(path), isFolder: true });

describe('document tree', () => {
  it('nests documents by path segments, folders first, and makes up folders missing from the listing', () => {
    const tree = buildTree([file('b.pdf'), file('Contracts/Appendix/plan.pdf'), file('Contracts/lease.pdf'), folder('Archive'), file('a.docx')]);
    const shape = (nodes: typeof tree): unknown => nodes.map((n) => (n.document ? n.title : { [n.title]: shape(n.children) }));
    expect(shape(tree)).toEqual([{ Archive: [] }, { Contracts: [{ Appendix: ['plan.pdf'] }, 'lease.pdf'] }, 'a.docx', 'b.pdf']);
    const plan = tree[1].children[0].children[0];
    expect(plan).toEqual({
      id: 'Contracts/Appendix/plan.pdf',
      title: 'plan.pdf',
      children: [],
      document: {
        title: 'plan.pdf',
        documentPath: 'Contracts/Appendix/plan.pdf',
        documentOpenPath: 'https://x.sharepoint.com/sites/s/Docs/Contracts/Appendix/plan.pdf',
        documentModifiedBy: 'M',
        documentModifiedDate: '2026-01-01T00:00:00Z',
      },
    });
    expect(tree[1]).toMatchObject({ id: 'Contracts', document: null });
  });

  it('never passes on a link that is not a web address', () => {
    const [node] = buildTree([{ ...file('x.pdf'), webUrl: 'javascript:alert(document.cookie)' }]);
    expect(node.document?.documentOpenPath).toBe('');
  });

  it('groups by top-level folder, with loose documents first under the project title', () => {
    const groups = toFileTree([file('Contracts/lease.pdf'), file('notes.txt')], 'P-1');
    expect(groups.map((g) => [g.title, g.nodes.map((n) => n.title)])).toEqual([
      ['P-1', ['notes.txt']],
      ['Contracts', ['lease.pdf']],
    ]);
    expect(toFileTree([], 'P-1')).toEqual([]);
  });

  it('derives the base url up to the site segment', () => {
    expect(baseUrlOf('https://movers.sharepoint.com/sites/brokering/Shared%20Documents/P/a.pdf')).toBe('https://movers.sharepoint.com/sites/brokering');
    expect(baseUrlOf('https://movers.sharepoint.com/teams/deal/Docs/a.pdf')).toBe('https://movers.sharepoint.com/teams/deal');
    expect(baseUrlOf('https://movers.sharepoint.com/Docs/a.pdf')).toBe('https://movers.sharepoint.com');
    expect(baseUrlOf('not a url')).toBe('');
  });
});
