// npm run check [-- <base>]: what `npm test`'s first steps check (format, lint, types), on the files changed
// since <base> (default: where the branch left main, else HEAD), committed or not, in seconds rather than
// the whole run. The test runner compiles without checking types, so a test run alone misses a type error.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureNode, root } from './node-env.mjs';
import { workspaces } from './typecheck.mjs';

/**
 * The workspaces whose tsc run covers a change to each workspace: itself and those that import it
 * (local imports functions and a web module, functions' tests import local, e2e imports local and
 * contracts, everything contracts). local/test/checkScope.test.ts holds it to the imports as they are.
 */
export const checkedWith = {
  contracts: ['contracts', 'functions', 'web', 'local', 'e2e'],
  functions: ['functions', 'local', 'e2e'],
  local: ['local', 'functions', 'e2e'],
  web: ['web', 'local'],
  e2e: ['e2e'],
};

/** Files at the root that every workspace's compilation reads. */
const sharedByAll = ['tsconfig.base.json', 'package.json', 'package-lock.json'];

/** The workspaces to type-check for these changed files (paths from the repository's root), in `workspaces` order. */
export function workspacesToCheck(files) {
  const chosen = new Set();
  for (const file of files) {
    if (sharedByAll.includes(file)) for (const w of workspaces) chosen.add(w);
    const top = file.split('/')[0];
    if (file.includes('/') && checkedWith[top]) for (const w of checkedWith[top]) chosen.add(w);
  }
  return workspaces.filter((w) => chosen.has(w));
}

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Files changed since `base` (committed, staged or not) and new untracked ones; deleted files left out. */
function changedFiles(base) {
  const files = new Set([...git('diff', '--name-only', '--diff-filter=d', base), ...git('ls-files', '--others', '--exclude-standard')]);
  return [...files].filter((file) => existsSync(join(root, file))).sort();
}

function defaultBase() {
  const main = spawnSync('git', ['merge-base', 'main', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return main.status === 0 ? main.stdout.trim() : 'HEAD';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  await ensureNode();
  const base = process.argv[2] ?? defaultBase();
  const files = changedFiles(base);
  if (files.length === 0) {
    console.log(`nothing changed since ${base}`);
    process.exit(0);
  }
  console.log(`${files.length} file(s) changed since ${base}`);
  const results = [];
  // biome ci: formatting and lint as CI checks them; files biome does not handle (Markdown) are passed over.
  const biome = spawnSync(join(root, 'node_modules/.bin/biome'), ['ci', '--no-errors-on-unmatched', '--files-ignore-unknown=true', ...files], {
    cwd: root,
    stdio: 'inherit',
  });
  results.push(['biome ci (format and lint)', biome.status]);
  for (const project of workspacesToCheck(files)) {
    const { status } = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', `${project}/tsconfig.json`], {
      cwd: root,
      stdio: 'inherit',
    });
    results.push([`type-check ${project}`, status]);
  }
  for (const [name, status] of results) console.log(`${status === 0 ? 'ok  ' : 'FAIL'} ${name}`);
  process.exit(results.some(([, status]) => status !== 0) ? 1 : 0);
}
