import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOfUtcDay } from '@movers/contracts';
import { call, CLIENT_A, CLIENT_B, ANY_ETAG, ifMatch } from './call.ts';

const SEED_LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const LOCATION_B1 = 'l0000000-0000-4000-8000-000000000201';
const MISSING_LEASE = `${CLIENT_A}_e0000000-0000-4000-8000-0000000fffff`;

const day = (offset: number) => new Date(new Date(startOfUtcDay(new Date())).getTime() + offset * 86_400_000).toISOString();
const leaseBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Test lease',
  isOffice: true,
  locations: [LOCATION_A1],
  leaseStart: day(-10),
  leaseEnd: day(300),
  ...extra,
});

describe('leases', () => {
  it('creates a lease with numeric defaults 0 and reads it back, listed under its client', async () => {
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title: 'Created lease', floors: '2' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Created lease',
      clientId: CLIENT_A,
      areaSpace: 0,
      leasePrice: 0,
      sharedCost: 0,
      remindersCount: 0,
      floors: '2',
    });
    expect(created.body.id.startsWith(`${CLIENT_A}_`)).toBe(true);
    expect(created.headers.get('etag')).toBeTruthy();
    const read = await call('staff', 'GET', `/v1/leases/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.leaseStart).toBe(day(-10));
    const list = await call('staff', 'GET', `/v1/clients/${CLIENT_A}/leases`);
    expect(list.body.map((l: { title: string }) => l.title)).toEqual(expect.arrayContaining(['Created lease', 'Bjørvika headquarters']));
    const titles = list.body.map((l: { title: string }) => l.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect((await call('staff', 'GET', `/v1/clients/${CLIENT_B}/leases`)).body.map((l: { title: string }) => l.title)).not.toContain('Created lease');
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await call('staff', 'GET', `/v1/clients/${CLIENT_A}/leases`)).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [leaseBody({ seats: -1 }), 'seats'],
      [leaseBody({ leaseStart: '2026-02-30' }), 'leaseStart'],
      [leaseBody({ leaseEnd: day(-20) }), 'leaseEnd'],
      [leaseBody({ leaseStart: null, leaseEnd: day(-1) }), 'leaseEnd'],
      [leaseBody({ locations: [LOCATION_B1] }), 'locations'],
      [leaseBody({ remindersCount: 7 }), '_'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field !== '_') expect(answer.body.error.fields[field], field).toEqual(expect.any(String));
    }
    expect((await call('staff', 'GET', `/v1/clients/${CLIENT_A}/leases`)).body.length).toBe(before);
  });

  it('counts a title in characters, as the document does: 200 emoji are taken and read back whole, 201 refused', async () => {
    // Each '😀' is two UTF-16 units: counted by String.length, the 200 were 400 and refused.
    const title = '😀'.repeat(200);
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call('staff', 'GET', `/v1/leases/${created.body.id}`)).body.title).toBe(title);
    const longer = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title: `${title}😀` }) });
    expect(longer.status).toBe(400);
    expect(longer.body.error.fields.title).toEqual(expect.any(String));
  });

  it('answers 404 for unknown clients and leases', async () => {
    expect((await call('staff', 'POST', '/v1/clients/c0000000-0000-4000-8000-0000000fffff/leases', { body: leaseBody() })).status).toBe(404);
    expect((await call('staff', 'GET', `/v1/leases/${MISSING_LEASE}`)).status).toBe(404);
    expect((await call('staff', 'GET', '/v1/leases/not-an-id')).status).toBe(404);
    expect((await call('staff', 'PUT', `/v1/leases/${MISSING_LEASE}`, { body: leaseBody(), headers: ANY_ETAG })).status).toBe(404);
    expect((await call('staff', 'POST', `/v1/leases/${MISSING_LEASE}/reminders`, { body: { title: 't', description: 'd', dueDate: day(3) } })).status).toBe(
      404,
    );
    expect(
      (
        await call('staff', 'PUT', `/v1/reminders/${MISSING_LEASE}_d0000000-0000-4000-8000-000000000001`, {
          body: { title: 't', description: 'd', dueDate: day(3) },
          headers: ANY_ETAG,
        })
      ).status,
    ).toBe(404);
    expect((await call('staff', 'DELETE', `/v1/reminders/${MISSING_LEASE}_d0000000-0000-4000-8000-000000000001`, { headers: ANY_ETAG })).status).toBe(404);
  });

  it('updates with If-Match and refuses a stale ETag with 412', async () => {
    const created = (await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title: 'Etag lease' }) })).body;
    const first = await call('staff', 'PUT', `/v1/leases/${created.id}`, {
      body: leaseBody({ title: 'Etag lease v2', leasePrice: 10 }),
      headers: { 'If-Match': created.etag },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Etag lease v2', leasePrice: 10 });
    const stale = await call('staff', 'PUT', `/v1/leases/${created.id}`, { body: leaseBody({ title: 'lost update' }), headers: { 'If-Match': created.etag } });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'GET', `/v1/leases/${created.id}`)).body.title).toBe('Etag lease v2');
  });
});

describe('reminders', () => {
  let leaseId: string;
  beforeAll(async () => {
    leaseId = (await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title: 'Reminder lease' }) })).body.id;
  });

  it('validates: required fields, no past due date on create, done only when editing', async () => {
    const path = `/v1/leases/${leaseId}/reminders`;
    const missing = await call('staff', 'POST', path, { body: { title: '', description: '' } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['description', 'dueDate', 'title']);
    const past = await call('staff', 'POST', path, { body: { title: 't', description: 'd', dueDate: day(-1) } });
    expect(past.status).toBe(400);
    expect(past.body.error.fields.dueDate).toBe('due date cannot be in the past');
    expect((await call('staff', 'POST', path, { body: { title: 't', description: 'd', dueDate: day(2), done: true } })).status).toBe(400);
    expect((await call('staff', 'POST', path, { body: { title: 't', description: 'd', dueDate: 'tomorrow' } })).status).toBe(400);
    expect((await call('staff', 'GET', path)).body).toEqual([]);
  });

  it('creates, lists sorted by due date with derived flags and lease, edits done, and deletes', async () => {
    const path = `/v1/leases/${leaseId}/reminders`;
    const later = (await call('staff', 'POST', path, { body: { title: 'later', description: 'd', dueDate: day(20) } })).body;
    const sooner = await call('staff', 'POST', path, { body: { title: 'sooner', description: 'd', dueDate: day(5) } });
    expect(sooner.status).toBe(201);
    expect(sooner.body).toMatchObject({ title: 'sooner', done: false, sentAt: null, upcoming: true, unsent: false, dueDate: day(5) });
    const list = (await call('staff', 'GET', path)).body;
    expect(list.map((r: { title: string }) => r.title)).toEqual(['sooner', 'later']);
    expect((await call('staff', 'GET', `/v1/leases/${leaseId}`)).body.remindersCount).toBe(2);

    const edited = await call('staff', 'PUT', `/v1/reminders/${later.id}`, {
      body: { title: 'later', description: 'd', dueDate: day(20), done: true, doneComment: 'handled' },
      headers: { 'If-Match': later.etag },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ done: true, doneComment: 'handled', upcoming: false });
    const stale = await call('staff', 'PUT', `/v1/reminders/${later.id}`, {
      body: { title: 'x', description: 'd', dueDate: day(20) },
      headers: { 'If-Match': later.etag },
    });
    expect(stale.status).toBe(412);

    const clientList = (await call('staff', 'GET', `/v1/clients/${CLIENT_A}/reminders`)).body;
    expect(clientList.find((r: { id: string }) => r.id === later.id).lease).toEqual({ id: leaseId, title: 'Reminder lease' });
    const dues = clientList.map((r: { dueDate: string }) => r.dueDate);
    expect(dues).toEqual([...dues].sort());

    expect((await call('staff', 'DELETE', `/v1/reminders/${later.id}`)).status).toBe(428);
    expect((await call('staff', 'DELETE', `/v1/reminders/${later.id}`, { headers: ifMatch(later.etag) })).status).toBe(412);
    expect((await call('staff', 'DELETE', `/v1/reminders/${later.id}`, { headers: ifMatch(edited.body.etag) })).status).toBe(204);
    expect((await call('staff', 'DELETE', `/v1/reminders/${later.id}`, { headers: ifMatch(edited.body.etag) })).status).toBe(404);
    expect((await call('staff', 'GET', `/v1/leases/${leaseId}`)).body.remindersCount).toBe(1);
  });

  it('keeps remindersCount equal to the real number when people create and delete at once', async () => {
    const lease = (await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: leaseBody({ title: 'Busy lease' }) })).body;
    const path = `/v1/leases/${lease.id}/reminders`;
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i % 2 ? 'staff' : 'super', 'POST', path, { body: { title: `r${i}`, description: 'd', dueDate: day(i + 1) } })),
    );
    expect(created.map((a) => a.status)).toEqual(Array(10).fill(201));
    const count = async () => (await call('staff', 'GET', `/v1/leases/${lease.id}`)).body.remindersCount;
    expect(await count()).toBe(10);
    expect((await call('staff', 'GET', path)).body).toHaveLength(10);
    const listed = (await call('staff', 'GET', `/v1/clients/${CLIENT_A}/leases`)).body.find((l: { id: string }) => l.id === lease.id);
    expect(listed.remindersCount).toBe(10);
    const deleted = await Promise.all(created.slice(0, 7).map((a) => call('staff', 'DELETE', `/v1/reminders/${a.body.id}`, { headers: ifMatch(a.body.etag) })));
    expect(deleted.map((a) => a.status)).toEqual(Array(7).fill(204));
    expect(await count()).toBe(3);
    expect((await call('staff', 'GET', path)).body).toHaveLength(3);
  });
});

describe('calendar download', () => {
  it("serves the client's reminders and lease deadlines as an iCalendar attachment", async () => {
    const answer = await call('staff', 'GET', `/v1/clients/${CLIENT_A}/calendar.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.ics"$/);
    const text = new TextDecoder().decode(answer.body as ArrayBuffer);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('SUMMARY:Bjørvika headquarters: lease renewal deadline');
    expect(text).toContain('SUMMARY:Bjørvika headquarters: Negotiate renewal terms');
    expect(text).not.toContain('Kungsgatan');
    expect((await call('staff', 'GET', '/v1/clients/c0000000-0000-4000-8000-0000000fffff/calendar.ics')).status).toBe(404);
  });
});

describe('sending due reminders', () => {
  const stack = () => inject('stack');
  const saved: Record<string, string | undefined> = {};

  beforeAll(() => {
    // The timer runs in this process against the test stack, as the Functions host would run it.
    for (const [key, value] of Object.entries(stack().settings)) {
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

  const localMail = async () =>
    (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { subject: string; to: string[]; from: string; body: string }[];
  const context = { log: () => undefined, warn: () => undefined, error: () => undefined };

  it('mails a due reminder exactly once, even when two runs overlap, and marks it sent', async () => {
    const { sendDueReminders } = await import('../../src/features/leases/index.ts');
    const title = `Due today ${Date.now()}`;
    // Due today (00:00Z has passed): allowed on create, and due for the timer.
    const reminder = (
      await call('staff', 'POST', `/v1/leases/${SEED_LEASE_A1}/reminders`, { body: { title, description: 'Call the landlord', dueDate: day(0) } })
    ).body;
    expect(reminder.unsent).toBe(true);
    const future = (
      await call('staff', 'POST', `/v1/leases/${SEED_LEASE_A1}/reminders`, { body: { title: `${title} future`, description: 'd', dueDate: day(3) } })
    ).body;

    const runs = await Promise.all([sendDueReminders(context), sendDueReminders(context), sendDueReminders(context)]);
    expect(runs.filter((r) => r.sent.includes(reminder.id))).toHaveLength(1);
    await sendDueReminders(context);

    const mails = (await localMail()).filter((m) => m.subject.includes(title));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'reminders@movers.test', to: ['lease-team@movers.test'] });
    expect(mails[0].subject).toContain('Bjørvika headquarters');
    expect(mails[0].body).toContain('Call the landlord');

    const list = (await call('staff', 'GET', `/v1/leases/${SEED_LEASE_A1}/reminders`)).body as { id: string; sentAt: string | null; unsent: boolean }[];
    const sent = list.find((r) => r.id === reminder.id)!;
    expect(sent.sentAt).toEqual(expect.any(String));
    expect(sent.unsent).toBe(false);
    expect(list.find((r) => r.id === future.id)!.sentAt).toBeNull();
  });
});
