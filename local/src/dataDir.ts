import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the local stack keeps its state: `.data/` by default, `DATA_DIR` to override (tests use temp dirs). */
export function dataDir(): string {
  const dir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot, '.data');
  mkdirSync(dir, { recursive: true });
  return dir;
}
