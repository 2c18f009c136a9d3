// Runs vitest with the local certificate trusted (the identity provider and Graph stand-in are HTTPS).
import { ensureNode, root, run, trustedEnv } from './node-env.mjs';

await ensureNode();
process.exit(await run(process.execPath, ['node_modules/vitest/vitest.mjs', ...process.argv.slice(2)], { cwd: root, env: trustedEnv() }));
