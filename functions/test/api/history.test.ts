import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNER_MOVE as MOVE } from '@movers/local/src/seedPlanner.ts';
import { DEMO_MOVE_PASSWORD, DEMO_MOVE_PATH } from '@movers/local/src/seedMoves.ts';
import { call, ifMatch } from './call.ts';
import { plannerScratch } from './plannerScratch.ts';

// History (issue 37): every change recorded with the record, in one batch; read by who may read the
// record; a restore is a normal write on the current ETag and is recorded itself.

interface Entry {
  id: string;
  action: string;
  by: { id: string; name: string };
  changes: { field: string; from: unknown; to: unknown }[];
  title: string | null;
}

// A floor, spaces and people of these tests' own on the demo move, removed afterwards.
const scratch = plannerScratch('HR');
const ROOM = { a: '', b: '', c: '' };
beforeAll(async () => {
  ROOM.a = (await scratch.space('a')).id;
  ROOM.b = (await scratch.space('b')).id;
  ROOM.c = (await scratch.space('c')).id;
});
afterAll(() => scratch.remove());

const newPerson = (name: string, markerId: string = ROOM.a) => scratch.person(name, markerId);

async function update(id: string, etag: string, fields: { name: string; markerId: string | null }, caller: 'staff' | 'extA' = 'staff') {
  const saved = await call(caller, 'PUT', `/v1/marker-users/${id}`, {
    body: { name: fields.name, move_layout_marker_id: fields.markerId, stickersCount: null },
    headers: ifMatch(etag),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { id: string; etag: string; move_layout_marker_id: string | null; name: string };
}

const historyOf = async (kind: string, id: string, query = '') => {
  const answer = await call('staff', 'GET', `/v1/history/${kind}/${id}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { entries: Entry[]; continuationToken: string | null };
};

describe('history of a person', () => {
  it("records Kari's two seat changes and her new name with before and after, by who made them; a restore puts her back and is recorded", async () => {
    const kari = await newPerson('Kari History');
    let saved = await update(kari.id, kari.etag, { name: 'Kari History', markerId: ROOM.b });
    saved = await update(saved.id, saved.etag, { name: 'Kari History', markerId: ROOM.c }, 'extA');
    saved = await update(saved.id, saved.etag, { name: 'Kari Historie', markerId: ROOM.c });

    const { entries } = await historyOf('person', kari.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    const [rename, secondSeat, firstSeat] = entries;
    expect(rename.changes).toEqual([{ field: 'name', from: 'Kari History', to: 'Kari Historie' }]);
    expect(secondSeat.changes).toEqual([{ field: 'markerId', from: ROOM.b, to: ROOM.c }]);
    expect(firstSeat.changes).toEqual([{ field: 'markerId', from: ROOM.a, to: ROOM.b }]);
    expect(firstSeat.by.id).not.toBe(secondSeat.by.id);
    expect(secondSeat.by.name).toBeTruthy();
    expect(rename.title).toBe('Kari Historie');

    // Filter by field: only the seat changes (and the create, which set it).
    const seats = await historyOf('person', kari.id, '?field=markerId');
    expect(seats.entries.map((e) => e.id)).toEqual([secondSeat.id, firstSeat.id, entries[3].id]);

    // Restoring the first seat change on a stale ETag writes nothing.
    const stale = await call('staff', 'POST', `/v1/history/person/${kari.id}/restore`, { body: { entryId: firstSeat.id }, headers: ifMatch(kari.etag) });
    expect(stale.status).toBe(412);
    expect((await historyOf('person', kari.id)).entries).toHaveLength(4);
    // Without If-Match on a record that exists: 428.
    expect((await call('staff', 'POST', `/v1/history/person/${kari.id}/restore`, { body: { entryId: firstSeat.id } })).status).toBe(428);

    const restored = await call('staff', 'POST', `/v1/history/person/${kari.id}/restore`, { body: { entryId: firstSeat.id }, headers: ifMatch(saved.etag) });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ id: kari.id, markerId: ROOM.a, name: 'Kari Historie' });
    const after = await historyOf('person', kari.id);
    expect(after.entries[0]).toMatchObject({ action: 'restore', changes: [{ field: 'markerId', from: ROOM.c, to: ROOM.a }] });
    // The restore names her as she is called now, not as the entry it undid knew her (issue 45).
    expect(after.entries[0].title).toBe('Kari Historie');
    // The move's recent changes name her by her current name on every entry, the earlier ones too.
    const recent = await call('staff', 'GET', `/v1/moves/${MOVE}/history?recordId=${kari.id}`);
    expect(recent.status).toBe(200);
    expect(recent.body.entries.map((e: Entry & { current?: unknown }) => e.current)).toEqual(
      recent.body.entries.map(() => ({ exists: true, title: 'Kari Historie' })),
    );
    expect(recent.body.entries.map((e: Entry) => e.title)).toContain('Kari History');
    const person = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body.find((p: { id: string }) => p.id === kari.id);
    expect(person.move_layout_marker_id).toBe(ROOM.a);
  });

  it('keeps no entry for a write that failed, and pages newest first with a continuation token', async () => {
    const person = await newPerson('Paged Person');
    let etag = person.etag;
    const markers = [ROOM.b, ROOM.c, ROOM.a, ROOM.b, ROOM.c];
    for (const markerId of markers) etag = (await update(person.id, etag, { name: 'Paged Person', markerId })).etag;
    const failed = await call('staff', 'PUT', `/v1/marker-users/${person.id}`, {
      body: { name: 'Never', move_layout_marker_id: null, stickersCount: null },
      headers: ifMatch(person.etag),
    });
    expect(failed.status).toBe(412);
    const first = await historyOf('person', person.id, '?limit=4');
    expect(first.entries).toHaveLength(4);
    expect(first.continuationToken).toBeTruthy();
    const second = await historyOf('person', person.id, `?limit=4&continuationToken=${first.continuationToken}`);
    expect(second.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(second.continuationToken).toBeNull();
    expect([...first.entries, ...second.entries].some((e) => e.changes.some((c) => c.to === 'Never'))).toBe(false);
    expect((await call('staff', 'GET', `/v1/history/person/${person.id}?continuationToken=bm9wZQ`)).status).toBe(400);
  });

  it('refuses an entry of another record and a field the entry did not change (400), storing nothing', async () => {
    const one = await newPerson('One');
    const two = await newPerson('Two');
    const moved = await update(two.id, two.etag, { name: 'Two', markerId: ROOM.b });
    const [entryOfTwo] = (await historyOf('person', two.id)).entries;
    const other = await call('staff', 'POST', `/v1/history/person/${one.id}/restore`, { body: { entryId: entryOfTwo.id }, headers: ifMatch(one.etag) });
    expect(other.status).toBe(400);
    const field = await call('staff', 'POST', `/v1/history/person/${two.id}/restore`, {
      body: { entryId: entryOfTwo.id, fields: ['email'] },
      headers: ifMatch(moved.etag),
    });
    expect(field.status).toBe(400);
    expect(field.body.error.message).toContain("'email'");
    expect((await historyOf('person', two.id)).entries).toHaveLength(2);
  });

  it('brings a deleted person back to their seat when it is free, and without one when it is taken', async () => {
    // A table of its own: a table seats one.
    const table = { body: await scratch.table(ROOM.a, 'H') };
    const leaving = await newPerson('Leaving Person', table.body.id);
    expect((await call('staff', 'DELETE', `/v1/marker-users/${leaving.id}`, { headers: ifMatch(leaving.etag) })).status).toBe(204);
    const [deleted] = (await historyOf('person', leaving.id)).entries;
    expect(deleted.action).toBe('delete');

    const back = await call('staff', 'POST', `/v1/history/person/${leaving.id}/restore`, { body: { entryId: deleted.id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: leaving.id, name: 'Leaving Person', markerId: table.body.id });
    expect(back.body.notice).toBeUndefined();
    // Again while the person is there: 409; and the move's recent changes say the person is back, so
    // that 'Bring back' is no longer offered (issue 45).
    expect((await call('staff', 'POST', `/v1/history/person/${leaving.id}/restore`, { body: { entryId: deleted.id } })).status).toBe(409);
    const recent = await call('staff', 'GET', `/v1/moves/${MOVE}/history?recordId=${leaving.id}`);
    expect(recent.body.entries.find((e: Entry) => e.id === deleted.id).current).toEqual({ exists: true, title: 'Leaving Person' });

    expect((await call('staff', 'DELETE', `/v1/marker-users/${leaving.id}`, { headers: ifMatch(back.body.etag) })).status).toBe(204);
    const [deletedAgain] = (await historyOf('person', leaving.id)).entries;
    const gone = await call('staff', 'GET', `/v1/moves/${MOVE}/history?recordId=${leaving.id}`);
    expect(gone.body.entries.find((e: Entry) => e.id === deletedAgain.id).current).toEqual({ exists: false, title: null });
    await newPerson('Newcomer', table.body.id);
    const seatless = await call('staff', 'POST', `/v1/history/person/${leaving.id}/restore`, { body: { entryId: deletedAgain.id } });
    expect(seatless.status).toBe(200);
    expect(seatless.body.markerId).toBeNull();
    expect(seatless.body.notice).toBe('The person is back, without a seat: their seat is taken now');
  });
});

describe('history of a space', () => {
  it('brings a deleted space back with its title, and the people its delete unassigned sit there again', async () => {
    const space = await scratch.space('X1');
    const sitting = await newPerson('Space Sitter', space.id);
    const marker = (await call('staff', 'GET', `/v1/layouts/${await scratch.floor()}`)).body.markers.find((m: { id: string }) => m.id === space.id);
    const removed = await call('staff', 'DELETE', `/v1/markers/${space.id}`, { headers: ifMatch(marker.etag) });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.unassigned).toBe(1);

    const [deleted] = (await historyOf('marker', space.id)).entries;
    expect(deleted.action).toBe('delete');
    const back = await call('staff', 'POST', `/v1/history/marker/${space.id}/restore`, { body: { entryId: deleted.id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const floor = (await call('staff', 'GET', `/v1/layouts/${await scratch.floor()}`)).body;
    const again = floor.markers.find((m: { id: string }) => m.id === space.id);
    expect(again.title).toBe('HRX1');
    expect(again.users.map((u: { id: string }) => u.id)).toEqual([sitting.id]);
    // Its title is claimed again: another space cannot take it.
    const twin = await call('staff', 'POST', `/v1/layouts/${await scratch.floor()}/markers`, {
      body: { marker_type: 'room', title: 'HRX1', coordinates: { positionX: 61, positionY: 61 } },
    });
    expect(twin.status).toBe(409);
  });
});

describe('who may read history', () => {
  it("gives another client's External user 403 and a visitor or a stranger 401, for every kind of the move", async () => {
    const person = await newPerson('Private Person');
    expect((await call('extA', 'GET', `/v1/history/person/${person.id}`)).status).toBe(200);
    expect((await call('extB', 'GET', `/v1/history/person/${person.id}`)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/history`)).status).toBe(403);
    expect((await call('extB', 'POST', `/v1/history/person/${person.id}/restore`, { body: {} })).status).toBe(403);
    expect((await call('anonymous', 'GET', `/v1/history/person/${person.id}`)).status).toBe(401);
    const session = await call('anonymous', 'POST', `/v1/visit/${DEMO_MOVE_PATH}/session`, {
      body: { email: 'visitor@client-a.test', password: DEMO_MOVE_PASSWORD },
    });
    expect(session.status).toBe(201);
    const asVisitor = await fetchAs(session.body.token, `/v1/history/person/${person.id}`);
    expect(asVisitor).toBe(401);
    // A kind the API has not, or an id not of the kind: 404.
    expect((await call('staff', 'GET', `/v1/history/nothing/${person.id}`)).status).toBe(404);
    expect((await call('staff', 'GET', '/v1/history/person/not-an-item')).status).toBe(404);
  });

  it("lists a move's recent changes across its records, filtered by kind and by user", async () => {
    const person = await newPerson('Recent Person');
    const all = await call('staff', 'GET', `/v1/moves/${MOVE}/history?limit=5`);
    expect(all.status).toBe(200);
    expect(all.body.entries[0]).toMatchObject({ kind: 'person', recordId: person.id, action: 'create', title: 'Recent Person' });
    const markers = await call('staff', 'GET', `/v1/moves/${MOVE}/history?kind=marker`);
    expect(markers.body.entries.every((e: { kind: string }) => e.kind === 'marker')).toBe(true);
    const byOther = await call('staff', 'GET', `/v1/moves/${MOVE}/history?user=nobody-at-all`);
    expect(byOther.body.entries).toEqual([]);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/history?kind=lease`)).status).toBe(400);
  });
});

async function fetchAs(token: string, path: string) {
  const answer = await call('anonymous', 'GET', path, { headers: { Authorization: `Bearer ${token}` } });
  return answer.status;
}
