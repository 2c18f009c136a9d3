// npm run bench: builds the web app if needed and prints the performance figures (see local/src/cli/bench.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureNode, root, run, trustedEnv } from './node-env.mjs';

ensureInstalled();
await ensureNode();
if (!existsSync(join(root, 'web', 'dist', 'index.html'))) await run('npm', ['run', 'build', '-w', 'web']);
process.exit(await run(process.execPath, ['--import', 'tsx', 'local/src/cli/bench.ts'], { cwd: root, env: trustedEnv() }));
