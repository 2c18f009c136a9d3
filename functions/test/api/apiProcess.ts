import { type ChildProcess, spawn } from 'node:child_process';
import { inject } from 'vitest';
import { repoRoot } from '@movers/local/src/dataDir.ts';

/**
 * The Functions app in a process of its own against the test stack's services (`local/src/cli/api.ts`),
 * with `env` over the stack's settings: for a test that needs an API it may stop or kill, or whose log it reads
 * (`output`: everything the process has written so far, stdout and stderr).
 */
export async function startApiProcess(env: Record<string, string> = {}): Promise<{ child: ChildProcess; origin: string; output: () => string }> {
  const stack = inject('stack');
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/src/cli/api.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...stack.settings, API_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = /^API (\S+)$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the API ended (${code}):\n${output}`)));
  });
  return { child, origin, output: () => output };
}
