import { ensureNode, root, run, trustedEnv } from './node-env.mjs';

await ensureNode();
process.exit(await run(process.execPath, ['--import', 'tsx', 'local/src/cli/token.ts', ...process.argv.slice(2)], { cwd: root, env: trustedEnv() }));
