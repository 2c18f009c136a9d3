import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLANNER_MOVE as MOVE } from '@movers/local/src/seedPlanner.ts';
import { startApiProcess } from './apiProcess.ts';
import { call } from './call.ts';
import { plannerScratch } from './plannerScratch.ts';

// A crash between a record and its history entry must be impossible by design (issue 37): both are one
// transactional batch. An API process of its own takes a burst of seat changes and is killed (SIGKILL)
// while they are in flight; then every person's history must still tell their story exactly: each
// entry starts where the one before ended, and the last ends where the person is now. A write stored
// without its entry, or an entry of a write that was never stored, breaks that chain.

const scratch = plannerScratch('HC');
const ROOMS: string[] = [];
beforeAll(async () => {
  for (const title of ['a', 'b', 'c']) ROOMS.push((await scratch.space(title)).id);
});
afterAll(() => scratch.remove());

interface Entry {
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

describe('a crash in the middle of writes', () => {
  it('leaves no record without its history entry and no entry without its record', async () => {
    const people: string[] = [];
    for (let i = 0; i < 24; i++) {
      people.push((await scratch.person(`Crash ${i}`, ROOMS[0])).id);
    }
    const { child, origin } = await startApiProcess();
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const token = inject('stack').tokens.staff;
    let answered = 0;
    // The process is killed as soon as a few writes are answered, with the rest in flight.
    let killNow: () => void = () => undefined;
    const someAnswered = new Promise<void>((resolve) => {
      killNow = resolve;
    });
    // Each person is moved again and again (If-Match: *, so every write is taken on whatever is there),
    // many at once, and the process is killed while they run.
    const burst = people.flatMap((id, p) =>
      Array.from({ length: 4 }, (_, n) =>
        fetch(`${origin}/api/v1/marker-users/${id}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'If-Match': '*' },
          body: JSON.stringify({ name: `Crash ${p}`, move_layout_marker_id: ROOMS[(n + 1) % ROOMS.length], stickersCount: null }),
        }).then(
          (answer) => {
            if (answer.ok && ++answered === 10) killNow();
          },
          () => undefined,
        ),
      ),
    );
    await someAnswered;
    child.kill('SIGKILL');
    await Promise.all(burst);
    await exited;

    const current = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; move_layout_marker_id: string | null }[];
    for (const id of people) {
      const history = await call('staff', 'GET', `/v1/history/person/${id}?limit=100`);
      const entries = (history.body.entries as Entry[]).slice().reverse();
      expect(entries[0].action).toBe('create');
      let seat: unknown = ROOMS[0];
      for (const entry of entries.slice(1)) {
        const change = entry.changes.find((c) => c.field === 'markerId');
        if (!change) continue;
        expect(change.from).toBe(seat);
        seat = change.to;
      }
      expect(current.find((p) => p.id === id)?.move_layout_marker_id).toBe(seat);
    }
    // The kill came in the middle: not every write was answered.
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(answered).toBeLessThan(people.length * 4);
  }, 120_000);
});
