import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { seatLetterMessages } from '@movers/contracts';
import { startApiProcess } from './apiProcess.ts';

// A new deployment (issue 30): the Functions app (the shipped package under npm test) against an empty
// database, as infra/ leaves it: containers, no documents. Its countries come with the code, so a
// client in Norway can be created at once.

let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  // Mail is off, as infra/ leaves visitorMailSender ('disabled') until the first-time steps set it.
  ({ child, origin } = await startApiProcess({ COSMOS_DATABASE: `new-deployment-${Date.now().toString(36)}`, VISITOR_MAIL_SENDER: 'disabled' }));
}, 90_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

const asStaff = () => ({ Authorization: `Bearer ${inject('stack').tokens.staff}` });

describe('a new deployment against an empty database', () => {
  it('lists the ISO 3166-1 countries and creates a client in Norway', async () => {
    const countries = await fetch(`${origin}/api/v1/countries`, { headers: asStaff() });
    expect(countries.status).toBe(200);
    const list = (await countries.json()) as { id: string; name: string }[];
    expect(list).toHaveLength(249);
    expect(list).toContainEqual({ id: 'NO', name: 'Norway' });
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));

    const created = await fetch(`${origin}/api/v1/clients`, {
      method: 'POST',
      headers: { ...asStaff(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Fjord Nytt AS', orgNumber: '912345678', countryId: 'NO', active: true }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Fjord Nytt AS', country: { id: 'NO', name: 'Norway' } });
  });

  it('tells staff that seat letters cannot be sent while no sender mailbox is set, before they press send', async () => {
    const post = async (path: string, body: unknown) => {
      const answer = await fetch(`${origin}/api${path}`, {
        method: 'POST',
        headers: { ...asStaff(), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as { id: string; error: { message: string } } };
    };
    const client = await post('/v1/clients', { name: 'Brev Uten Avsender AS', orgNumber: '912345679', countryId: 'NO', active: true });
    expect(client.status).toBe(201);
    const location = await post(`/v1/clients/${client.body.id}/locations`, {
      name: 'Brevgata',
      address: 'Brevgata 1',
      city: 'Oslo',
      countryId: 'NO',
      isOffice: true,
    });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const move = await post(`/v1/locations/${location.body.id}/moves`, moveInput(`no-sender-${Date.now().toString(36)}`, { password: 'secret-one' }));
    expect(move.status, JSON.stringify(move.body)).toBe(201);
    const state = await fetch(`${origin}/api/v1/moves/${move.body.id}/seat-letters`, { headers: asStaff() });
    expect(state.status).toBe(200);
    expect(((await state.json()) as { cannotSend: string | null }).cannotSend).toBe(seatLetterMessages.noSender);
    const refused = await post(`/v1/moves/${move.body.id}/seat-letters`, { scope: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(seatLetterMessages.noSender);
  });
});
