// npm start: installs what is missing, then starts the whole local stack and the web app.
import { ensureInstalled, ensureNode, root, run, trustedEnv } from './node-env.mjs';

ensureInstalled();
await ensureNode();
process.exit(await run(process.execPath, ['--import', 'tsx', 'local/src/cli/start.ts'], { cwd: root, env: trustedEnv() }));
