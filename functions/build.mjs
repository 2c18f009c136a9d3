// Bundles the Functions app into dist/ with every dependency, for deployment without node_modules.
// Two entries: index.js (what the Azure host loads: it registers the functions from dist/functions.json
// and loads app.js on their first invocation) and app.js (the route table, timers and queues; the local
// dev host serves the tests from it in the shipped package). Code only
// a few routes need (the HTML and SVG sanitiser, CSV, Graph, uploads) is imported dynamically where it is
// used, so esbuild splits it into chunks/ and a cold start loads none of it.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// A Node module imported as an ES module gets a namespace holding every property of it, read once, and
// reading node:http's WebSocket, CloseEvent and MessageEvent loads undici: ≈ 4 MB more in every instance
// that loads the app, for classes nothing here uses (issue 25). The bundle keeps the dependencies'
// `import http from 'node:http'`; each is given node:http through require() instead, with the same
// exports but those three (a use of one fails the build).
const httpWithoutUndici = {
  name: 'http-without-undici',
  setup(bundler) {
    bundler.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === 'import-statement' ? { path: 'http', namespace: 'http-without-undici' } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'http-without-undici' }, async () => {
      const { default: http } = await import('node:http');
      const names = Object.keys(http).filter((name) => !['WebSocket', 'CloseEvent', 'MessageEvent'].includes(name));
      return { contents: `const http = require('node:http');\nexport default http;\nexport const { ${names.join(', ')} } = http;\n`, loader: 'js' };
    });
  },
};
const outdir = join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, 'src', 'index.ts'), join(here, 'src', 'app.ts')],
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // Provided by the Azure Functions host at run time.
  external: ['@azure/functions-core'],
  plugins: [httpWithoutUndici],
  // Some dependencies are CommonJS and call require(); give each ES module of the bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
// What went into each file, for `npm run bench` and for anyone asking why the bundle is the size it is.
writeFileSync(join(here, 'dist', 'meta.json'), JSON.stringify(result.metafile));
// The functions index.js registers, taken from the bundle's own app.js in a fresh Node process, so the
// list cannot drift from the route table (registration.ts).
const manifest = execFileSync(
  process.execPath,
  ['--input-type=module', '-e', "const app = await import('./dist/app.js'); process.stdout.write(JSON.stringify(app.functionsManifest()));"],
  { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
writeFileSync(join(here, 'dist', 'functions.json'), `${JSON.stringify(JSON.parse(manifest), null, 1)}\n`);
console.log('functions/dist built');
