import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type StackProcess, startStackProcess } from '../src/testing/stackProcess.ts';
import { acquireToken } from '../src/tokens.ts';

// The stack `npm start` runs, in a child process, is stopped under write load (SIGKILL as a crash,
// SIGTERM as `kill` or a closing terminal) and started again on the same data dir: every client whose
// creation was answered 201 before the stop must be there.
const dataDir = mkdtempSync(join(tmpdir(), 'movers-durability-'));
const running: StackProcess[] = [];
afterAll(async () => {
  for (const stack of running) if (stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill('SIGKILL');
  await Promise.all(running.map((stack) => stack.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<StackProcess & { token: string }> {
  const stack = await startStackProcess(dataDir);
  running.push(stack);
  const { accessToken } = await acquireToken({ ...stack.idp, account: 'staff@movers.test' });
  return { ...stack, token: accessToken };
}

/**
 * Creates clients from several concurrent callers until `stopAfter` of them are acknowledged, then
 * sends `signal` to the stack while requests are still in flight, and returns the ids acknowledged
 * (answered 201) before the process ended.
 */
async function createUnderLoad(stack: StackProcess & { token: string }, stopAfter: number, signal: NodeJS.Signals): Promise<string[]> {
  const acknowledged: string[] = [];
  let sent = 0;
  let signalled = false;
  const caller = async (n: number) => {
    for (;;) {
      const name = `Durable ${n}-${sent++}`;
      let response: Response;
      try {
        response = await fetch(`${stack.apiOrigin}/api/v1/clients`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${stack.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, orgNumber: `D-${n}`, countryId: 'FI', active: true }),
        });
      } catch {
        return; // the stack is gone
      }
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      else if (!signalled) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      else return;
      if (acknowledged.length >= stopAfter && !signalled) {
        signalled = true;
        stack.child.kill(signal);
      }
    }
  };
  await Promise.all([1, 2, 3, 4, 5, 6].map(caller));
  await stack.exited;
  return acknowledged;
}

async function missingClients(stack: StackProcess & { token: string }, ids: string[]): Promise<string[]> {
  const missing: string[] = [];
  const queue = [...ids];
  const reader = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const response = await fetch(`${stack.apiOrigin}/api/v1/clients/${id}`, { headers: { Authorization: `Bearer ${stack.token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) missing.push(id);
    }
  };
  await Promise.all([1, 2, 3, 4].map(reader));
  return missing;
}

describe('durability of the local stack', () => {
  let stack: StackProcess & { token: string };

  it('keeps every acknowledged write when the stack is killed (SIGKILL) under write load', async () => {
    const killed = await start();
    const acknowledged = await createUnderLoad(killed, 150, 'SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');

    stack = await start();
    const missing = await missingClients(stack, acknowledged);
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged clients missing`).toEqual([]);
  }, 120_000);

  it('stops cleanly on SIGTERM under write load and keeps every acknowledged write', async () => {
    const acknowledged = await createUnderLoad(stack, 150, 'SIGTERM');
    // The stack's own stop ran (not only Vite's handler): it says so and ends with code 0.
    expect(await stack.exited).toEqual({ code: 0, signal: null });
    expect(stack.output()).toContain('stopping');

    const restarted = await start();
    const missing = await missingClients(restarted, acknowledged);
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged clients missing`).toEqual([]);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
