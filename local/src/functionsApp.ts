import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The Functions app as a host sees it (functions/src/app.ts, or dist/app.js of its shipped package). */
export type FunctionsApp = typeof import('@movers/functions/src/app.ts');

/**
 * Node's own module loader (`require` of an ES module, Node ≥ 22.12). Under Vitest an `import()` in this
 * file goes through the test runner's module runner, which transforms the file and would resolve a bare
 * import the bundle left behind from the repository's node_modules: exactly what must fail when the
 * package lacks a module. The bundle's own dynamic imports (its chunks) are Node's as well.
 */
const nativeRequire = createRequire(import.meta.url);

export interface LoadedFunctionsApp {
  app: FunctionsApp;
  /** 'sources', or the folder of the package being served. */
  from: string;
}

/**
 * The Functions app the dev host serves. With FUNCTIONS_PACKAGE set to a folder laid out by
 * `functions/package.mjs` (as `npm test` does), the shipped bundle is loaded from it, with no
 * node_modules to fall back on: a module the bundle lacks fails there as it would in Azure. Without it,
 * the sources (`npm start`, and a single test file run while developing).
 */
export async function loadFunctionsApp(): Promise<LoadedFunctionsApp> {
  const folder = process.env.FUNCTIONS_PACKAGE;
  if (!folder) return { app: await import('@movers/functions/src/app.ts'), from: 'sources' };
  const entry = join(folder, 'dist', 'app.js');
  if (!existsSync(entry))
    throw new Error(`FUNCTIONS_PACKAGE=${folder} has no dist/app.js: run npm run build -w functions && node functions/package.mjs <folder>`);
  // Outside Vitest (the bench, `npm run bench`; cli/api.ts), Node's import(): under tsx a require() of an ES
  // module goes through tsx's CommonJS hook, which rewrites the whole bundle (esbuild, with a `__name`
  // call wrapped around every function it makes, the Cosmos SDK's included), so the package served was
  // not the one Azure runs and each request paid for it (issue 40).
  if (!process.env.VITEST) return { app: (await import(pathToFileURL(entry).href)) as FunctionsApp, from: folder };
  return { app: nativeRequire(entry) as FunctionsApp, from: folder };
}
