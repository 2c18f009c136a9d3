import { expect, inject } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { poll } from './browser.ts';

/** A call to the API as staff; anything but a 2xx fails the test. */
export async function staffApi<T = { id: string; etag: string }>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${stack.tokens.staff}`,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
  return response.json() as Promise<T>;
}

/**
 * A move of its own (so the demo move's letters stay as the seat letters test expects them) with a published
 * floor 7 of the given spaces, and one person with an address: her letter is sent for the first space, then
 * she is moved to the second through the API, so that she has a seat change since her letter.
 */
export async function movedPerson({ label, name, spaces }: { label: string; name: string; spaces: string[] }) {
  const tag = Date.now().toString(36);
  const client = await staffApi('POST', '/v1/clients', { name: `Zz ${label} ${tag}`, orgNumber: '900 111 437', countryId: 'IE', active: true });
  const location = await staffApi('POST', `/v1/clients/${client.id}/locations`, {
    name: `${label} HQ`,
    address: 'Veien 45',
    city: 'Oslo',
    countryId: 'NO',
    isOffice: true,
  });
  const slug = label.toLowerCase();
  const move = await staffApi('POST', `/v1/locations/${location.id}/moves`, moveInput(`zz-${slug}-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '7', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const spaceIds: string[] = [];
  for (const [i, title] of spaces.entries())
    spaceIds.push(
      (await staffApi('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title, coordinates: { positionX: 10 + i * 20, positionY: 20 } })).id,
    );
  const email = `${name.split(' ')[0]!.toLowerCase()}.${tag}@${slug}.test`;
  const person = await staffApi('POST', '/v1/marker-users', { name, email, move_layout_marker_id: spaceIds[0] });
  await staffApi('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all' });
  await poll(async () => (await staffApi<{ counts: { sent: number } }>('GET', `/v1/moves/${move.id}/seat-letters`)).counts.sent).toBe(1);
  await staffApi('PUT', `/v1/marker-users/${person.id}`, { name, move_layout_marker_id: spaceIds[1] }, { 'If-Match': person.etag });
  return { screen: `/admin/clients/${client.id}/${location.id}/${client.id}_${location.id}/floor-planner`, moveId: move.id, personId: person.id, email };
}
