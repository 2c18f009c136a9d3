import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '@movers/local/src/dataDir.ts';
import { routes } from '../../src/routes.ts';
import { timers } from '../../src/timers.ts';

// The Functions app as the deploy workflow ships it (functions/package.mjs: the bundle, package.json,
// host.json, no node_modules). `npm test` serves the API and browser tests from it; this file checks the
// package itself, so that a module the bundle lacks or a file it reads from beside itself fails here and
// not in Azure. Run alone while developing, it builds and lays out a package of its own.

let folder: string;
let made: string | undefined;

beforeAll(() => {
  if (process.env.FUNCTIONS_PACKAGE) {
    folder = process.env.FUNCTIONS_PACKAGE;
    return;
  }
  made = mkdtempSync(join(tmpdir(), 'movers-package-test-'));
  folder = join(made, 'package');
  execFileSync('npm', ['run', 'build', '-w', 'functions'], { cwd: repoRoot, stdio: 'ignore' });
  execFileSync(process.execPath, [join(repoRoot, 'functions', 'package.mjs'), folder], { cwd: repoRoot, stdio: 'ignore' });
}, 120_000);

afterAll(() => {
  if (made) rmSync(made, { recursive: true, force: true });
});

/** Runs an ES module script with Node in the package's folder, with nothing of the repository in reach. */
function runInPackage(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the shipped Functions package', () => {
  it('is what the tests are served by when npm test runs them', () => {
    expect(inject('stack').functionsFrom).toBe(process.env.FUNCTIONS_PACKAGE ?? 'sources');
  });

  it('holds the bundle, package.json and host.json, with no node_modules in it or above it', () => {
    expect(readdirSync(folder).sort()).toEqual(['dist', 'host.json', 'package.json']);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    expect(existsSync(join(folder, manifest.main))).toBe(true);
    for (let dir = folder; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
  });

  it('loads every file of the bundle, the lazily loaded chunks included, from its own folder', () => {
    const files = [
      'dist/index.js',
      'dist/app.js',
      ...readdirSync(join(folder, 'dist', 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `dist/chunks/${f}`),
    ];
    const out = runInPackage(`
      for (const file of ${JSON.stringify(files)}) await import('./' + file);
      const app = await import('./dist/app.js');
      console.log(JSON.stringify({ routes: app.routes.length, timers: app.timers.length }));
    `);
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual({ routes: routes.length, timers: timers.length });
  });

  it('registers with Azure every function of its app.js, from the list build.mjs wrote beside index.js', () => {
    const out = runInPackage(`
      const app = await import('./dist/app.js');
      console.log(JSON.stringify(app.functionsManifest()));
    `);
    const listed = JSON.parse(readFileSync(join(folder, 'dist', 'functions.json'), 'utf8'));
    expect(listed).toEqual(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
    expect(listed.http.length).toBeGreaterThan(routes.length);
  });

  // A new instance imports index.js before its first request (the cold start npm run bench measures):
  // it must load the Functions library and the registration only, and leave the app (route table,
  // validation schemas, the Cosmos SDK) to the first invocation. Each module Node loads is recorded.
  it('loads neither app.js nor the Cosmos SDK when index.js is imported, and both once the app is loaded', () => {
    const out = runInPackage(`
      import { registerHooks } from 'node:module';
      import { readFileSync } from 'node:fs';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const files = () => loaded.filter((u) => u.startsWith('file:')).map((u) => {
        const path = new URL(u).pathname;
        return { file: path.slice(process.cwd().length + 1), cosmos: readFileSync(path, 'utf8').includes('node_modules/@azure/cosmos/') };
      });
      await import('./dist/index.js');
      const atImport = files();
      await import('./dist/app.js');
      console.log(JSON.stringify({ atImport, afterApp: files() }));
    `);
    const { atImport, afterApp } = JSON.parse(out.trim().split('\n').at(-1) ?? '') as Record<string, { file: string; cosmos: boolean }[]>;
    expect(atImport[0]?.file).toBe('dist/index.js');
    expect(atImport.map((f) => f.file)).not.toContain('dist/app.js');
    expect(atImport.filter((f) => f.cosmos)).toEqual([]);
    expect(afterApp.map((f) => f.file)).toContain('dist/app.js');
    expect(afterApp.some((f) => f.cosmos)).toBe(true);
  });

  // functions/build.mjs gives the bundle node:http through require(): its ES module namespace would read
  // http.WebSocket, which loads Node's undici (≈ 4 MB) in every instance for nothing of the app's.
  it('loads the app without Node loading undici', () => {
    const out = runInPackage(`
      await import('./dist/app.js');
      console.log(JSON.stringify(process.moduleLoadList.filter((m) => m.includes('undici'))));
    `);
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual([]);
  });
});
