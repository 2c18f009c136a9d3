// Helpers for the project's scripts: run under Node 22, run TypeScript with tsx, trust the local certificate.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node major the project runs on (Functions in Azure, `engines`, the `node` devDependency). */
export const NODE_MAJOR = 22;
const bin = join(root, 'node_modules', '.bin');
const projectNode = join(bin, 'node');

export function ensureInstalled() {
  if (!existsSync(join(bin, 'tsx')) || !existsSync(projectNode)) {
    console.log('installing dependencies (npm ci)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: root, stdio: 'inherit' });
  }
}

/**
 * Makes the calling script run on Node 22: under an older system Node it runs the same script again with the
 * project's own Node (the `node` devDependency, node_modules/.bin/node) and exits with its code. The child gets
 * node_modules/.bin first in PATH, so everything it spawns (process.execPath, npm and its scripts) is Node 22 too.
 * Call it after ensureInstalled(); on Node 22 or newer it returns at once.
 */
export async function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return;
  if (!existsSync(projectNode) || process.env.MOVERS_NODE_REEXEC) {
    console.error(`Node ${process.versions.node} is too old: the project runs on Node ${NODE_MAJOR}, which npm installs into node_modules/.bin/node (npm ci).`);
    process.exit(1);
  }
  const env = { ...process.env, MOVERS_NODE_REEXEC: '1', PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
  process.exit(await run(projectNode, [...process.execArgv, ...process.argv.slice(1)], { cwd: process.cwd(), env }));
}

/** Creates the local HTTPS certificate once and returns an environment in which Node trusts it. */
export function trustedEnv(extra = {}) {
  const cert = execFileSync(process.execPath, ['--import', 'tsx', 'local/src/cli/cert.ts'], { cwd: root, encoding: 'utf8' }).trim();
  return { ...process.env, NODE_EXTRA_CA_CERTS: cert, ...extra };
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
