import { describe, expect, inject, it } from 'vitest';
import { PLANNER_MOVE as MOVE, SEEDED_FLOORS, seededMarker, seededPerson } from '@movers/local/src/seedPlanner.ts';
import { avatarPng } from '@movers/local/src/png.ts';
import { call, ifMatch } from './call.ts';

// The floor-plan planner (issue 14): floors with images, spaces and tables, people, the label sheet
// and the allocation import; 'any signed-in' for the move's client, 403 for another client.

const SQUARE = avatarPng(40, [0, 90, 158]);
/** A PNG twice as wide as high: another aspect ratio. */
const WIDE = (() => {
  const png = Buffer.from(avatarPng(40, [1, 2, 3]));
  png.writeUInt32BE(80, 16);
  return png;
})();

async function sendFloor(
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string>,
  bytes: Buffer | string = SQUARE,
  options: { caller?: 'staff' | 'extA' | 'extB'; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('layout', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'image/png' }), 'plan.png');
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack.tokens[options.caller ?? 'staff']}`, ...options.headers },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const newFloor = async (title: string, extra: Record<string, string> = {}) => {
  const sent = await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: title, floor_size: 'small', label_color: 'red', ...extra });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body;
};
const floors = async () =>
  (await call('staff', 'GET', `/v1/moves/${MOVE}/layouts`)).body as { id: string; floor_name: string; isDefault: boolean; etag: string }[];
const space = async (layoutId: string, title: string, x = 10, y = 10) => {
  const made = await call('extA', 'POST', `/v1/layouts/${layoutId}/markers`, {
    body: { marker_type: 'room', title, coordinates: { positionX: x, positionY: y } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};
const table = async (layoutId: string, spaceId: string, title: string) =>
  call('extA', 'POST', `/v1/layouts/${layoutId}/markers`, { body: { marker_type: 'table', title, spaceId, coordinates: { positionX: 1, positionY: 2 } } });

describe('planner floors', () => {
  it('lists the seeded floors by numeric title with one default, and serves the image sandboxed', async () => {
    const list = await call('extA', 'GET', `/v1/moves/${MOVE}/layouts`);
    expect(list.status).toBe(200);
    const titles = list.body.map((f: { floor_name: string }) => f.floor_name);
    expect(titles.indexOf('3')).toBeLessThan(titles.indexOf('2'));
    expect(list.body.filter((f: { isDefault: boolean }) => f.isDefault)).toHaveLength(1);
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/layouts`)).status).toBe(403);
    const image = await call('extA', 'GET', `/v1/layouts/${SEEDED_FLOORS.second}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect((await call('extB', 'GET', `/v1/layouts/${SEEDED_FLOORS.second}/image`)).status).toBe(403);
    const floor = await call('extA', 'GET', `/v1/layouts/${SEEDED_FLOORS.second}`);
    expect(floor.body.markers.find((m: { title: string }) => m.title === '201').users).toEqual([]);
    expect(floor.body.markers.find((m: { id: string }) => m.id === seededMarker(4)).users.map((u: { name: string }) => u.name)).toEqual(['Ola Nordmann']);
  });

  it('adds a floor from multipart, refuses a duplicate title, a bad colour and a file that is not an image, storing nothing', async () => {
    const floor = await newFloor('41', { isDefault: 'false', published: 'true' });
    expect(floor).toMatchObject({ floor_name: '41', label_color: 'red', floor_size: 'small', isDefault: false });
    expect(floor.image.width).toBe(40);
    const before = (await floors()).length;
    const duplicate = await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: ' 41 ', floor_size: 'small' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe('Floor number or name must be unique');
    expect((await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: '42', label_color: 'magenta' })).status).toBe(400);
    expect((await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: '4\u00002' })).status).toBe(400);
    const missing = await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_size: 'small' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.floor_name).toBe('Please enter a floor number');
    expect((await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: '43' }, 'just text, not an image')).status).toBe(415);
    expect((await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: '44' }, SQUARE, { caller: 'extB' })).status).toBe(403);
    expect((await floors()).length).toBe(before);
  });

  it('gives a title to one floor only when several are added or renamed to it at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: '45' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const a = await newFloor('46');
    const b = await newFloor('47');
    const renames = await Promise.all(
      [a, b].map((f) => call('staff', 'PATCH', `/v1/layouts/${f.id}`, { body: { floor_name: '48' }, headers: ifMatch(f.etag) })),
    );
    // Raced, one gets 409; run one after the other, the second is a rename to a taken title and swaps.
    expect(renames.map((r) => r.status).every((status) => status === 200 || status === 409)).toBe(true);
    expect((await floors()).filter((f) => f.floor_name === '48')).toHaveLength(1);
    const titles = (await floors()).filter((f) => f.id === a.id || f.id === b.id).map((f) => f.floor_name);
    expect(titles).toContain('48');
    expect(new Set(titles).size).toBe(2);
    // The title given up is free again.
    const freed = ['46', '47'].find((t) => !titles.includes(t)) as string;
    expect((await sendFloor('POST', `/v1/moves/${MOVE}/layouts`, { floor_name: freed })).status).toBe(201);
  });

  it('renaming a floor to an existing title swaps the two; a stale ETag is 412', async () => {
    const a = await newFloor('51');
    const b = await newFloor('52');
    const renamed = await call('extA', 'PATCH', `/v1/layouts/${a.id}`, { body: { floor_name: '52' }, headers: ifMatch(a.etag) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.floor_name).toBe('52');
    expect((await call('staff', 'GET', `/v1/layouts/${b.id}`)).body.floor_name).toBe('51');
    expect((await call('extA', 'PATCH', `/v1/layouts/${a.id}`, { body: { label_color: 'pink' }, headers: ifMatch(a.etag) })).status).toBe(412);
    expect((await call('extA', 'PATCH', `/v1/layouts/${a.id}`, { body: { label_color: 'pink' } })).status).toBe(428);
  });

  it('ends with exactly one default floor after ten concurrent PATCHes', async () => {
    const list = await floors();
    const targets = Array.from({ length: 10 }, (_, i) => list[i % list.length]);
    const answers = await Promise.all(
      targets.map((f, i) => call(i % 2 ? 'extA' : 'staff', 'PATCH', `/v1/layouts/${f.id}`, { body: { isDefault: true }, headers: ifMatch('*') })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await floors()).filter((f) => f.isDefault)).toHaveLength(1);
    const chosen = await call('staff', 'PATCH', `/v1/layouts/${SEEDED_FLOORS.second}`, { body: { isDefault: true }, headers: ifMatch('*') });
    expect(chosen.body.isDefault).toBe(true);
    expect((await floors()).filter((f) => f.isDefault).map((f) => f.id)).toEqual([SEEDED_FLOORS.second]);
  });

  it('keeps markers when the new image has the same shape, asks before resetting them otherwise', async () => {
    const floor = await newFloor('61');
    const s = await space(floor.id, '6100');
    const same = await sendFloor('PUT', `/v1/layouts/${floor.id}/image`, {}, avatarPng(80, [9, 9, 9]), { headers: ifMatch(floor.etag) });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body.markers.map((m: { id: string }) => m.id)).toEqual([s.id]);
    const refused = await sendFloor('PUT', `/v1/layouts/${floor.id}/image`, {}, WIDE, { headers: ifMatch(same.body.etag) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/aspect ratio/);
    const reset = await sendFloor('PUT', `/v1/layouts/${floor.id}/image?confirmReset=true`, {}, WIDE, { headers: ifMatch(same.body.etag) });
    expect(reset.status).toBe(200);
    expect(reset.body.image.width).toBe(80);
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body.markers).toEqual([]);
  });

  it('deletes a floor with its markers; its people become unassigned', async () => {
    const floor = await newFloor('71');
    const s = await space(floor.id, '7100');
    const person = await call('extA', 'POST', '/v1/marker-users', { body: { name: 'Floor Leaver', move_layout_marker_id: s.id } });
    expect((await call('extB', 'DELETE', `/v1/layouts/${floor.id}`, { headers: ifMatch(floor.etag) })).status).toBe(403);
    expect((await call('extA', 'DELETE', `/v1/layouts/${floor.id}`, { headers: ifMatch(floor.etag) })).status).toBe(204);
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body;
    expect(people.find((p: { id: string }) => p.id === person.body.id).move_layout_marker_id).toBeNull();
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).status).toBe(404);
  });
});

describe('planner markers and people', () => {
  it("answers a floor with each marker's own people, and a changed marker with its people", async () => {
    const floor = await newFloor('86');
    const [left, right] = [await space(floor.id, '8600'), await space(floor.id, '8601')];
    const seat = async (name: string, markerId: string) =>
      (await call('extA', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: markerId } })).body;
    await seat('Left One', left.id);
    await seat('Left Two', left.id);
    await seat('Right One', right.id);
    const answer = (await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body;
    const names = (id: string) =>
      answer.markers
        .find((m: { id: string }) => m.id === id)
        .users.map((u: { name: string }) => u.name)
        .sort();
    expect(names(left.id)).toEqual(['Left One', 'Left Two']);
    expect(names(right.id)).toEqual(['Right One']);
    const moved = await call('extA', 'PUT', `/v1/markers/${right.id}`, {
      body: { title: '8601', coordinates: { positionX: 30, positionY: 30 } },
      headers: ifMatch(right.etag),
    });
    expect(moved.body.users.map((u: { name: string }) => u.name)).toEqual(['Right One']);
  });

  it("answers every floor of the move with its markers in one read, as each floor's own answer has them, without their people", async () => {
    const floor = await newFloor('87');
    const desk = await space(floor.id, '8700');
    await call('extA', 'POST', '/v1/marker-users', { body: { name: 'Desk Person', move_layout_marker_id: desk.id } });
    const all = await call('extA', 'GET', `/v1/moves/${MOVE}/markers`);
    expect(all.status).toBe(200);
    // The floors' list's order, each floor as its own read answers it; who sits where is the people list's.
    expect(all.body.map((f: { id: string }) => f.id)).toEqual((await floors()).map((f) => f.id));
    for (const one of all.body) {
      const own = (await call('staff', 'GET', `/v1/layouts/${one.id}`)).body;
      expect(one).toEqual({ ...own, markers: own.markers.map(({ users: _users, ...marker }: { users: unknown }) => marker) });
    }
    expect(all.body.find((f: { id: string }) => f.id === floor.id).markers.map((m: { id: string }) => m.id)).toContain(desk.id);
  });

  it('adds spaces and tables, refusing duplicates, letters outside the set and positions outside 0-100', async () => {
    const floor = await newFloor('81');
    const s = await space(floor.id, '8100', 0, 100);
    expect(
      (
        await call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, {
          body: { marker_type: 'room', title: '8100', coordinates: { positionX: 5, positionY: 5 } },
        })
      ).status,
    ).toBe(409);
    expect((await table(floor.id, s.id, 'Ø')).status).toBe(201);
    expect((await table(floor.id, s.id, 'Ø')).status).toBe(409);
    expect((await table(floor.id, s.id, 'a')).status).toBe(400);
    expect((await table(floor.id, s.id, 'AB')).status).toBe(400);
    expect((await table(floor.id, seededMarker(1), 'C')).status).toBe(400);
    expect(
      (
        await call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, {
          body: { marker_type: 'room', title: '8101', coordinates: { positionX: 100.5, positionY: 5 } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('extB', 'POST', `/v1/layouts/${floor.id}/markers`, {
          body: { marker_type: 'room', title: '8102', coordinates: { positionX: 1, positionY: 1 } },
        })
      ).status,
    ).toBe(403);
    const moved = await call('extA', 'PUT', `/v1/markers/${s.id}`, {
      body: { title: '8100', coordinates: { positionX: 40, positionY: 60 }, openSpace: true },
      headers: ifMatch(s.etag),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ coordinates: { positionX: 40, positionY: 60 }, openSpace: true });
    expect(
      (await call('extA', 'PUT', `/v1/markers/${s.id}`, { body: { title: '8100', coordinates: { positionX: 1, positionY: 1 } }, headers: ifMatch(s.etag) }))
        .status,
    ).toBe(412);
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body.markers).toHaveLength(2);
  });

  it("takes the spec's move_layout_id in a marker's body when it is the address's floor, and refuses another", async () => {
    const floor = await newFloor('77');
    const body = { marker_type: 'room', title: '7701', coordinates: { positionX: 5, positionY: 5 } };
    const taken = await call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, { body: { ...body, move_layout_id: floor.id } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.move_layout_id).toBe(floor.id);
    const other = await call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, { body: { ...body, title: '7702', move_layout_id: SEEDED_FLOORS.second } });
    expect(other.status).toBe(400);
    expect(other.body.error.fields.move_layout_id).toBe("must be the floor in the request's address");
    const markers = (await call('extA', 'GET', `/v1/layouts/${floor.id}`)).body.markers.map((m: { title: string }) => m.title);
    expect(markers).toEqual(['7701']);
  });

  it('adds a space once when the same one is added at once, and frees the title when it is removed', async () => {
    const floor = await newFloor('84');
    const body = { marker_type: 'room', title: '8400', coordinates: { positionX: 5, positionY: 5 } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const made = answers.find((a) => a.status === 201)?.body;
    expect((await call('extA', 'DELETE', `/v1/markers/${made.id}`, { headers: ifMatch(made.etag) })).status).toBe(200);
    expect((await call('extA', 'POST', `/v1/layouts/${floor.id}/markers`, { body })).status).toBe(201);
  });

  it('removing a space clears the assignments of the people at it and its tables', async () => {
    const floor = await newFloor('82');
    const s = await space(floor.id, '8200');
    const t = (await table(floor.id, s.id, 'A')).body;
    const atSpace = (await call('extA', 'POST', '/v1/marker-users', { body: { name: 'At Space', move_layout_marker_id: s.id } })).body;
    const atTable = (await call('extA', 'POST', '/v1/marker-users', { body: { name: 'At Table', move_layout_marker_id: t.id, stickersCount: 7 } })).body;
    expect(atTable.stickersCount).toBe(7);
    const removed = await call('extA', 'DELETE', `/v1/markers/${s.id}`, { headers: ifMatch(s.etag) });
    expect(removed.status).toBe(200);
    expect(removed.body.unassigned).toBe(2);
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; move_layout_marker_id: string | null }[];
    expect(people.filter((p) => p.id === atSpace.id || p.id === atTable.id).map((p) => p.move_layout_marker_id)).toEqual([null, null]);
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body.markers).toEqual([]);
  });

  it('creates people from names, assigns, returns, renames and deletes them', async () => {
    const made = await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: '  Zz Anne \n\n Zz Bo\r\n ' } });
    expect(made.status).toBe(201);
    expect(made.body.map((p: { name: string }) => p.name)).toEqual(['Zz Anne', 'Zz Bo']);
    const anne = made.body[0];
    const assigned = await call('extA', 'PUT', `/v1/marker-users/${anne.id}`, {
      body: { name: 'Zz Anne K', move_layout_marker_id: seededMarker(3), stickersCount: 999 },
      headers: ifMatch(anne.etag),
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ name: 'Zz Anne K', move_layout_marker_id: seededMarker(3), stickersCount: 999 });
    const tooMany = await call('extA', 'PUT', `/v1/marker-users/${anne.id}`, {
      body: { name: 'x', move_layout_marker_id: null, stickersCount: 1000 },
      headers: ifMatch(assigned.body.etag),
    });
    expect(tooMany.status).toBe(400);
    // Returning a person: the assignment cleared, the person kept (one document, never in two lists).
    const back = { name: 'Zz Anne K', move_layout_marker_id: null, stickersCount: null };
    const returned = await call('extA', 'PUT', `/v1/marker-users/${anne.id}`, { body: back, headers: ifMatch(assigned.body.etag) });
    expect(returned.status).toBe(200);
    expect(returned.body.move_layout_marker_id).toBeNull();
    expect((await call('extA', 'PUT', `/v1/marker-users/${anne.id}`, { body: back, headers: ifMatch(assigned.body.etag) })).status).toBe(412);
    expect((await call('extB', 'DELETE', `/v1/marker-users/${anne.id}`, { headers: ifMatch(returned.body.etag) })).status).toBe(403);
    expect((await call('extA', 'DELETE', `/v1/marker-users/${anne.id}`, { headers: ifMatch(returned.body.etag) })).status).toBe(204);
    expect((await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: ' \n ' } })).status).toBe(400);
  });

  it('keeps an e-mail address of a person: pasted as Name <address> or Name;address, set, kept when not sent, cleared; a bad one refused by line', async () => {
    const pasted = await call('extA', 'POST', `/v1/moves/${MOVE}/people`, {
      body: { names: 'Zz Mail One <one@client-a.test>\nZz Mail Two; two@client-a.test\nZz Mail Three' },
    });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    expect(pasted.body.map((p: { name: string; email: string | null }) => [p.name, p.email])).toEqual([
      ['Zz Mail One', 'one@client-a.test'],
      ['Zz Mail Two', 'two@client-a.test'],
      ['Zz Mail Three', null],
    ]);
    const before = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body.length;
    const bad = await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: 'Zz Fine\nZz Wrong <not-an-address>\nZz Also;@x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.names).toBe('line 2: Invalid email; line 3: Invalid email');
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body.length).toBe(before);

    const [one, , three] = pasted.body;
    // Placing someone sends no address: theirs stays.
    const placed = await call('extA', 'PUT', `/v1/marker-users/${one.id}`, {
      body: { name: one.name, move_layout_marker_id: seededMarker(3), stickersCount: null },
      headers: ifMatch(one.etag),
    });
    expect(placed.body.email).toBe('one@client-a.test');
    const set = await call('extA', 'PUT', `/v1/marker-users/${three.id}`, {
      body: { name: three.name, move_layout_marker_id: null, stickersCount: null, email: ' three@client-a.test ' },
      headers: ifMatch(three.etag),
    });
    expect(set.body.email).toBe('three@client-a.test');
    const refused = await call('extA', 'PUT', `/v1/marker-users/${three.id}`, {
      body: { name: three.name, move_layout_marker_id: null, stickersCount: null, email: 'three at client' },
      headers: ifMatch(set.body.etag),
    });
    expect(refused.status).toBe(400);
    const cleared = await call('extA', 'PUT', `/v1/marker-users/${three.id}`, {
      body: { name: three.name, move_layout_marker_id: null, stickersCount: null, email: '' },
      headers: ifMatch(set.body.etag),
    });
    expect(cleared.body.email).toBeNull();
    // Staff and the client's users see it in the people list and on the floor; the label sheet never.
    const listed = (await call('extA', 'GET', `/v1/moves/${MOVE}/people`)).body.find((p: { id: string }) => p.id === one.id);
    expect(listed.email).toBe('one@client-a.test');
    const sheet = Buffer.from((await call('extA', 'GET', `/v1/moves/${MOVE}/layouts.csv`)).body as ArrayBuffer).toString('utf8');
    expect(sheet).toContain('Zz Mail One');
    expect(sheet).not.toContain('one@client-a.test');
    for (const person of [placed.body, cleared.body, pasted.body[1]])
      expect((await call('extA', 'DELETE', `/v1/marker-users/${person.id}`, { headers: ifMatch(person.etag) })).status).toBe(204);
  });

  it("keeps the move's unassigned-people route true: the planner's unassigned people are in it, assigned ones not", async () => {
    const made = (await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: 'Zz Waiting' } })).body[0];
    expect((await call('extA', 'GET', `/v1/moves/${MOVE}/unassigned-people`)).body).toContain('Zz Waiting');
    const body = { name: 'Zz Waiting', move_layout_marker_id: seededMarker(3), stickersCount: null };
    expect((await call('extA', 'PUT', `/v1/marker-users/${made.id}`, { body, headers: ifMatch(made.etag) })).status).toBe(200);
    expect((await call('extA', 'GET', `/v1/moves/${MOVE}/unassigned-people`)).body).not.toContain('Zz Waiting');
  });

  it("answers 422 'Invalid request' for a marker user at no marker", async () => {
    const bad = await call('extA', 'POST', '/v1/marker-users', {
      body: { name: 'Nobody', move_layout_marker_id: `${MOVE}_5a000000-0000-4000-8000-00000000dead` },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Invalid request');
    expect((await call('extB', 'POST', '/v1/marker-users', { body: { name: 'Nobody', move_layout_marker_id: seededMarker(1) } })).status).toBe(403);
  });

  it('never loses or doubles a person when assignments and a space removal race', async () => {
    const floor = await newFloor('83');
    const s = await space(floor.id, '8300');
    const made = (await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: 'Zz Race 1\nZz Race 2\nZz Race 3\nZz Race 4' } })).body as {
      id: string;
      name: string;
    }[];
    await Promise.all([
      ...made.map((p) =>
        call('extA', 'PUT', `/v1/marker-users/${p.id}`, { body: { name: p.name, move_layout_marker_id: s.id, stickersCount: null }, headers: ifMatch('*') }),
      ),
      call('staff', 'DELETE', `/v1/markers/${s.id}`, { headers: ifMatch('*') }),
    ]);
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; move_layout_marker_id: string | null }[];
    const mine = people.filter((p) => made.some((m) => m.id === p.id));
    expect(mine).toHaveLength(4);
    expect(mine.every((p) => p.move_layout_marker_id === null)).toBe(true);
  });
});

describe('planner label sheet and import', () => {
  it('downloads the label sheet: BOM, semicolons, Æ/Ø/Å, injection cells neutralised', async () => {
    const floor = await newFloor('91');
    const s = await space(floor.id, '9100');
    for (const name of ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', 'Ærlig Øye Åse']) {
      const made = await call('extA', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: s.id } });
      expect(made.status, name).toBe(201);
    }
    const sheet = await call('extA', 'GET', `/v1/moves/${MOVE}/layouts.csv`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-disposition')).toContain('aurora-hq-label-order.csv');
    const bytes = Buffer.from(sheet.body as ArrayBuffer);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Ærlig Øye Åse;91;9100;;red;2;9100;');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")";91`);
    for (const cell of ["'+1;", "'-2;", "'@SUM(A1);"]) expect(text).toContain(cell);
    expect(text).not.toMatch(/(^|\n|;)[=+\-@]/);
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/layouts.csv`)).status).toBe(403);
  });

  it("gives the label sheet each placed person's seat link on the site's address, for a label printer to print as a QR code", async () => {
    const floor = await newFloor('92');
    const s = await space(floor.id, '9200');
    const placed = (await call('extA', 'POST', '/v1/marker-users', { body: { name: 'Zz Seat Linked', move_layout_marker_id: s.id } })).body;
    const unplaced = (await call('extA', 'POST', `/v1/moves/${MOVE}/people`, { body: { names: 'Zz Seat Unplaced' } })).body[0];
    const text = Buffer.from((await call('extA', 'GET', `/v1/moves/${MOVE}/layouts.csv`)).body as ArrayBuffer).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    // The demo move has a wave (issue 48): the wave's two columns follow the seat link.
    expect(lines[0]).toBe('Name;Floor;Space;Table;Colour;Count;Room number;Company name;Seat link;Wave;Wave colour;Wave number');
    const portal = inject('stack').settings.PORTAL_URL.replace(/\/$/, '');
    const linked = lines.find((l) => l.startsWith('Zz Seat Linked;'))!.split(';');
    expect(linked.slice(0, 3)).toEqual(['Zz Seat Linked', '92', '9200']);
    // The visitor site's page of the person's seat (/{path}/seat/{personId}), as the site opens it.
    expect(linked[8]).toBe(`${portal}/aurora-hq/seat/${encodeURIComponent(placed.id)}`);
    expect(linked.slice(9)).toEqual(['', '', '']);
    // Someone not placed has no seat to open on: no link.
    expect(lines.find((l) => l.startsWith('Zz Seat Unplaced;'))!.split(';')[8]).toBe('');
    for (const person of [placed, unplaced])
      expect((await call('extA', 'DELETE', `/v1/marker-users/${person.id}`, { headers: ifMatch('*') })).status).toBe(204);
  });

  it('imports an allocation with the list ETag and says what it skipped and why', async () => {
    const list = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    const etag = list.headers.get('etag');
    const csv = 'Space;Name\n201A;Siri Dahl\n202;Zz New Person\n;No Place\n203;\n999;Nowhere\n201Q;Bad Table\n';
    const imported = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv }, headers: ifMatch(etag) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.imported).toBe(2);
    expect(imported.body.skipped.map((s: { line: number; reason: string }) => [s.line, s.reason])).toEqual([
      [4, 'no space'],
      [5, 'no name'],
      [6, 'no space 999'],
      [7, 'no table Q in space 201'],
    ]);
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; name: string; move_layout_marker_id: string | null }[];
    expect(people.find((p) => p.id === seededPerson(7))?.move_layout_marker_id).toBe(seededMarker(4));
    expect(people.find((p) => p.name === 'Zz New Person')?.move_layout_marker_id).toBe(seededMarker(2));
    // The file replaced the allocation: Ola (at 201A before) is unassigned now.
    expect(people.find((p) => p.id === seededPerson(1))?.move_layout_marker_id).toBeNull();
    expect((await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv }, headers: ifMatch(etag) })).status).toBe(412);
    expect((await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv } })).status).toBe(428);
  });

  it("imports people's e-mail addresses from an optional third column, skipping a line with a bad one by number", async () => {
    const list = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    const csv =
      'Space;Name;E-mail\n201A;Siri Dahl;siri@client-a.test\n202;Zz Mailed Person;zz.mailed@client-a.test\n202;Zz Bad Mail;not mail\n202;Zz No Mail\n';
    const imported = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv }, headers: ifMatch(list.headers.get('etag')) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.imported).toBe(3);
    expect(imported.body.skipped).toEqual([{ line: 4, text: '202;Zz Bad Mail;not mail', reason: 'Invalid email' }]);
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; name: string; email: string | null }[];
    expect(people.find((p) => p.id === seededPerson(7))?.email).toBe('siri@client-a.test');
    expect(people.find((p) => p.name === 'Zz Mailed Person')?.email).toBe('zz.mailed@client-a.test');
    expect(people.find((p) => p.name === 'Zz No Mail')?.email).toBeNull();
    expect(people.some((p) => p.name === 'Zz Bad Mail')).toBe(false);
  });

  it('previews a file without changing anything, then imports an ordinary name,email file (issue 39)', async () => {
    const before = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    const etag = before.headers.get('etag');
    const everyone = (before.body as unknown[]).length;
    const csv = 'name,email\nSiri Dahl,siri.dahl@client-a.test\nZz Comma Person,zz.comma@client-a.test\n,nobody@client-a.test\nZz Bad Comma,not mail\n';
    const preview = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv, preview: true }, headers: ifMatch(etag) });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ imported: 2, added: 1, moved: 0, withoutSeat: everyone + 1 });
    expect(preview.body.skipped.map((s: { line: number; reason: string }) => [s.line, s.reason])).toEqual([
      [4, 'no name'],
      [5, 'Invalid email'],
    ]);
    // The lines taken, as the import reads them (a file without places seats nobody).
    expect(preview.body.rows).toEqual([
      { line: 2, name: 'Siri Dahl', email: 'siri.dahl@client-a.test', markerId: null, waveId: null, wave: null },
      { line: 3, name: 'Zz Comma Person', email: 'zz.comma@client-a.test', markerId: null, waveId: null, wave: null },
    ]);
    // Nothing changed: the same list, the same ETag, and the import still takes it.
    const after = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    expect(after.headers.get('etag')).toBe(etag);
    expect(after.body).toEqual(before.body);
    const imported = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv }, headers: ifMatch(etag) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 2, added: 1 });
    expect(imported.body.rows).toBeUndefined();
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as {
      id: string;
      name: string;
      email: string | null;
      move_layout_marker_id: string | null;
    }[];
    expect(people.find((p) => p.id === seededPerson(7))).toMatchObject({ email: 'siri.dahl@client-a.test', move_layout_marker_id: null });
    expect(people.find((p) => p.name === 'Zz Comma Person')).toMatchObject({ email: 'zz.comma@client-a.test', move_layout_marker_id: null });
    expect(people.some((p) => p.move_layout_marker_id !== null)).toBe(false);
  });

  it("imports people's departments from a department column (issue 48), keeps one a change leaves out and clears it with ''", async () => {
    const list = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    const csv = 'Navn;Avdeling\nZz Dept Finance;Finance\nZz Dept None;\n';
    const preview = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv, preview: true }, headers: ifMatch(list.headers.get('etag')) });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.rows).toEqual([
      { line: 2, name: 'Zz Dept Finance', email: null, department: 'Finance', markerId: null, waveId: null, wave: null },
      { line: 3, name: 'Zz Dept None', email: null, markerId: null, waveId: null, wave: null },
    ]);
    const imported = await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv }, headers: ifMatch(list.headers.get('etag')) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    type Person = { id: string; name: string; department: string | null; move_layout_marker_id: string | null; stickersCount: number | null; etag: string };
    const people = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as Person[];
    const finance = people.find((p) => p.name === 'Zz Dept Finance')!;
    expect(finance.department).toBe('Finance');
    expect(people.find((p) => p.name === 'Zz Dept None')?.department).toBeNull();
    // A file without the column keeps everyone's department.
    const again = await call('extA', 'GET', `/v1/moves/${MOVE}/people`);
    expect(
      (await call('extA', 'POST', `/v1/moves/${MOVE}/people/import`, { body: { csv: 'Name\nZz Dept Finance\n' }, headers: ifMatch(again.headers.get('etag')) }))
        .status,
    ).toBe(200);
    const put = (id: string, etag: string, change: object) =>
      call('extA', 'PUT', `/v1/marker-users/${id}`, {
        body: { name: 'Zz Dept Finance', move_layout_marker_id: null, stickersCount: null, ...change },
        headers: ifMatch(etag),
      });
    const read = async () => ((await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as Person[]).find((p) => p.id === finance.id)!;
    const kept = await put(finance.id, (await read()).etag, {});
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.department).toBe('Finance');
    const changed = await put(finance.id, kept.body.etag, { department: '  Payroll ' });
    expect(changed.body.department).toBe('Payroll');
    const tooLong = await put(finance.id, changed.body.etag, { department: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.department).toBe('maximum 100 characters');
    const twoLines = await put(finance.id, changed.body.etag, { department: 'Pay\nroll' });
    expect(twoLines.status).toBe(400);
    expect(Object.keys(twoLines.body.error.fields)).toEqual(['department']);
    expect((await read()).department).toBe('Payroll');
    const cleared = await put(finance.id, changed.body.etag, { department: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.department).toBeNull();
    expect((await read()).department).toBeNull();
    // Each change is in the person's history, before and after.
    const history = (await call('staff', 'GET', `/v1/history/person/${finance.id}`)).body as {
      entries: { changes: { field: string; from: unknown; to: unknown }[] }[];
    };
    const changes = history.entries.flatMap((e) => e.changes).filter((c) => c.field === 'department');
    expect(changes.slice(0, 2)).toEqual([
      { field: 'department', from: 'Payroll', to: null },
      { field: 'department', from: 'Finance', to: 'Payroll' },
    ]);
  });
});
