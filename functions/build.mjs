// Bundles the Functions app into dist/ with every dependency, for deployment without node_modules.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'src', 'index.ts')],
  outfile: join(here, 'dist', 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  // Provided by the Azure Functions host at run time.
  external: ['@azure/functions-core'],
  // Some dependencies are CommonJS and call require(); give the ES module bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.log('functions/dist/index.js built');
