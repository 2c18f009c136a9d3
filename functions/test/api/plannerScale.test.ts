import { describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { call, ifMatch, loopbackAddress } from './call.ts';

// A floor drawn to scale (issue 50): its calibration and entrance (PATCH with the ETag, in its history),
// a marker's size, a new image keeping the scale, and the visitor site's floors carrying them.
// Each test makes its own move under a client no other test counts.

const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
let n = 0;

async function makeMove() {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz scale ${tag}`, address: 'Veien 3', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-scale-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, { authorizationScheme: 'password', password: 'secret-one', languages: ['en'] }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { path, moveId: move.body.id as string };
}

async function sendFloor(method: 'POST' | 'PUT', path: string, fields: Record<string, string>, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'plan.png');
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${path}`, { method, headers: { Authorization: `Bearer ${stack.tokens.staff}`, ...headers }, body: form });
  return { status: response.status, body: await response.json() };
}

async function newFloor(moveId: string, title: string) {
  const sent = await sendFloor('POST', `/v1/moves/${moveId}/layouts`, { floor_name: title }, avatarPng(40, [0, 90, 158]));
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body as { id: string; etag: string; scale: unknown; entrance: unknown };
}

const patch = (id: string, body: unknown, etag?: string) =>
  call('staff', 'PATCH', `/v1/layouts/${id}`, { body, headers: etag === undefined ? {} : ifMatch(etag) });

describe('a floor drawn to scale', () => {
  it('is not calibrated at first; a calibration is kept with the ETag, recorded in its history, and can be removed', async () => {
    const { moveId } = await makeMove();
    const floor = await newFloor(moveId, '1');
    expect(floor.scale).toBeNull();
    expect(floor.entrance).toBeNull();
    expect((await patch(floor.id, { scale: { metresPerPixel: 0.25 } })).status).toBe(428);
    const saved = await patch(floor.id, { scale: { metresPerPixel: 0.25 }, entrance: { positionX: 5, positionY: 95 } }, floor.etag);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ scale: { metresPerPixel: 0.25 }, entrance: { positionX: 5, positionY: 95 } });
    expect((await patch(floor.id, { scale: { metresPerPixel: 0.5 } }, floor.etag)).status).toBe(412);
    const read = await call('staff', 'GET', `/v1/layouts/${floor.id}`);
    expect(read.body.scale).toEqual({ metresPerPixel: 0.25 });

    const history = await call('staff', 'GET', `/v1/history/floor/${floor.id}`);
    expect(history.status).toBe(200);
    const change = history.body.entries
      .flatMap((e: { changes: { field: string; from: unknown; to: unknown }[] }) => e.changes)
      .find((c: { field: string }) => c.field === 'scale');
    expect(change).toEqual({ field: 'scale', from: null, to: { metresPerPixel: 0.25 } });

    const cleared = await patch(floor.id, { scale: null, entrance: null }, saved.body.etag);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ scale: null, entrance: null });
  });

  it('refuses a scale that is not positive, finite and sensible, and an entrance off the plan, naming the field', async () => {
    const { moveId } = await makeMove();
    const floor = await newFloor(moveId, '1');
    for (const metresPerPixel of [0, -1, 11, 0.00001, '0.2']) {
      const refused = await patch(floor.id, { scale: { metresPerPixel } }, floor.etag);
      expect(refused.status, JSON.stringify(metresPerPixel)).toBe(400);
      expect(JSON.stringify(refused.body.error)).toContain('scale.metresPerPixel');
    }
    // JSON's 1e999 is read as Infinity.
    const stack = inject('stack');
    const infinite = await fetch(`${stack.apiOrigin}/api/v1/layouts/${floor.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json', 'If-Match': floor.etag },
      body: '{"scale":{"metresPerPixel":1e999}}',
    });
    expect(infinite.status).toBe(400);
    expect(JSON.stringify(await infinite.json())).toContain('scale.metresPerPixel');
    const unknown = await patch(floor.id, { scale: { metresPerPixel: 0.1, pixels: 4 } }, floor.etag);
    expect(unknown.status).toBe(400);
    const off = await patch(floor.id, { entrance: { positionX: 101, positionY: 5 } }, floor.etag);
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body.error)).toContain('entrance.positionX');
    expect((await call('staff', 'GET', `/v1/layouts/${floor.id}`)).body.scale).toBeNull();
  });

  it('keeps the scale right when the image comes at another resolution, and clears it with a new shape', async () => {
    const { moveId } = await makeMove();
    const floor = await newFloor(moveId, '1');
    const saved = await patch(floor.id, { scale: { metresPerPixel: 0.25 }, entrance: { positionX: 50, positionY: 50 } }, floor.etag);
    // The same floor in 80 px instead of 40: each pixel is half as many metres.
    const sharper = await sendFloor('PUT', `/v1/layouts/${floor.id}/image`, {}, avatarPng(80, [9, 9, 9]), ifMatch(saved.body.etag));
    expect(sharper.status, JSON.stringify(sharper.body)).toBe(200);
    expect(sharper.body.scale.metresPerPixel).toBeCloseTo(0.125);
    expect(sharper.body.entrance).toEqual({ positionX: 50, positionY: 50 });
    const wide = Buffer.from(avatarPng(40, [1, 2, 3]));
    wide.writeUInt32BE(80, 16);
    const other = await sendFloor('PUT', `/v1/layouts/${floor.id}/image?confirmReset=true`, {}, wide, ifMatch(sharper.body.etag));
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ scale: null, entrance: null });
  });

  it("keeps a marker's size, kept when a change does not send it, removed with null, refused outside 0-100", async () => {
    const { moveId } = await makeMove();
    const floor = await newFloor(moveId, '1');
    const url = `/v1/layouts/${floor.id}/markers`;
    const made = await call('staff', 'POST', url, {
      body: { marker_type: 'room', title: '101', coordinates: { positionX: 20, positionY: 20 }, size: { width: 10, height: 5 } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.size).toEqual({ width: 10, height: 5 });
    const pin = await call('staff', 'POST', url, { body: { marker_type: 'room', title: '102', coordinates: { positionX: 40, positionY: 20 } } });
    expect(pin.body.size).toBeNull();
    for (const size of [{ width: 0, height: 5 }, { width: 10, height: 101 }, { width: 10 }, { width: 10, height: 5, depth: 1 }]) {
      const refused = await call('staff', 'POST', url, { body: { marker_type: 'room', title: '103', coordinates: { positionX: 1, positionY: 1 }, size } });
      expect(refused.status, JSON.stringify(size)).toBe(400);
      expect(JSON.stringify(refused.body.error)).toContain('size');
    }
    const moved = await call('staff', 'PUT', `/v1/markers/${made.body.id}`, {
      body: { title: '101', coordinates: { positionX: 30, positionY: 20 } },
      headers: ifMatch(made.body.etag),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.size).toEqual({ width: 10, height: 5 });
    const resized = await call('staff', 'PUT', `/v1/markers/${made.body.id}`, {
      body: { title: '101', coordinates: { positionX: 30, positionY: 20 }, size: { width: 12.5, height: 6 } },
      headers: ifMatch(moved.body.etag),
    });
    expect(resized.body.size).toEqual({ width: 12.5, height: 6 });
    expect(
      (await call('staff', 'PUT', `/v1/markers/${made.body.id}`, { body: { title: '101', coordinates: { positionX: 30, positionY: 20 }, size: null } })).status,
    ).toBe(428);
    const unsized = await call('staff', 'PUT', `/v1/markers/${made.body.id}`, {
      body: { title: '101', coordinates: { positionX: 30, positionY: 20 }, size: null },
      headers: ifMatch(resized.body.etag),
    });
    expect(unsized.body.size).toBeNull();
  });

  it("gives visitors the published floor's scale and entrance", async () => {
    const { moveId, path } = await makeMove();
    const floor = await newFloor(moveId, '1');
    await patch(floor.id, { scale: { metresPerPixel: 0.5 }, entrance: { positionX: 0, positionY: 100 } }, floor.etag);
    const from = loopbackAddress();
    const session = await call('anonymous', 'POST', `/v1/visit/${path}/session`, { body: { password: 'secret-one' }, from });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const plan = await call('anonymous', 'GET', `/v1/visit/${path}/floors`, { from, headers: { Authorization: `Bearer ${session.body.token}` } });
    expect(plan.status).toBe(200);
    expect(plan.body.floors[0]).toMatchObject({ scale: { metresPerPixel: 0.5 }, entrance: { positionX: 0, positionY: 100 } });
  });
});
