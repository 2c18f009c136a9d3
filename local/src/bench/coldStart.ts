import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The shipped Functions package's cold start: what a new instance does before its first request is
// importing dist/index.js (the Azure registration), here in a fresh Node process in the package's folder
// (no node_modules), as on the Flex Consumption plan. Its first invocation then loads dist/app.js (the
// route table, the validation schemas, the Cosmos SDK: registration.ts), measured after it in the same
// process.

export interface ColdStart {
  /** Median milliseconds to import dist/index.js. */
  importMs: number;
  /** Median resident set size after the import, and of a bare Node process for comparison. */
  rssMb: number;
  bareRssMb: number;
  /** Median milliseconds of the first invocation's loading of dist/app.js, and the RSS after it. */
  firstLoadMs: number;
  firstRssMb: number;
  /** JavaScript of the package (source maps aside), and of what index.js loads before any request. */
  packageKb: number;
  startKb: number;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Sample {
  ms: number;
  rss: number;
  firstMs?: number;
  firstRss?: number;
}

function measure(folder: string, script: string): Sample {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

/** The files index.js loads statically, followed through the chunks' own static imports. */
function startFiles(folder: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(folder, file), 'utf8');
    // esbuild writes static imports of chunks at the top, `import … from "./x.js"` or `import "./x.js"`.
    for (const m of text.matchAll(/^import\s(?:[^;"]*?from\s*)?"(\.{1,2}\/[^"]+)"/gm)) visit(join(file, '..', m[1]));
  };
  visit('dist/index.js');
  return [...seen];
}

export function measureColdStart(folder: string, runs = 5): ColdStart {
  const imports = Array.from({ length: runs }, () =>
    measure(
      folder,
      `const t = performance.now(); await import('./dist/index.js'); const ms = performance.now() - t, rss = process.memoryUsage().rss;
       const t1 = performance.now(); await import('./dist/app.js');
       console.log(JSON.stringify({ ms, rss, firstMs: performance.now() - t1, firstRss: process.memoryUsage().rss }));`,
    ),
  );
  const bare = Array.from({ length: runs }, () => measure(folder, 'console.log(JSON.stringify({ ms: 0, rss: process.memoryUsage().rss }));'));
  const js = (dir: string): string[] =>
    readdirSync(join(folder, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? js(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    );
  const kb = (files: string[]) => files.reduce((sum, f) => sum + statSync(join(folder, f)).size, 0) / 1024;
  return {
    importMs: median(imports.map((m) => m.ms)),
    rssMb: median(imports.map((m) => m.rss)) / 1048576,
    bareRssMb: median(bare.map((m) => m.rss)) / 1048576,
    firstLoadMs: median(imports.map((m) => m.firstMs ?? Number.NaN)),
    firstRssMb: median(imports.map((m) => m.firstRss ?? Number.NaN)) / 1048576,
    packageKb: kb(js('dist')),
    startKb: kb(startFiles(folder)),
  };
}
