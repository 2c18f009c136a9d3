// Helpers for the project's scripts: run TypeScript with tsx, trusting the local certificate.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function ensureInstalled() {
  if (!existsSync(join(root, 'node_modules', '.bin', 'tsx'))) {
    console.log('installing dependencies (npm ci)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: root, stdio: 'inherit' });
  }
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
