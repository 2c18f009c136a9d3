import { expect, inject } from 'vitest';

/** POSTs as staff through the API and answers the created item; anything but 201 fails the test. */
export async function staffPost<T = { id: string }>(path: string, body: unknown): Promise<T> {
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(201);
  return response.json();
}

/**
 * A client and an office of its own, so that the seeded clients' counts stay as other tests expect: named
 * 'Zz …' to sort last and of a country (IE) no list test filters by.
 */
export async function ownLocation(name: string, orgNumber: string): Promise<{ clientId: string; locationId: string }> {
  const client = await staffPost('/v1/clients', { name: `Zz ${name} ${Date.now().toString(36)}`, orgNumber, countryId: 'IE', active: true });
  const location = await staffPost(`/v1/clients/${client.id}/locations`, {
    name: `${name} HQ`,
    address: 'Flytteveien 1',
    city: 'Oslo',
    countryId: 'NO',
    isOffice: true,
  });
  return { clientId: client.id, locationId: location.id };
}
