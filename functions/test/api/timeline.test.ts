import { describe, expect, it } from 'vitest';
import { call, CLIENT_A, CLIENT_B, ANY_ETAG, ifMatch } from './call.ts';

const BROKERING = `${CLIENT_A}_b0000000-0000-4000-8000-000000000002`;
const BROKERING_B = `${CLIENT_B}_b0000000-0000-4000-8000-000000000004`;
const sections = (id = BROKERING) => `/v1/brokerings/${id}/timeline_sections`;

describe('brokering timeline API', () => {
  it('creates sections and lists them by date with events by start date; days are stored at 00:00Z', async () => {
    const later = await call('staff', 'POST', sections(), { body: { title: 'Negotiation', date: '2026-04-10' } });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ title: 'Negotiation', date: '2026-04-10T00:00:00.000Z', events: [], ownerId: `brokering:${BROKERING}` });
    const earlier = await call('staff', 'POST', sections(), {
      body: {
        title: 'Search',
        date: '2026-03-01T00:00:00.000Z',
        events: [
          { title: 'Viewings', description: '', startDate: '2026-03-09', endDate: '2026-03-12' },
          { title: 'Briefing', description: 'Needs and budget', startDate: '2026-03-02', endDate: '' },
        ],
      },
    });
    expect(earlier.status).toBe(201);
    const list = await call('extA', 'GET', sections());
    expect(list.status).toBe(200);
    expect(list.body.map((s: { title: string }) => s.title)).toEqual(['Search', 'Negotiation']);
    expect(list.body[0].events).toEqual([
      { id: expect.any(String), title: 'Briefing', description: 'Needs and budget', startDate: '2026-03-02T00:00:00.000Z', endDate: null },
      { id: expect.any(String), title: 'Viewings', description: null, startDate: '2026-03-09T00:00:00.000Z', endDate: '2026-03-12T00:00:00.000Z' },
    ]);
  });

  it('validates sections and events with field errors and stores nothing', async () => {
    const before = (await call('staff', 'GET', sections())).body.length;
    const missing = await call('staff', 'POST', sections(), { body: { title: '', date: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ title: 'field is required', date: 'field is required' });
    const badDate = await call('staff', 'POST', sections(), { body: { title: 'X', date: '2026-02-30' } });
    expect(badDate.body.error.fields).toEqual({ date: 'invalid date' });
    const badEvents = await call('staff', 'POST', sections(), {
      body: {
        title: 'X',
        date: '2026-02-01',
        events: [
          { title: '', startDate: '' },
          { title: 'Same day end', startDate: '2026-02-03', endDate: '2026-02-03', description: 'x'.repeat(256) },
        ],
      },
    });
    expect(badEvents.body.error.fields).toEqual({
      'events[0].title': 'field is required',
      'events[0].startDate': 'field is required',
      'events[1].endDate': 'end date must be at least one day after the start date',
      'events[1].description': 'maximum 255 characters',
    });
    expect((await call('staff', 'GET', sections())).body.length).toBe(before);
  });

  it('updates a section (title, events) keeping event ids, refuses a stale ETag, and deletes it', async () => {
    const created = await call('staff', 'POST', sections(), {
      body: { title: 'Move-in', date: '2026-06-01', events: [{ title: 'Keys', startDate: '2026-06-02', endDate: null, description: null }] },
    });
    const id = created.body.id as string;
    const eventId = created.body.events[0].id as string;
    const patched = await call('staff', 'PATCH', `/v1/timeline_sections/${id}`, {
      body: {
        title: 'Move-in week',
        events: [
          { id: eventId, title: 'Keys handed over', startDate: '2026-06-02' },
          { title: 'Cleaning', startDate: '2026-06-03', endDate: '2026-06-05' },
        ],
      },
      headers: { 'If-Match': created.headers.get('etag')! },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Move-in week');
    expect(patched.body.date).toBe('2026-06-01T00:00:00.000Z');
    expect(patched.body.events.map((e: { id: string; title: string }) => [e.id === eventId, e.title])).toEqual([
      [true, 'Keys handed over'],
      [false, 'Cleaning'],
    ]);
    const stale = await call('super', 'PATCH', `/v1/timeline_sections/${id}`, {
      body: { title: 'Lost' },
      headers: { 'If-Match': created.headers.get('etag')! },
    });
    expect(stale.status).toBe(412);
    const current = ifMatch(patched.body.etag);
    expect((await call('staff', 'PATCH', `/v1/timeline_sections/${id}`, { body: {}, headers: current })).status).toBe(400);
    expect((await call('extA', 'DELETE', `/v1/timeline_sections/${id}`, { headers: current })).status).toBe(403);
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${id}`, { headers: current })).status).toBe(204);
    expect((await call('staff', 'GET', sections())).body.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${id}`, { headers: current })).status).toBe(404);
    expect((await call('staff', 'PATCH', '/v1/timeline_sections/garbage', { body: { title: 'x' }, headers: ANY_ETAG })).status).toBe(404);
  });

  it("keeps another client's timeline from an External user, and 404s for unknown projects", async () => {
    expect((await call('extA', 'GET', sections(BROKERING_B))).status).toBe(403);
    expect((await call('extB', 'GET', sections(BROKERING_B))).status).toBe(200);
    const created = await call('staff', 'POST', sections(BROKERING_B), { body: { title: 'B section', date: '2026-01-01' } });
    expect((await call('extA', 'GET', sections(BROKERING_B))).status).toBe(403);
    expect((await call('staff', 'GET', sections(`${CLIENT_A}_b0000000-0000-4000-8000-0000000000ff`))).status).toBe(404);
    expect((await call('staff', 'POST', sections('nope'), { body: { title: 'x', date: '2026-01-01' } })).status).toBe(404);
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${created.body.id}`, { headers: ifMatch(created.body.etag) })).status).toBe(204);
  });
});

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;

describe('move timeline API', () => {
  const moveSections = `/v1/moves/${MOVE}/timeline_sections`;

  it("lets the client's own External users keep the move's timeline: add, change and delete a section", async () => {
    const created = await call('extA', 'POST', moveSections, {
      body: { title: 'Packing week', date: '2026-06-01', events: [{ title: 'Crates delivered', description: '', startDate: '2026-06-02', endDate: '' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.ownerId).toBe(`move:${MOVE}`);
    const changed = await call('extA', 'PATCH', `/v1/timeline_sections/${created.body.id}`, {
      body: { title: 'Packing' },
      headers: ifMatch(created.body.etag),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('Packing');
    expect((await call('staff', 'GET', moveSections)).body.map((s: { title: string }) => s.title)).toContain('Packing');
    expect((await call('extA', 'DELETE', `/v1/timeline_sections/${created.body.id}`, { headers: ifMatch(changed.body.etag) })).status).toBe(204);
  });

  it("refuses another client's External user, and keeps brokering timelines for internal users", async () => {
    const before = (await call('staff', 'GET', moveSections)).body;
    expect((await call('extB', 'POST', moveSections, { body: { title: 'Not mine', date: '2026-06-01' } })).status).toBe(403);
    const section = await call('staff', 'POST', moveSections, { body: { title: 'Staff section', date: '2026-06-03' } });
    expect(
      (await call('extB', 'PATCH', `/v1/timeline_sections/${section.body.id}`, { body: { title: 'x' }, headers: ifMatch(section.body.etag) })).status,
    ).toBe(403);
    expect((await call('extB', 'DELETE', `/v1/timeline_sections/${section.body.id}`, { headers: ifMatch(section.body.etag) })).status).toBe(403);
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${section.body.id}`, { headers: ifMatch(section.body.etag) })).status).toBe(204);
    expect((await call('staff', 'GET', moveSections)).body).toEqual(before);

    const brokeringSection = await call('staff', 'POST', sections(), { body: { title: 'Internal only', date: '2026-06-04' } });
    expect((await call('extA', 'POST', sections(), { body: { title: 'x', date: '2026-06-01' } })).status).toBe(403);
    expect(
      (await call('extA', 'PATCH', `/v1/timeline_sections/${brokeringSection.body.id}`, { body: { title: 'x' }, headers: ifMatch(brokeringSection.body.etag) }))
        .status,
    ).toBe(403);
    expect((await call('extA', 'DELETE', `/v1/timeline_sections/${brokeringSection.body.id}`, { headers: ifMatch(brokeringSection.body.etag) })).status).toBe(
      403,
    );
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${brokeringSection.body.id}`, { headers: ifMatch(brokeringSection.body.etag) })).status).toBe(
      204,
    );
  });
});

/*
 * The admin app once sent `events: []` with a title change (its form cast the values with the create
 * schema, whose `events` defaults to []), and a section's events were lost. These pin the server's side
 * of the contract: a PATCH that leaves a field out keeps it as stored, for either owner.
 */
describe('timeline section PATCH keeps what is not sent', () => {
  const owners = [
    { kind: 'brokering', caller: 'staff' as const, collection: sections() },
    { kind: 'move', caller: 'extA' as const, collection: `/v1/moves/${MOVE}/timeline_sections` },
  ];

  for (const owner of owners) {
    it(`a ${owner.kind} section's events survive a title-only PATCH, in the reply and in what is stored`, async () => {
      const created = await call(owner.caller, 'POST', owner.collection, {
        body: {
          title: 'Kept events',
          date: '2026-07-01',
          events: [
            { title: 'Survey', description: 'Walk-through', startDate: '2026-07-02', endDate: null },
            { title: 'Packing', description: null, startDate: '2026-07-03', endDate: '2026-07-05' },
          ],
        },
      });
      expect(created.status).toBe(201);
      const events = created.body.events;
      expect(events).toHaveLength(2);

      const patched = await call(owner.caller, 'PATCH', `/v1/timeline_sections/${created.body.id}`, {
        body: { title: 'Kept events, renamed' },
        headers: ifMatch(created.body.etag),
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ title: 'Kept events, renamed', date: '2026-07-01T00:00:00.000Z', events });

      const stored = (await call(owner.caller, 'GET', owner.collection)).body.find((s: { id: string }) => s.id === created.body.id);
      expect(stored).toMatchObject({ title: 'Kept events, renamed', date: '2026-07-01T00:00:00.000Z', events });
      expect((await call(owner.caller, 'DELETE', `/v1/timeline_sections/${created.body.id}`, { headers: ifMatch(patched.body.etag) })).status).toBe(204);
    });
  }
});
