import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_A_ID } from '../src/directory.ts';
import { floorPlanPng } from '../src/png.ts';
import { type StackProcess, startStackProcess } from '../src/testing/stackProcess.ts';
import { moveInput } from '../src/testing/moveInput.ts';
import { acquireToken } from '../src/tokens.ts';

// Issue 27: the stack that `npm start` runs is killed (SIGKILL, a crash) while it mails seat letters, and
// started again on its data: the queue function resumes, and nobody gets two letters.
const dataDir = mkdtempSync(join(tmpdir(), 'movers-letters-'));
const running: StackProcess[] = [];
afterAll(async () => {
  for (const stack of running) if (stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill('SIGKILL');
  await Promise.all(running.map((stack) => stack.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

const PEOPLE = 120;

async function start() {
  const stack = await startStackProcess(dataDir, 60_000, { QUEUE_POLL_MS: '50' });
  running.push(stack);
  const { accessToken } = await acquireToken({ ...stack.idp, account: 'staff@movers.test' });
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.apiOrigin}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, ...(body instanceof FormData || !body ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const mail = async () => (await (await fetch(`${stack.graphBaseUrl}_local/mail`)).json()) as { to: string[] }[];
  return { stack, api, mail };
}

describe('seat letters across a crash of the stack', () => {
  it('resume after a restart, and nobody is mailed twice', async () => {
    const first = await start();
    const location = await (
      await first.api('POST', `/v1/clients/${CLIENT_A_ID}/locations`, {
        name: 'Zz Crash HQ',
        address: 'Veien 9',
        city: 'Oslo',
        countryId: 'NO',
        isOffice: true,
      })
    ).json();
    const move = await (await first.api('POST', `/v1/locations/${location.id}/moves`, moveInput('zz-crash-letters'))).json();
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'small', published: 'true' })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(floorPlanPng(400, 300))], { type: 'image/png' }), 'plan.png');
    const floor = await (await first.api('POST', `/v1/moves/${move.id}/layouts`, form)).json();
    await first.api('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title: '101', coordinates: { positionX: 50, positionY: 50 } });
    const csv = ['Space;Name;E-mail', ...Array.from({ length: PEOPLE }, (_, i) => `101;Crash Person ${i};crash.${i}@client-a.test`)].join('\n');
    const etag = (await first.api('GET', `/v1/moves/${move.id}/people`)).headers.get('etag')!;
    await first.api('POST', `/v1/moves/${move.id}/people/import`, { csv }, { 'If-Match': etag });

    // Each letter waits out one throttled answer: the sending takes long enough to be cut in the middle,
    // after the queue's messages have been on disk for a while (Azurite keeps the last seconds in memory).
    await fetch(`${first.stack.graphBaseUrl}_local/control`, {
      method: 'POST',
      body: JSON.stringify({ sendMailThrottle: { count: 1000, retryAfterSeconds: 1 } }),
    });
    await first.api('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all' });
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await fetch(`${first.stack.graphBaseUrl}_local/control`, { method: 'POST', body: JSON.stringify({}) });
    const before = (await first.mail()).length;
    first.stack.child.kill('SIGKILL');
    await first.stack.exited;
    expect(before).toBeLessThan(PEOPLE);

    const second = await start();
    const letters = async () =>
      (await (await second.api('GET', `/v1/moves/${move.id}/seat-letters`)).json()) as {
        counts: Record<string, number>;
        rows: { status: string; error: string | null }[];
      };
    const end = Date.now() + 60_000;
    let state = await letters();
    while (state.counts.waiting + state.counts.sending > 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await letters();
    }
    expect(state.counts.waiting + state.counts.sending, JSON.stringify(state.counts)).toBe(0);
    // Every letter is sent, or marked failed because its try was cut off after claiming it (it may have gone out).
    for (const row of state.rows) {
      if (row.status !== 'sent') expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('interrupted') });
    }
    expect(state.counts.sent).toBeGreaterThan(before);
    const counts = new Map<string, number>();
    for (const m of await second.mail()) counts.set(m.to[0]!, (counts.get(m.to[0]!) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    expect(state.counts.sent).toBeLessThanOrEqual(counts.size);
    second.stack.child.kill('SIGINT');
    await second.stack.exited;
  }, 180_000);
});
