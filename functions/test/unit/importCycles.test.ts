import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `biome ci .` (the first step of `npm test`) is what fails an import cycle: the project's biome.json turns
// on `noImportCycles` as an error, type-only imports included. This lints two scratch files with that same
// configuration, so switching the rule off or letting type imports through fails here, not in review.
const root = join(import.meta.dirname, '../../..');
const biome = join(root, 'node_modules/.bin/biome');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function lint(files: Record<string, string>) {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  // The scratch folder is no git work tree, and the schema path is the project's.
  const scratchConfig = { ...config, $schema: undefined, vcs: { enabled: false } };
  const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  folders.push(folder);
  writeFileSync(join(folder, 'biome.json'), JSON.stringify(scratchConfig));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const { status, stdout, stderr } = spawnSync(biome, ['lint', '--colors=off', '.'], { cwd: folder, encoding: 'utf8' });
  return { status, output: stdout + stderr };
}

describe('the import-cycle check', () => {
  it('fails two modules that import each other', () => {
    const { status, output } = lint({
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('lint/suspicious/noImportCycles');
  });

  it('fails a circle closed by a type-only import', () => {
    const { status, output } = lint({
      'a.ts': "import { b } from './b.ts';\nexport type A = string;\nexport const a = b;\n",
      'b.ts': "import type { A } from './a.ts';\nexport const b: A = 'b';\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('lint/suspicious/noImportCycles');
  });

  it('passes the same modules once what they share has moved down', () => {
    const { status, output } = lint({
      'shared.ts': 'export type A = string;\n',
      'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'b.ts': "import type { A } from './shared.ts';\nexport const b: A = 'b';\n",
    });
    expect(output).not.toContain('noImportCycles');
    expect(status).toBe(0);
  });
});
