import { describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { PLANNER_MOVE } from '@movers/local/src/seedPlanner.ts';
import { SEEDED_WAVE } from '@movers/local/src/seedWaves.ts';
import { CLIENT_A, call, ifMatch } from './call.ts';

/**
 * Waves (issue 48): a move's waves with their day, times in the move's local time and capacity; people
 * put in them one by one, many at once and by the import; the board filtered by wave; the 'today' view.
 * Each move is made here, under a client no other test counts (Oslo: the move's time is Europe/Oslo).
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
let n = 0;

/** A day `days` from today in Oslo (the test's moves are in Norway). */
const osloDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });

async function makeMove(settings: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz waves ${tag}`, address: 'Veien 9', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-waves-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, { languages: ['en', 'no'], defaultLanguage: 'en', ...settings }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { moveId: move.body.id as string, path };
}

const wave = (name: string, extra: Record<string, unknown> = {}) => {
  const day = osloDay(7);
  return {
    name,
    day,
    packBy: `${day}T08:00`,
    pickUp: { start: `${day}T09:00`, end: `${day}T11:00` },
    arrival: { start: `${day}T13:00`, end: `${day}T15:00` },
    capacity: { people: 2, crates: 10 },
    color: 'blue',
    ...extra,
  };
};

async function addWave(moveId: string, name: string, extra: Record<string, unknown> = {}) {
  const made = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave(name, extra) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string; position: number; name: string };
}

const list = async (moveId: string) => {
  const answer = await call('staff', 'GET', `/v1/moves/${moveId}/waves`);
  expect(answer.status).toBe(200);
  return answer.body as {
    waves: {
      id: string;
      name: string;
      position: number;
      etag: string;
      load: { people: number; crates: number };
      overCapacity: { people: boolean; crates: boolean };
    }[];
    withoutWave: { people: number; crates: number };
    timeZone: string;
    etag: string;
  };
};

async function addPeople(moveId: string, names: string[]) {
  const made = await call('staff', 'POST', `/v1/moves/${moveId}/people`, { body: { names: names.join('\n') } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string; name: string }[];
}

const peopleEtag = async (moveId: string) => (await call('staff', 'GET', `/v1/moves/${moveId}/people`)).headers.get('etag')!;

const assign = async (moveId: string, personIds: string[], waveId: string | null, etag?: string) =>
  call('staff', 'POST', `/v1/moves/${moveId}/people/wave`, { body: { personIds, waveId }, headers: ifMatch(etag ?? (await peopleEtag(moveId))) });

const waveHistoryOf = async (personId: string) =>
  (await call('staff', 'GET', `/v1/history/person/${personId}?field=waveId`)).body.entries as {
    action: string;
    changes: { field: string; from: unknown; to: unknown }[];
  }[];

describe('waves', () => {
  it("adds, lists, changes and reorders a move's waves, with the list's and the wave's ETags", async () => {
    const { moveId } = await makeMove();
    const empty = await list(moveId);
    expect(empty).toMatchObject({ waves: [], withoutWave: { people: 0, crates: 0 }, timeZone: 'Europe/Oslo' });
    const it1 = await addWave(moveId, 'IT', { translations: { no: { name: 'IT-avdelingen' } } });
    const finance = await addWave(moveId, 'Finance');
    expect(it1).toMatchObject({
      name: 'IT',
      position: 0,
      moveId,
      capacity: { people: 2, crates: 10 },
      color: 'blue',
      translations: { no: { name: 'IT-avdelingen' } },
    });
    expect(finance.position).toBe(1);

    // A change needs the wave's ETag: none is 428, an old one 412, and nothing is stored.
    const changed = { ...wave('IT department'), capacity: { people: 5, crates: null } };
    expect((await call('staff', 'PUT', `/v1/waves/${it1.id}`, { body: changed })).status).toBe(428);
    const saved = await call('staff', 'PUT', `/v1/waves/${it1.id}`, { body: changed, headers: ifMatch(it1.etag) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: 'IT department', capacity: { people: 5, crates: null }, translations: { no: { name: 'IT-avdelingen' } } });
    expect((await call('staff', 'PUT', `/v1/waves/${it1.id}`, { body: wave('Stale'), headers: ifMatch(it1.etag) })).status).toBe(412);

    // A reorder needs the list's ETag (the order's).
    const before = await list(moveId);
    expect(before.waves.map((w) => w.name)).toEqual(['IT department', 'Finance']);
    const body = { waveId: finance.id, newPosition: 0 };
    expect((await call('staff', 'PATCH', `/v1/moves/${moveId}/waves/position`, { body })).status).toBe(428);
    const moved = await call('staff', 'PATCH', `/v1/moves/${moveId}/waves/position`, { body, headers: ifMatch(before.etag) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.waves.map((w: { name: string; position: number }) => [w.name, w.position])).toEqual([
      ['Finance', 0],
      ['IT department', 1],
    ]);
    expect((await call('staff', 'PATCH', `/v1/moves/${moveId}/waves/position`, { body, headers: ifMatch(before.etag) })).status).toBe(412);

    // Another client's user may not see them; the client's own users may (the demo move's).
    expect((await call('extB', 'GET', `/v1/moves/${moveId}/waves`)).status).toBe(403);
    expect((await call('extA', 'GET', `/v1/moves/${moveId}/waves`)).status).toBe(403);
    const demo = await call('extA', 'GET', `/v1/moves/${PLANNER_MOVE}/waves`);
    expect(demo.status).toBe(200);
    expect(demo.body.waves.map((w: { id: string }) => w.id)).toContain(SEEDED_WAVE);
  });

  it('refuses a day in the past, a window ending before it starts, a capacity below zero, a long name and the 101st wave, naming the field and storing nothing', async () => {
    const { moveId } = await makeMove();
    const first = await addWave(moveId, 'First');
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(answer.body)).toContain(field);
      const update = await call('staff', 'PUT', `/v1/waves/${first.id}`, { body, headers: ifMatch(first.etag) });
      expect(update.status, JSON.stringify(update.body)).toBe(400);
    };
    await refused(wave('Past', { day: osloDay(-1) }), 'day');
    const day = osloDay(3);
    await refused(wave('Window', { day, pickUp: { start: `${day}T11:00`, end: `${day}T10:59` } }), 'pickUp.end');
    await refused(wave('Window', { day, arrival: { start: `${day}T11:00`, end: `${day}T09:00` } }), 'arrival.end');
    await refused(wave('Capacity', { capacity: { people: -1, crates: null } }), 'capacity.people');
    await refused(wave('Crates', { capacity: { people: null, crates: -5 } }), 'capacity.crates');
    await refused(wave('x'.repeat(200)), 'name');
    expect((await list(moveId)).waves.map((w) => w.name)).toEqual(['First']);
    // Today is not in the past.
    expect((await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave('Today', { day: osloDay(0) }) })).status).toBe(201);
    // A name another wave has (case and space ignored) is 409.
    const duplicate = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave(' first ') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe('the move has a wave of that name');
    // At most 100.
    for (let i = (await list(moveId)).waves.length; i < 100; i++) await addWave(moveId, `Wave ${i}`);
    const tooMany = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave('One too many') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ waves: 'a move has at most 100 waves' });
    expect((await list(moveId)).waves).toHaveLength(100);
  }, 120_000);

  it('gives a name to one of several waves racing for it, and frees it when the wave is renamed or deleted', async () => {
    const { moveId } = await makeMove();
    const racing = await Promise.all(Array.from({ length: 5 }, () => call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave('Contested') })));
    expect(racing.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const [a, b] = [racing.find((r) => r.status === 201)!.body, await addWave(moveId, 'Other')];
    const renames = await Promise.all(
      [a, b].map((w) => call('staff', 'PUT', `/v1/waves/${w.id}`, { body: wave(w.id === a.id ? 'Renamed' : 'renamed '), headers: ifMatch(w.etag) })),
    );
    expect(renames.map((r) => r.status).sort()).toEqual([200, 409]);
    // The old names are free again: the renamed one's, and a deleted one's.
    const renamed = renames.find((r) => r.status === 200)!.body;
    const loser = renamed.id === a.id ? b : a;
    expect((await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave(renamed.id === a.id ? 'Contested' : 'Other') })).status).toBe(201);
    expect((await call('staff', 'DELETE', `/v1/waves/${loser.id}`, { headers: ifMatch(loser.etag) })).status).toBe(200);
    const again = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, { body: wave(loser.name) });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    // The deleted wave cannot come back while another has its name.
    const [deleted] = (await call('staff', 'GET', `/v1/history/wave/${loser.id}`)).body.entries as { id: string }[];
    expect((await call('staff', 'POST', `/v1/history/wave/${loser.id}/restore`, { body: { entryId: deleted.id } })).status).toBe(409);
  });

  it("is 404 for a wave of another move, and 400 naming waveId for another move's wave in an assignment or a person's change", async () => {
    const one = await makeMove();
    const other = await makeMove();
    const theirs = await addWave(other.moveId, 'Theirs');
    const uuid = theirs.id.split('_').pop();
    expect((await call('staff', 'PUT', `/v1/waves/${one.moveId}_${uuid}`, { body: wave('X'), headers: ifMatch('*') })).status).toBe(404);
    expect((await call('staff', 'DELETE', `/v1/waves/${one.moveId}_${uuid}`, { headers: ifMatch('*') })).status).toBe(404);
    const [ann] = await addPeople(one.moveId, ['Ann']);
    const assigned = await assign(one.moveId, [ann.id], theirs.id);
    expect(assigned.status).toBe(400);
    expect(assigned.body.error.fields).toEqual({ waveId: 'no such wave in this move' });
    const put = await call('staff', 'PUT', `/v1/marker-users/${ann.id}`, {
      body: { name: 'Ann', move_layout_marker_id: null, stickersCount: null, waveId: theirs.id },
      headers: ifMatch(ann.etag),
    });
    expect(put.status).toBe(400);
    expect(put.body.error.fields).toEqual({ waveId: 'no such wave in this move' });
    const stranger = await assign(one.moveId, [`${other.moveId}_00000000-0000-4000-8000-000000000001`], null);
    expect(stranger.status).toBe(400);
    expect(Object.keys(stranger.body.error.fields)).toEqual(['personIds']);
    // 5,000 ids are a body the assignment takes (over the API's default 64 KB); a 5,001st is refused.
    const many = Array.from({ length: 5000 }, (_, i) => `${one.moveId}_00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await assign(one.moveId, many, null);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.personIds).toMatch(/^not people of this move/);
    expect((await assign(one.moveId, [...many, ann.id], null)).body.error.fields).toEqual({ personIds: 'at most 5000 people' });
  });

  it('puts many people in a wave in one action with a history entry each, shows capacity, and a person one by one', async () => {
    const { moveId } = await makeMove();
    const small = await addWave(moveId, 'Small', { capacity: { people: 2, crates: 3 } });
    const other = await addWave(moveId, 'Other', { capacity: { people: null, crates: null } });
    const people = await addPeople(
      moveId,
      Array.from({ length: 120 }, (_, i) => `Person ${String(i).padStart(3, '0')}`),
    );
    const ids = people.map((p) => p.id);

    // The people list's ETag is needed, and an old one is refused with nothing changed.
    const etag = await peopleEtag(moveId);
    expect((await call('staff', 'POST', `/v1/moves/${moveId}/people/wave`, { body: { personIds: ids, waveId: small.id } })).status).toBe(428);
    const done = await assign(moveId, ids, small.id, etag);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ changed: 120, wave: { id: small.id, load: { people: 120, crates: 120 }, overCapacity: { people: true, crates: true } } });
    expect(done.body.etag).not.toBe(etag);
    expect((await assign(moveId, ids.slice(0, 1), other.id, etag)).status).toBe(412);

    const listed = await list(moveId);
    expect(listed.waves.find((w) => w.id === small.id)).toMatchObject({ load: { people: 120, crates: 120 }, overCapacity: { people: true, crates: true } });
    expect(listed.withoutWave).toEqual({ people: 0, crates: 0 });
    const stored = (await call('staff', 'GET', `/v1/moves/${moveId}/people`)).body as { id: string; waveId: string | null; etag: string }[];
    expect(stored.every((p) => p.waveId === small.id)).toBe(true);
    for (const id of [ids[0], ids[119]])
      expect((await waveHistoryOf(id))[0]).toMatchObject({ action: 'update', changes: [{ field: 'waveId', from: null, to: small.id }] });

    // Again: only those whose wave changes count, and get an entry.
    const again = await assign(moveId, ids.slice(0, 3), other.id);
    expect(again.body).toMatchObject({ changed: 3, wave: { id: other.id, load: { people: 3 }, overCapacity: { people: false, crates: false } } });
    expect((await assign(moveId, ids.slice(0, 3), other.id)).body.changed).toBe(0);
    expect(await waveHistoryOf(ids[0])).toHaveLength(2);

    // One by one, with the person's ETag; a PUT without waveId keeps it, null takes the person out.
    const first = stored.find((p) => p.id === ids[0])!;
    const current = (await call('staff', 'GET', `/v1/moves/${moveId}/people`)).body.find((p: { id: string }) => p.id === ids[0]);
    const kept = await call('staff', 'PUT', `/v1/marker-users/${first.id}`, {
      body: { name: 'Renamed', move_layout_marker_id: null, stickersCount: 4 },
      headers: ifMatch(current.etag),
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.waveId).toBe(other.id);
    const out = await call('staff', 'PUT', `/v1/marker-users/${first.id}`, {
      body: { name: 'Renamed', move_layout_marker_id: null, stickersCount: 4, waveId: null },
      headers: ifMatch(kept.body.etag),
    });
    expect(out.body.waveId).toBeNull();
    expect((await waveHistoryOf(first.id))[0]).toMatchObject({ changes: [{ field: 'waveId', from: other.id, to: null }] });
    expect((await list(moveId)).withoutWave).toEqual({ people: 1, crates: 4 });
  }, 120_000);

  it('deletes a wave leaving its people without a wave, each change recorded, and brings it back from history with them', async () => {
    const { moveId } = await makeMove();
    const first = await addWave(moveId, 'First');
    const gone = await addWave(moveId, 'Gone');
    await addWave(moveId, 'Third');
    const people = await addPeople(moveId, ['Ann', 'Bo', 'Cy']);
    expect((await assign(moveId, [people[0].id, people[1].id], gone.id)).status).toBe(200);
    expect((await assign(moveId, [people[2].id], first.id)).status).toBe(200);

    expect((await call('staff', 'DELETE', `/v1/waves/${gone.id}`)).status).toBe(428);
    const deleted = await call('staff', 'DELETE', `/v1/waves/${gone.id}`, { headers: ifMatch(gone.etag) });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ unassigned: 2 });
    const after = await list(moveId);
    expect(after.waves.map((w) => w.name)).toEqual(['First', 'Third']);
    expect(after.withoutWave.people).toBe(2);
    expect((await waveHistoryOf(people[0].id))[0]).toMatchObject({ changes: [{ field: 'waveId', from: gone.id, to: null }] });

    const entries = (await call('staff', 'GET', `/v1/history/wave/${gone.id}`)).body.entries as { id: string; action: string }[];
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    const back = await call('staff', 'POST', `/v1/history/wave/${gone.id}/restore`, { body: { entryId: entries[0].id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const restored = await list(moveId);
    expect(restored.waves.map((w) => w.name)).toEqual(['First', 'Gone', 'Third']);
    expect(restored.waves[1].load.people).toBe(2);
    expect(restored.withoutWave.people).toBe(0);
  });

  it("imports a wave column by the wave's name in any of the move's languages, skipping a line naming none, and previews it", async () => {
    const { moveId } = await makeMove();
    const it1 = await addWave(moveId, 'IT', { translations: { no: { name: 'IT-avdelingen' } } });
    const finance = await addWave(moveId, 'Finance');
    const [kept] = await addPeople(moveId, ['Eve']);
    expect((await assign(moveId, [kept.id], finance.id)).status).toBe(200);
    const csv = 'Name;Bølge\nAnn; it-avdelingen \nBo;FINANCE\nCy;Nowhere\nDi;\n';
    const preview = await call('staff', 'POST', `/v1/moves/${moveId}/people/import`, {
      body: { csv, preview: true },
      headers: ifMatch(await peopleEtag(moveId)),
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.rows).toEqual([
      { line: 2, name: 'Ann', email: null, markerId: null, waveId: it1.id, wave: 'IT' },
      { line: 3, name: 'Bo', email: null, markerId: null, waveId: finance.id, wave: 'Finance' },
      { line: 5, name: 'Di', email: null, markerId: null, waveId: null, wave: null },
    ]);
    expect(preview.body.skipped).toEqual([{ line: 4, text: 'Cy;Nowhere', reason: 'no wave Nowhere' }]);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/people`)).body).toHaveLength(1);

    const imported = await call('staff', 'POST', `/v1/moves/${moveId}/people/import`, { body: { csv }, headers: ifMatch(await peopleEtag(moveId)) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 3, added: 3 });
    const people = (await call('staff', 'GET', `/v1/moves/${moveId}/people`)).body as { name: string; waveId: string | null }[];
    expect(Object.fromEntries(people.map((p) => [p.name, p.waveId]))).toEqual({ Ann: it1.id, Bo: finance.id, Di: null, Eve: finance.id });
  });

  it("filters the move-day board by wave, names each person's wave in the CSV, and lists today's waves with who is late", async () => {
    const { moveId } = await makeMove();
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: '4', floor_size: 'small', published: 'true' })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
    const floor = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${moveId}/layouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${inject('stack').tokens.staff}` },
      body: form,
    });
    expect(floor.status).toBe(201);
    const layoutId = ((await floor.json()) as { id: string }).id;
    const space = await call('staff', 'POST', `/v1/layouts/${layoutId}/markers`, {
      body: { marker_type: 'room', title: '101', coordinates: { positionX: 10, positionY: 10 } },
    });
    expect(space.status).toBe(201);
    const seated = async (name: string) => {
      const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: space.body.id, stickersCount: 3 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body as { id: string };
    };
    const [ann, bo, cy] = [await seated('Ann'), await seated('Bo'), await seated('Cy')];
    const today = osloDay(0);
    // Its pack-by and arrival passed at the first minute of today: everyone in it is late.
    const early = await addWave(moveId, 'Early', {
      day: today,
      packBy: `${today}T00:00`,
      arrival: { start: `${today}T00:00`, end: `${today}T00:00` },
    });
    const late = await addWave(moveId, 'Late', { day: today, packBy: `${today}T23:59`, arrival: { start: `${today}T23:59`, end: `${today}T23:59` } });
    const later = await addWave(moveId, 'Next week');
    expect((await assign(moveId, [ann.id, bo.id], early.id)).status).toBe(200);
    expect((await assign(moveId, [cy.id], late.id)).status).toBe(200);

    const board = await call('staff', 'GET', `/v1/moves/${moveId}/move-day?wave=${encodeURIComponent(early.id)}`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    expect(board.body).toMatchObject({ expected: 2, arrived: 0 });
    expect(
      board.body.floors.map((f: { floor: string; expected: number; notArrived: { name: string }[] }) => [f.floor, f.expected, f.notArrived.map((p) => p.name)]),
    ).toEqual([['4', 2, ['Ann', 'Bo']]]);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/move-day`)).body.expected).toBe(3);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/move-day?wave=${encodeURIComponent(later.id)}`)).body.expected).toBe(0);
    const elsewhere = await call('staff', 'GET', `/v1/moves/${moveId}/move-day?wave=${encodeURIComponent(SEEDED_WAVE)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields).toEqual({ wave: 'no such wave in this move' });

    const csv = await call('staff', 'GET', `/v1/moves/${moveId}/move-day.csv`);
    const rows = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(csv.body as ArrayBuffer)
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(';'));
    expect(rows[0].at(-1)).toBe('Wave');
    expect(Object.fromEntries(rows.slice(1).map((r) => [r[1], r.at(-1)]))).toEqual({ Ann: 'Early', Bo: 'Early', Cy: 'Late' });

    const day = await call('staff', 'GET', `/v1/moves/${moveId}/waves/today`);
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(day.body).toMatchObject({ day: today, timeZone: 'Europe/Oslo' });
    expect(day.body.now.slice(0, 10)).toBe(today);
    expect(day.body.waves.map((w: { name: string }) => w.name)).toEqual(['Early', 'Late']);
    const [first, second] = day.body.waves;
    expect(first.people).toEqual([
      { id: ann.id, name: 'Ann', seat: 'Floor 4 · 101', crates: 3, packedAt: null, arrivedAt: null, late: { packing: true, arrival: true } },
      { id: bo.id, name: 'Bo', seat: 'Floor 4 · 101', crates: 3, packedAt: null, arrivedAt: null, late: { packing: true, arrival: true } },
    ]);
    expect(first.load).toEqual({ people: 2, crates: 6 });
    expect(second.people[0]).toMatchObject({ name: 'Cy', late: { packing: false, arrival: false } });
    const nextWeek = await call('staff', 'GET', `/v1/moves/${moveId}/waves/today?day=${osloDay(7)}`);
    expect(nextWeek.body.waves.map((w: { name: string }) => w.name)).toEqual(['Next week']);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/waves/today?day=tomorrow`)).status).toBe(400);
  });

  it("stores a timeline event's waves when they are the move's, and refuses others and any on a brokering project's timeline", async () => {
    const { moveId } = await makeMove();
    const mine = await addWave(moveId, 'Mine');
    const event = (waves: string[]) => ({ title: 'Packing day', startDate: osloDay(5), waves });
    const made = await call('staff', 'POST', `/v1/moves/${moveId}/timeline_sections`, {
      body: { title: 'Waves', date: osloDay(5), events: [event([mine.id]), event([])] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.events.map((e: { waves?: string[] }) => e.waves)).toEqual([[mine.id], undefined]);
    const refused = await call('staff', 'POST', `/v1/moves/${moveId}/timeline_sections`, {
      body: { title: 'Waves', date: osloDay(5), events: [event([]), event([SEEDED_WAVE])] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'events[1].waves': 'no such wave in this move' });
    const update = await call('staff', 'PATCH', `/v1/timeline_sections/${made.body.id}`, {
      body: { events: [event([SEEDED_WAVE])] },
      headers: ifMatch(made.body.etag),
    });
    expect(update.status).toBe(400);
    const brokering = await call('staff', 'POST', `/v1/brokerings/${CLIENT_A}_b0000000-0000-4000-8000-000000000001/timeline_sections`, {
      body: { title: 'Waves', date: osloDay(5), events: [event([mine.id])] },
    });
    expect(brokering.status).toBe(400);
    expect(Object.keys(brokering.body.error.fields)).toEqual(['events[0].waves']);
  });
});
