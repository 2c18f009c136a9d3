import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOfUtcDay } from '@movers/contracts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { call, CLIENT_A, ifMatch } from './call.ts';

// History of the client-level records (issue 37): client, location, lease, reminder, brokering project
// and the move service's settings (its document, its colours, its images by version). Each change is an
// entry by the user who made it with each field before and after; a restore is a normal write on the
// current ETag; access is the record's; no list ever shows an entry (they live beside the records).

const SUPER = 'u0000000-0000-4000-8000-000000000001';
const STAFF = 'u0000000-0000-4000-8000-000000000002';
const EXT_A = 'u0000000-0000-4000-8000-000000000003';
const SEEDED_LOCATION_A = 'l0000000-0000-4000-8000-000000000101';
const SEEDED_LEASE_A = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const SEEDED_BROKERING_A = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const SEEDED_MOVE_A = `${CLIENT_A}_${SEEDED_LOCATION_A}`;

interface Entry {
  id: string;
  action: string;
  by: { id: string; name: string };
  route: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

const historyOf = async (kind: string, id: string) => {
  const answer = await call('staff', 'GET', `/v1/history/${kind}/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { entries: Entry[] }).entries;
};

const restore = (kind: string, id: string, body: { entryId: string; fields?: string[] }, etag: string) =>
  call('staff', 'POST', `/v1/history/${kind}/${id}/restore`, { body, headers: ifMatch(etag) });

const noEntryIn = (rows: { id: string; type?: string }[]) => {
  expect(rows.filter((r) => r.id.startsWith('history-') || r.type === 'history')).toEqual([]);
  expect(JSON.stringify(rows)).not.toMatch(/"history"|"changes"/);
};

const day = (offset: number) => new Date(new Date(startOfUtcDay(new Date())).getTime() + offset * 86_400_000).toISOString();
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A client of this file's own, so that client A's seeded counts and lists stay as other tests expect. */
let clientId = '';
let locationId = '';
beforeAll(async () => {
  const created = await call('staff', 'POST', '/v1/clients', { body: { name: 'History Records AS', orgNumber: '900 000 037', countryId: 'NO', active: true } });
  expect(created.status).toBe(201);
  clientId = created.body.id;
  const location = await call('staff', 'POST', `/v1/clients/${clientId}/locations`, {
    body: { name: 'History HQ', address: 'Gata 1', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  locationId = location.body.id;
});

describe('history of a client', () => {
  it('records two edits by their users with before and after, restores a field on the current ETag (412 on a stale one), and never answers the history', async () => {
    const body = { name: 'Client History AS', orgNumber: '1', countryId: 'NO', active: true };
    const created = await call('staff', 'POST', '/v1/clients', { body });
    const first = await call('staff', 'PUT', `/v1/clients/${created.body.id}`, {
      body: { ...body, name: 'Client History ASA' },
      headers: ifMatch(created.body.etag),
    });
    expect(first.status).toBe(200);
    const second = await call('super', 'PUT', `/v1/clients/${created.body.id}`, {
      body: { ...body, name: 'Client History ASA', countryId: 'SE', active: false },
      headers: ifMatch(first.body.etag),
    });
    expect(second.status).toBe(200);
    expect(second.body.etag).not.toBe(first.body.etag);

    const entries = await historyOf('client', created.body.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
    expect(entries[0]).toMatchObject({
      by: { id: SUPER },
      route: 'clients-update',
      changes: [
        { field: 'active', from: true, to: false },
        { field: 'countryId', from: 'NO', to: 'SE' },
      ],
    });
    expect(entries[1]).toMatchObject({ by: { id: STAFF }, changes: [{ field: 'name', from: 'Client History AS', to: 'Client History ASA' }] });

    // Only the country of the later entry, on a stale ETag: nothing written; on the current: put back.
    expect((await restore('client', created.body.id, { entryId: entries[0].id, fields: ['countryId'] }, first.body.etag)).status).toBe(412);
    const restored = await restore('client', created.body.id, { entryId: entries[0].id, fields: ['countryId'] }, second.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ id: created.body.id, countryId: 'NO', active: false, name: 'Client History ASA' });
    expect(restored.body.history).toBeUndefined();
    const read = await call('staff', 'GET', `/v1/clients/${created.body.id}`);
    expect(read.body).toMatchObject({ country: { id: 'NO' }, active: false, etag: restored.body.etag });
    expect(read.body.history).toBeUndefined();
    expect((await historyOf('client', created.body.id))[0]).toMatchObject({
      action: 'restore',
      by: { id: STAFF },
      changes: [{ field: 'countryId', from: 'SE', to: 'NO' }],
    });

    const list = (await call('staff', 'GET', '/v1/clients')).body as { id: string }[];
    noEntryIn(list);
    // A client's External user reads its history; restoring is staff's.
    expect((await call('extA', 'GET', `/v1/history/client/${CLIENT_A}`)).status).toBe(200);
    expect((await call('extA', 'POST', `/v1/history/client/${CLIENT_A}/restore`, { body: { entryId: entries[0].id }, headers: ifMatch('"x"') })).status).toBe(
      403,
    );
  });
});

describe('history of a location', () => {
  it('records an edit, restores it, keeps the client counts and the lists free of entries', async () => {
    const path = `/v1/clients/${clientId}/locations/${locationId}`;
    const current = await call('staff', 'GET', path);
    const body = { name: 'History HQ', address: 'Gata 1', city: 'Bergen', countryId: 'NO', isOffice: true, isStorage: true, isProduction: false };
    const saved = await call('super', 'PUT', path, { body, headers: ifMatch(current.body.etag) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entries = await historyOf('location', locationId);
    expect(entries[0]).toMatchObject({ action: 'update', by: { id: SUPER } });
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'city', from: 'Oslo', to: 'Bergen' },
        { field: 'isStorage', from: false, to: true },
      ]),
    );
    expect(entries.at(-1)).toMatchObject({ action: 'create', by: { id: STAFF } });

    expect((await restore('location', locationId, { entryId: entries[0].id, fields: ['city'] }, current.body.etag)).status).toBe(412);
    const restored = await restore('location', locationId, { entryId: entries[0].id, fields: ['city'] }, saved.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await call('staff', 'GET', path)).body).toMatchObject({ city: 'Oslo', isStorage: true, etag: restored.body.etag });

    const ofClient = (await call('staff', 'GET', `/v1/clients/${clientId}/locations`)).body as { id: string }[];
    expect(ofClient.map((l) => l.id)).toEqual([locationId]);
    noEntryIn(ofClient);
    noEntryIn((await call('staff', 'GET', '/v1/locations')).body);
    const client = (await call('staff', 'GET', `/v1/clients/${clientId}`)).body;
    expect(client).toMatchObject({ countOfLocations: 1 });
    expect(client.locations.map((l: { id: string }) => l.id)).toEqual([locationId]);
    // A location's seeded id (not a UUID) has its history too.
    expect((await call('staff', 'GET', `/v1/history/location/${SEEDED_LOCATION_A}`)).status).toBe(200);
  });
});

describe('history of a lease and its reminders', () => {
  it('records lease edits and a reminder from create to delete; a restore works on the current ETag; the timer writes as system', async () => {
    const leaseBody = { title: 'History lease', isOffice: true, locations: [locationId], leaseStart: day(-10), leaseEnd: day(300) };
    const lease = await call('staff', 'POST', `/v1/clients/${clientId}/leases`, { body: leaseBody });
    expect(lease.status, JSON.stringify(lease.body)).toBe(201);
    const edited = await call('super', 'PUT', `/v1/leases/${lease.body.id}`, {
      body: { ...leaseBody, title: 'History lease 2', seats: 40 },
      headers: ifMatch(lease.body.etag),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const entries = await historyOf('lease', lease.body.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].by.id).toBe(SUPER);
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'History lease', to: 'History lease 2' },
        { field: 'seats', from: 0, to: 40 },
      ]),
    );
    expect((await restore('lease', lease.body.id, { entryId: entries[0].id }, lease.body.etag)).status).toBe(412);
    const restored = await restore('lease', lease.body.id, { entryId: entries[0].id }, edited.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await call('staff', 'GET', `/v1/leases/${lease.body.id}`)).body).toMatchObject({ title: 'History lease', seats: 0, remindersCount: 0 });

    const reminder = await call('staff', 'POST', `/v1/leases/${lease.body.id}/reminders`, { body: { title: 'Call', description: 'd', dueDate: day(3) } });
    expect(reminder.status).toBe(201);
    const changed = await call('staff', 'PUT', `/v1/reminders/${reminder.body.id}`, {
      body: { title: 'Call the landlord', description: 'd', dueDate: day(3) },
      headers: ifMatch(reminder.body.etag),
    });
    expect(changed.status).toBe(200);
    expect((await call('staff', 'DELETE', `/v1/reminders/${reminder.body.id}`, { headers: ifMatch(changed.body.etag) })).status).toBe(204);
    const reminderEntries = await historyOf('reminder', reminder.body.id);
    expect(reminderEntries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(reminderEntries[1].changes).toEqual([{ field: 'title', from: 'Call', to: 'Call the landlord' }]);
    expect(reminderEntries[0].changes).toEqual(expect.arrayContaining([{ field: 'title', from: 'Call the landlord', to: null }]));

    // The lists read the lease's partition: none shows an entry, the count is the reminders'.
    const leases = (await call('staff', 'GET', `/v1/clients/${clientId}/leases`)).body as { id: string; remindersCount: number }[];
    noEntryIn(leases);
    expect(leases.map((l) => [l.id, l.remindersCount])).toEqual([[lease.body.id, 0]]);
    noEntryIn((await call('staff', 'GET', `/v1/clients/${clientId}/reminders`)).body);

    // Lease history is staff only, as leases are.
    expect((await call('extA', 'GET', `/v1/history/lease/${SEEDED_LEASE_A}`)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/history/lease/${SEEDED_LEASE_A}`)).status).toBe(403);
  });

  describe('the reminder timer', () => {
    const saved: Record<string, string | undefined> = {};
    beforeAll(() => {
      for (const [key, value] of Object.entries(inject('stack').settings)) {
        saved[key] = process.env[key];
        process.env[key] = value;
      }
    });
    afterAll(() => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });

    it("marks a sent reminder in its history by 'system'; a restore that moves its due date makes it due again", async () => {
      const { sendDueReminders } = await import('../../src/features/leases/index.ts');
      const title = unique('Due');
      const reminder = await call('staff', 'POST', `/v1/leases/${SEEDED_LEASE_A}/reminders`, { body: { title, description: 'd', dueDate: day(3) } });
      expect(reminder.status).toBe(201);
      const today = await call('staff', 'PUT', `/v1/reminders/${reminder.body.id}`, {
        body: { title, description: 'd', dueDate: day(0) },
        headers: ifMatch(reminder.body.etag),
      });
      expect(today.status, JSON.stringify(today.body)).toBe(200);
      const result = await sendDueReminders({ log: () => undefined, warn: () => undefined, error: () => undefined });
      expect(result.sent).toContain(reminder.body.id);
      const [sent, moved] = await historyOf('reminder', reminder.body.id);
      expect(sent).toMatchObject({
        action: 'update',
        by: { id: 'system' },
        route: 'system',
        changes: [{ field: 'sentAt', from: null, to: expect.any(String) }],
      });

      // The date put back (to in three days) on the current ETag: not sent for that day, so due again.
      const current = (await call('staff', 'GET', `/v1/leases/${SEEDED_LEASE_A}/reminders`)).body.find((r: { id: string }) => r.id === reminder.body.id);
      expect(current.sentAt).toEqual(expect.any(String));
      const back = await restore('reminder', reminder.body.id, { entryId: moved.id, fields: ['dueDate'] }, current.etag);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      const listed = (await call('staff', 'GET', `/v1/leases/${SEEDED_LEASE_A}/reminders`)).body.find((r: { id: string }) => r.id === reminder.body.id);
      expect(listed).toMatchObject({ dueDate: day(3), sentAt: null });
    });
  });
});

describe('history of a brokering project', () => {
  it('records an edit by its user, restores it, and lists no entries', async () => {
    const body = {
      name: 'History tender',
      clientContact: null,
      projectManager: { id: STAFF },
      teamMembers: [{ id: STAFF }],
      externalTeamMembers: [],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-3701',
    };
    const created = await call('staff', 'POST', `/v1/clients/${clientId}/brokerings`, { body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await call('super', 'PUT', `/v1/brokerings/${created.body.id}`, {
      body: { ...body, name: 'History tender 2', teamMembers: [{ id: STAFF }, { id: SUPER }] },
      headers: ifMatch(created.body.etag),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const entries = await historyOf('brokering', created.body.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({
      by: { id: SUPER },
      changes: [
        { field: 'name', from: 'History tender', to: 'History tender 2' },
        { field: 'teamMembers', from: [{ id: STAFF }], to: [{ id: STAFF }, { id: SUPER }] },
      ],
    });
    expect((await restore('brokering', created.body.id, { entryId: entries[0].id, fields: ['name'] }, created.body.etag)).status).toBe(412);
    const restored = await restore('brokering', created.body.id, { entryId: entries[0].id, fields: ['name'] }, edited.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const read = await call('staff', 'GET', `/v1/brokerings/${created.body.id}`);
    expect(read.body).toMatchObject({ name: 'History tender', etag: restored.body.etag });
    expect(read.body.teamMembers.map((p: { id: string }) => p.id)).toEqual([STAFF, SUPER]);
    const detail = (await call('staff', 'GET', `/v1/clients/${clientId}`)).body;
    expect(detail.brokerings).toEqual([{ id: created.body.id, name: 'History tender' }]);
    // A client's External user reads its projects' history.
    expect((await call('extA', 'GET', `/v1/history/brokering/${SEEDED_BROKERING_A}`)).status).toBe(200);
  });
});

describe("history of a move service's settings", () => {
  /** The smallest valid PNG: one transparent pixel. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

  it('records its settings, colours and images, hides the password, restores on the current ETag', async () => {
    const location = await call('staff', 'POST', `/v1/clients/${clientId}/locations`, {
      body: { name: unique('History move'), address: 'Gata 2', city: 'Oslo', countryId: 'NO', isOffice: true },
    });
    const path = unique('history-move');
    const input = moveInput(path, { password: 'first secret phrase' });
    const created = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, { body: input });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const moveId = created.body.id as string;
    const settingsPath = `/v1/locations/${location.body.id}/moves/${moveId}`;
    const edited = await call('super', 'PUT', settingsPath, {
      body: { ...input, password: 'second secret phrase', notificationText: 'Moving Friday', showNotification: true },
      headers: ifMatch(created.body.etag),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const colors = await call('staff', 'GET', `/v1/colors/${moveId}`);
    const setColors = await call('staff', 'PUT', '/v1/colors', { body: { moveId, primaryColor: '#005a9e' }, headers: ifMatch(colors.body.etag) });
    expect(setColors.status).toBe(200);

    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const stack = inject('stack');
    const uploaded = await fetch(`${stack.apiOrigin}/api${settingsPath}/logo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.staff}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { version } = (await uploaded.json()) as { version: string };

    const entries = await historyOf('move', moveId);
    expect(JSON.stringify(entries)).not.toMatch(/second secret|first secret|salt|hash"?:\s*\{/);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(entries[0]).toMatchObject({ by: { id: STAFF }, changes: [{ field: 'images.logo', from: null, to: version }] });
    expect(entries[1]).toMatchObject({ by: { id: STAFF }, route: 'colors-update', changes: [{ field: 'primaryColor', from: null, to: '#005a9e' }] });
    expect(entries[2].by.id).toBe(SUPER);
    expect(entries[2].changes).toEqual([
      { field: 'notificationText', from: '', to: 'Moving Friday' },
      { field: 'passwordHash', from: '(hidden)', to: '(hidden)' },
      { field: 'showNotification', from: false, to: true },
    ]);

    // The notice back as it was, on the current ETag only; the password stays the new one.
    expect((await restore('move', moveId, { entryId: entries[2].id }, created.body.etag)).status).toBe(412);
    const restored = await restore('move', moveId, { entryId: entries[2].id }, edited.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(JSON.stringify(restored.body)).not.toMatch(/passwordHash|salt|sessionVersion/);
    const read = await call('staff', 'GET', settingsPath);
    expect(read.body).toMatchObject({ notificationText: '', showNotification: false, hasPassword: true, etag: restored.body.etag });
    expect(read.body.colors.primaryColor).toBe('#005a9e');
    // An image's earlier version is not kept: its entry shows, never restores.
    expect((await restore('move', moveId, { entryId: entries[0].id }, restored.body.etag)).status).toBe(400);
    // The colours come back on the colours' ETag, or on the move's (the settings screen's) while the
    // colour is still what the entry made it.
    const colorsRestored = await restore('move', moveId, { entryId: entries[1].id }, setColors.body.etag);
    expect(colorsRestored.status, JSON.stringify(colorsRestored.body)).toBe(200);
    expect((await call('staff', 'GET', `/v1/colors/${moveId}`)).body.primaryColor).toBeNull();
    const undone = (await historyOf('move', moveId))[0];
    const moveEtag = (await call('staff', 'GET', settingsPath)).body.etag;
    const again = await restore('move', moveId, { entryId: undone.id }, moveEtag);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await call('staff', 'GET', `/v1/colors/${moveId}`)).body.primaryColor).toBe('#005a9e');
    // Changed since: refused, nothing written.
    expect((await restore('move', moveId, { entryId: undone.id }, moveEtag)).status).toBe(412);
    expect((await call('staff', 'GET', `/v1/colors/${moveId}`)).body.primaryColor).toBe('#005a9e');

    // The location's history has the move service it got.
    const locationEntries = await historyOf('location', location.body.id);
    expect(locationEntries[0].changes).toEqual([
      { field: 'services', from: { move: { id: null, isEnabled: false } }, to: { move: { id: moveId, isEnabled: true } } },
    ]);
    // The move's recent changes include its settings.
    const recent = await call('staff', 'GET', `/v1/moves/${moveId}/history?kind=move`);
    expect(recent.body.entries.length).toBeGreaterThanOrEqual(5);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}`)).status).toBe(200);
  });
});

describe("a restore of a move's settings does what a save does", () => {
  it('claims the path it puts back, turns the move and its location back on, and the visitor site follows', async () => {
    const location = await call('staff', 'POST', `/v1/clients/${clientId}/locations`, {
      body: { name: unique('Restore move'), address: 'Gata 3', city: 'Oslo', countryId: 'NO', isOffice: true },
    });
    const path = unique('restore-move');
    const input = moveInput(path);
    const created = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, { body: input });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const moveId = created.body.id as string;
    const settingsPath = `/v1/locations/${location.body.id}/moves/${moveId}`;
    expect((await call('anonymous', 'GET', `/v1/visit/${path}`)).status).toBe(200);

    const renamed = `${path}-new`;
    const off = await call('staff', 'PUT', settingsPath, {
      body: { ...input, password: null, path: renamed, isEnabled: false },
      headers: ifMatch(created.body.etag),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await call('staff', 'GET', `/v1/clients/${clientId}/locations/${location.body.id}`)).body.services.move.isEnabled).toBe(false);
    expect((await call('anonymous', 'GET', `/v1/visit/${path}`)).status).toBe(404);

    const [change] = await historyOf('move', moveId);
    expect(change.changes.map((c) => c.field)).toEqual(['isEnabled', 'path']);
    const restored = await restore('move', moveId, { entryId: change.id }, off.body.etag);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ path, isEnabled: true });
    expect((await call('staff', 'GET', settingsPath)).body).toMatchObject({ path, isEnabled: true, etag: restored.body.etag });
    expect((await call('staff', 'GET', `/v1/clients/${clientId}/locations/${location.body.id}`)).body.services.move).toEqual({ id: moveId, isEnabled: true });
    expect((await call('anonymous', 'GET', `/v1/visit/${path}`)).status).toBe(200);
    expect((await call('anonymous', 'GET', `/v1/visit/${renamed}`)).status).toBe(404);
    // The path freed by the restore can be taken by another move.
    const other = await call('staff', 'POST', `/v1/clients/${clientId}/locations`, {
      body: { name: unique('Other move'), address: 'Gata 4', city: 'Oslo', countryId: 'NO', isOffice: true },
    });
    expect((await call('staff', 'POST', `/v1/locations/${other.body.id}/moves`, { body: moveInput(renamed) })).status).toBe(201);
  });
});

describe("another client's records", () => {
  it("gives ext-b 403 or 404 for any history of client A's records, and ext-none too", async () => {
    const ids: [string, string][] = [
      ['client', CLIENT_A],
      ['location', SEEDED_LOCATION_A],
      ['lease', SEEDED_LEASE_A],
      ['brokering', SEEDED_BROKERING_A],
      ['move', SEEDED_MOVE_A],
    ];
    for (const [kind, id] of ids) {
      for (const caller of ['extB', 'extNone'] as const) {
        const read = await call(caller, 'GET', `/v1/history/${kind}/${id}`);
        expect([403, 404], `${caller} ${kind}`).toContain(read.status);
        const restoring = await call(caller, 'POST', `/v1/history/${kind}/${id}/restore`, { body: { entryId: 'history-x' }, headers: ifMatch('"x"') });
        expect([403, 404], `${caller} ${kind} restore`).toContain(restoring.status);
      }
    }
    expect((await call('extA', 'GET', `/v1/history/move/${SEEDED_MOVE_A}`)).status).toBe(200);
    expect((await call('extB', 'GET', `/v1/moves/${SEEDED_MOVE_A}/history`)).status).toBe(403);
    expect(EXT_A).toBeTruthy();
  });
});
