// Lays out the Functions app as it is deployed: dist/ (the bundle and its chunks), package.json and
// host.json in one folder, with no node_modules. The deploy workflow zips this folder, and `npm test`
// serves the API and browser tests from it, so what is tested is what is shipped.
// Usage: node functions/package.mjs <folder>   (after `npm run build -w functions`)
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Copies the built app into `target` (created, must be empty) and returns the folder. */
export function packageFunctions(target) {
  const folder = resolve(target);
  if (!existsSync(join(here, 'dist', 'index.js'))) throw new Error('functions/dist is missing: run npm run build -w functions first');
  mkdirSync(folder, { recursive: true });
  if (readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
  cpSync(join(here, 'dist'), join(folder, 'dist'), { recursive: true, filter: (source) => !source.endsWith('meta.json') });
  cpSync(join(here, 'package.json'), join(folder, 'package.json'));
  cpSync(join(here, 'host.json'), join(folder, 'host.json'));
  return folder;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node functions/package.mjs <folder>');
    process.exit(2);
  }
  console.log(`Functions package: ${packageFunctions(target)}`);
}
