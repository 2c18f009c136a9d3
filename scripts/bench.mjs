// npm run bench: builds the web app if needed and the Functions package, and prints the performance
// figures (see local/src/cli/bench.ts) with the API served by the package, as deployed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureInstalled, ensureNode, root, run, trustedEnv } from './node-env.mjs';

ensureInstalled();
await ensureNode();
if (!existsSync(join(root, 'web', 'dist', 'index.html'))) await run('npm', ['run', 'build', '-w', 'web']);
const functionsPackage = join(mkdtempSync(join(tmpdir(), 'movers-bench-functions-')), 'package');
if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
if ((await run(process.execPath, [join(root, 'functions', 'package.mjs'), functionsPackage])) !== 0) process.exit(1);
const code = await run(process.execPath, ['--import', 'tsx', 'local/src/cli/bench.ts'], {
  cwd: root,
  env: trustedEnv({ FUNCTIONS_PACKAGE: functionsPackage }),
});
rmSync(dirname(functionsPackage), { recursive: true, force: true });
process.exit(code);
