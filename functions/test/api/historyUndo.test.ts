import { afterAll, describe, expect, it } from 'vitest';
import { call, ifMatch } from './call.ts';
import { plannerScratch } from './plannerScratch.ts';

// The planner's undo and redo (issue 50): a restore of the user's own change, to the state before it or
// after it, on the record's current ETag, refused when someone else changed the record since.

interface Entry {
  id: string;
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
}
interface MarkerView {
  id: string;
  etag: string;
  title: string;
  coordinates: { positionX: number; positionY: number };
}

const scratch = plannerScratch('HU');
afterAll(() => scratch.remove());

const markerOf = async (id: string): Promise<MarkerView | undefined> =>
  (await call('staff', 'GET', `/v1/layouts/${await scratch.floor()}`)).body.markers.find((m: { id: string }) => m.id === id);

async function moveTo(id: string, etag: string, x: number, caller: 'staff' | 'extA' = 'staff', title?: string) {
  const current = (await markerOf(id))!;
  const saved = await call(caller, 'PUT', `/v1/markers/${id}`, {
    body: { title: title ?? current.title, coordinates: { positionX: x, positionY: 20 }, openSpace: false },
    headers: ifMatch(etag),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as MarkerView;
}

const latest = async (id: string) => ((await call('staff', 'GET', `/v1/history/marker/${id}?limit=1`)).body.entries as Entry[])[0];

const restore = (id: string, body: Record<string, unknown>, etag?: string, caller: 'staff' | 'extA' = 'staff') =>
  call(caller, 'POST', `/v1/history/marker/${id}/restore`, { body, ...(etag ? { headers: ifMatch(etag) } : {}) });

describe("the planner's undo and redo of a marker", () => {
  it('undoes a move to the state before it and redoes it to the state after, each on the current ETag; a stale ETag is 412 and changes nothing', async () => {
    const space = await scratch.space('m');
    const first = await moveTo(space.id, space.etag, 30);
    const firstEntry = await latest(space.id);
    const second = await moveTo(space.id, first.etag, 40);
    const secondEntry = await latest(space.id);

    const undone = await restore(space.id, { entryId: secondEntry.id, unlessChangedByOthers: true }, second.etag);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await markerOf(space.id))?.coordinates.positionX).toBe(30);
    const undoneFirst = await restore(space.id, { entryId: firstEntry.id, unlessChangedByOthers: true }, undone.body.etag);
    expect(undoneFirst.status, JSON.stringify(undoneFirst.body)).toBe(200);
    expect((await markerOf(space.id))?.coordinates.positionX).toBe(10);

    // The ETag the first undo left is stale now.
    const stale = await restore(space.id, { entryId: firstEntry.id, state: 'after', unlessChangedByOthers: true }, undone.body.etag);
    expect(stale.status).toBe(412);
    expect((await markerOf(space.id))?.coordinates.positionX).toBe(10);

    const redone = await restore(space.id, { entryId: firstEntry.id, state: 'after', unlessChangedByOthers: true }, undoneFirst.body.etag);
    expect(redone.status, JSON.stringify(redone.body)).toBe(200);
    const redoneSecond = await restore(space.id, { entryId: secondEntry.id, state: 'after', unlessChangedByOthers: true }, redone.body.etag);
    expect(redoneSecond.status, JSON.stringify(redoneSecond.body)).toBe(200);
    expect(await markerOf(space.id)).toMatchObject({ coordinates: { positionX: 40, positionY: 20 }, etag: redoneSecond.body.etag });
  });

  it("refuses an undo after a colleague's later change with a clear message, and the marker keeps the colleague's change", async () => {
    const space = await scratch.space('c');
    const mine = await moveTo(space.id, space.etag, 30);
    const myEntry = await latest(space.id);
    const theirs = await moveTo(space.id, mine.etag, 55, 'extA');

    // With the ETag my change left: the record changed since.
    expect((await restore(space.id, { entryId: myEntry.id, unlessChangedByOthers: true }, mine.etag)).status).toBe(412);
    // With the current ETag: the history shows the colleague's later entry.
    const refused = await restore(space.id, { entryId: myEntry.id, unlessChangedByOthers: true }, theirs.etag);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('someone else changed the record since the entry: nothing was restored');
    expect(await markerOf(space.id)).toMatchObject({ coordinates: { positionX: 55 }, etag: theirs.etag });
  });

  it('brings a removed marker back, refuses when a colleague brought it back and removed it again since, and never redoes a delete by restore', async () => {
    const space = await scratch.space('d');
    const removed = await call('staff', 'DELETE', `/v1/markers/${space.id}`, { headers: ifMatch(space.etag) });
    expect(removed.status).toBe(200);
    const myDelete = await latest(space.id);
    expect(myDelete.action).toBe('delete');
    expect((await restore(space.id, { entryId: myDelete.id, state: 'after' })).status).toBe(400);

    const back = await restore(space.id, { entryId: myDelete.id, unlessChangedByOthers: true });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await markerOf(space.id))?.title).toBe('HUd');

    const again = await call('staff', 'DELETE', `/v1/markers/${space.id}`, { headers: ifMatch(back.body.etag) });
    expect(again.status).toBe(200);
    const secondDelete = await latest(space.id);
    const theirs = await restore(space.id, { entryId: secondDelete.id }, undefined, 'extA');
    expect(theirs.status).toBe(200);
    const theirDelete = await call('extA', 'DELETE', `/v1/markers/${space.id}`, { headers: ifMatch(theirs.body.etag) });
    expect(theirDelete.status).toBe(200);
    const refused = await restore(space.id, { entryId: secondDelete.id, unlessChangedByOthers: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('someone else changed the record since the entry: nothing was restored');
    expect(await markerOf(space.id)).toBeUndefined();
  });

  it("undoes a rename with the title claimed again: another space cannot take it, and the renamed one's title is free", async () => {
    const space = await scratch.space('r1');
    const renamed = await moveTo(space.id, space.etag, 10, 'staff', 'HUr2');
    const rename = await latest(space.id);
    const undone = await restore(space.id, { entryId: rename.id, unlessChangedByOthers: true }, renamed.etag);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await markerOf(space.id))?.title).toBe('HUr1');
    const floor = await scratch.floor();
    const twin = await call('staff', 'POST', `/v1/layouts/${floor}/markers`, {
      body: { marker_type: 'room', title: 'HUr1', coordinates: { positionX: 61, positionY: 61 } },
    });
    expect(twin.status).toBe(409);
    const freed = await call('staff', 'POST', `/v1/layouts/${floor}/markers`, {
      body: { marker_type: 'room', title: 'HUr2', coordinates: { positionX: 62, positionY: 62 } },
    });
    expect(freed.status, JSON.stringify(freed.body)).toBe(201);
  });

  it('refuses a state that is neither before nor after with 400', async () => {
    const space = await scratch.space('s');
    const moved = await moveTo(space.id, space.etag, 33);
    const entry = await latest(space.id);
    const bad = await restore(space.id, { entryId: entry.id, state: 'sideways' }, moved.etag);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('state must be one of before, after');
    expect((await restore(space.id, { entryId: entry.id, unlessChangedByOthers: 'yes' }, moved.etag)).status).toBe(400);
    expect((await markerOf(space.id))?.coordinates.positionX).toBe(33);
  });
});
