import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkedWith, workspacesToCheck } from '../../scripts/check.mjs';

const root = join(import.meta.dirname, '../..');
const workspaces = ['contracts', 'functions', 'local', 'web', 'e2e'];

/** The TypeScript files a workspace's tsconfig compiles (its `include` folders and files). */
function filesOf(workspace: string): string[] {
  const { include } = JSON.parse(readFileSync(join(root, workspace, 'tsconfig.json'), 'utf8')) as { include: string[] };
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) {
      if (/\.tsx?$/.test(path)) out.push(path);
      return;
    }
    for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
  };
  for (const entry of include) walk(join(root, workspace, entry));
  return out;
}

/** The other workspaces a workspace's files import, by package name or by a relative path into them. */
function importedBy(workspace: string): Set<string> {
  const found = new Set<string>();
  for (const file of filesOf(workspace)) {
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const named = /^@movers\/([a-z0-9]+)/.exec(target)?.[1];
      const reached = target.startsWith('.') ? relative(root, normalize(join(file, '..', target))).split('/')[0] : undefined;
      for (const other of [named, reached]) if (other && other !== workspace && workspaces.includes(other)) found.add(other);
    }
  }
  return found;
}

describe('npm run check: which workspaces it type-checks for the changed files', () => {
  it('checks a changed workspace with every workspace that imports it', () => {
    expect(workspacesToCheck(['contracts/src/yup.ts'])).toEqual(['contracts', 'functions', 'local', 'web', 'e2e']);
    expect(workspacesToCheck(['web/src/common/forms/fields.tsx'])).toEqual(['local', 'web']);
    expect(workspacesToCheck(['e2e/tests/clients.test.ts', 'functions/test/api/leases.test.ts'])).toEqual(['functions', 'local', 'e2e']);
  });

  it('checks every workspace for the shared compiler settings and dependencies, none for docs and scripts', () => {
    expect(workspacesToCheck(['tsconfig.base.json'])).toEqual(workspaces);
    expect(workspacesToCheck(['package-lock.json'])).toEqual(workspaces);
    expect(workspacesToCheck(['docs/architecture.md', 'README.md', 'scripts/check.mjs', 'biome.json'])).toEqual([]);
  });

  it('knows every import between workspaces as they are, so a type error a change causes elsewhere is caught', () => {
    for (const workspace of workspaces) {
      for (const imported of importedBy(workspace)) expect(checkedWith[imported], `${workspace} imports ${imported}`).toContain(workspace);
    }
  });
});
