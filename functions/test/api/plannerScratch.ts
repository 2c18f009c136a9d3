import { expect, inject } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { PLANNER_MOVE as MOVE } from '@movers/local/src/seedPlanner.ts';
import { call, ifMatch } from './call.ts';

/**
 * A floor of a test's own on the demo move (unpublished), with spaces and people, removed again at the
 * end, so that the tests before and after it (which count the seeded floors' seats, or remove a seeded
 * floor) see the seed as it was.
 */
export function plannerScratch(tag: string) {
  const people: string[] = [];
  let floorId: string | undefined;

  async function floor(): Promise<string> {
    if (floorId) return floorId;
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: `${tag} scratch`, floor_size: 'small', published: 'false', isDefault: 'false' })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(avatarPng(40, [9, 9, 9]))], { type: 'image/png' }), 'plan.png');
    const stack = inject('stack');
    const answer = await fetch(`${stack.apiOrigin}/api/v1/moves/${MOVE}/layouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.staff}` },
      body: form,
    });
    const body = await answer.json();
    expect(answer.status, JSON.stringify(body)).toBe(201);
    floorId = body.id as string;
    return floorId;
  }

  const marker = async (body: Record<string, unknown>) => {
    const made = await call('staff', 'POST', `/v1/layouts/${await floor()}/markers`, { body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; etag: string };
  };

  return {
    floor,
    space: (title: string) => marker({ marker_type: 'room', title: `${tag}${title}`, coordinates: { positionX: 10, positionY: 10 } }),
    table: (spaceId: string, title: string) => marker({ marker_type: 'table', title, spaceId, coordinates: { positionX: 5, positionY: 5 } }),
    async person(name: string, markerId: string) {
      const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: markerId, stickersCount: null, email: null } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      people.push(made.body.id);
      return made.body as { id: string; etag: string; name: string };
    },
    /** Removes its people, then its floor (with the floor go its spaces and tables). */
    async remove() {
      const current = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; etag: string }[];
      for (const person of current.filter((p) => people.includes(p.id)))
        await call('staff', 'DELETE', `/v1/marker-users/${person.id}`, { headers: ifMatch(person.etag) });
      if (!floorId) return;
      const stored = await call('staff', 'GET', `/v1/layouts/${floorId}`);
      if (stored.status === 200) await call('staff', 'DELETE', `/v1/layouts/${floorId}`, { headers: ifMatch(stored.body.etag) });
    },
  };
}
