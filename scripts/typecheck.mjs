// npm run typecheck: tsc over every workspace (each has its own tsconfig; the root has no sources).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './node-env.mjs';

export const workspaces = ['contracts', 'functions', 'local', 'web', 'e2e'];

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = 0;
  for (const project of workspaces) {
    const { status } = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', `${project}/tsconfig.json`], {
      cwd: root,
      stdio: 'inherit',
    });
    console.log(`${status === 0 ? 'ok  ' : 'FAIL'} ${project}`);
    if (status !== 0) failed += 1;
  }
  process.exit(failed ? 1 : 0);
}
