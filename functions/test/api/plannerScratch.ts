import { expect } from 'vitest';
import { PLANNER_MOVE as MOVE, SEEDED_FLOORS } from '@movers/local/src/seedPlanner.ts';
import { call, ifMatch } from './call.ts';

/**
 * Spaces and people a test makes on the demo move's storage floor and removes again, so that the tests
 * after it (which count the seeded floors' people and seats) see the seed as it was.
 */
export function plannerScratch(tag: string) {
  const markers: string[] = [];
  const people: string[] = [];
  return {
    async space(title: string) {
      const made = await call('staff', 'POST', `/v1/layouts/${SEEDED_FLOORS.storage}/markers`, {
        body: { marker_type: 'room', title: `${tag}${title}`, coordinates: { positionX: 10 + markers.length, positionY: 10 } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      markers.push(made.body.id);
      return made.body as { id: string; etag: string };
    },
    async table(spaceId: string, title: string) {
      const made = await call('staff', 'POST', `/v1/layouts/${SEEDED_FLOORS.storage}/markers`, {
        body: { marker_type: 'table', title, spaceId, coordinates: { positionX: 5, positionY: 5 } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      markers.push(made.body.id);
      return made.body as { id: string; etag: string };
    },
    async person(name: string, markerId: string) {
      const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: markerId, stickersCount: null, email: null } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      people.push(made.body.id);
      return made.body as { id: string; etag: string; name: string };
    },
    /** Removes what is left of it (tables before spaces). */
    async remove() {
      const current = (await call('staff', 'GET', `/v1/moves/${MOVE}/people`)).body as { id: string; etag: string }[];
      for (const person of current.filter((p) => people.includes(p.id)))
        await call('staff', 'DELETE', `/v1/marker-users/${person.id}`, { headers: ifMatch(person.etag) });
      for (const id of [...markers].reverse()) {
        const floor = (await call('staff', 'GET', `/v1/layouts/${SEEDED_FLOORS.storage}`)).body as { markers: { id: string; etag: string }[] };
        const marker = floor.markers.find((m) => m.id === id);
        if (marker) await call('staff', 'DELETE', `/v1/markers/${id}`, { headers: ifMatch(marker.etag) });
      }
    },
  };
}
