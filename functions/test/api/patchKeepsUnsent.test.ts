import { describe, expect, it } from 'vitest';
import { contentLocales } from '@movers/contracts';
import { call, CLIENT_A, ifMatch } from './call.ts';

/*
 * A PATCH changes what it is sent and nothing else: for each field a PATCH route takes, that field is
 * sent alone and every other stored field must read back as it was. (The admin app once lost a timeline
 * section's events because a title edit also sent `events: []`; the server must never add such a
 * default itself.) Bookkeeping that a change moves on by design is left out of the comparison.
 */

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const BROKERING = `${CLIENT_A}_b0000000-0000-4000-8000-000000000002`;
const FOR_EVERYONE = 't0000000-0000-4000-8000-000000000001';
const bookkeeping = ['etag', 'updatedAt', 'updatedBy', 'modifiedAt', 'modifiedBy', '_ts'];

type Doc = Record<string, unknown>;
const without = (doc: Doc, keys: string[]) => Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)));

interface PatchRoute {
  name: string;
  /** Makes (or finds) the thing to change; returns its id. */
  make: () => Promise<string>;
  read: (id: string) => Promise<Doc & { etag: string }>;
  path: (id: string) => string;
  caller: 'staff' | 'extA';
  /** Each field the route takes, with a value different from the stored one. */
  fields: Record<string, unknown>;
  /** Fields the change of `field` also changes by design (derived from it). */
  derived?: Record<string, string[]>;
  cleanUp?: (id: string, etag: string, before: Doc) => Promise<void>;
}

const sectionRoute = (kind: 'brokering' | 'move', collection: string, caller: 'staff' | 'extA'): PatchRoute => ({
  name: `${kind} timeline section (PATCH /v1/timeline_sections/{id})`,
  caller,
  make: async () => {
    const created = await call(caller, 'POST', collection, {
      body: {
        title: `Zz unsent ${kind}`,
        date: '2026-07-01',
        events: [{ title: 'Survey', description: 'Walk-through', startDate: '2026-07-02', endDate: '2026-07-04' }],
      },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  },
  read: async (id) => {
    const list = await call(caller, 'GET', collection);
    return list.body.find((s: { id: string }) => s.id === id);
  },
  path: (id) => `/v1/timeline_sections/${id}`,
  fields: {
    title: 'Zz unsent, renamed',
    date: '2026-08-01',
    events: [{ title: 'Packing', description: null, startDate: '2026-08-02', endDate: null }],
  },
  cleanUp: async (id, etag) => {
    expect((await call(caller, 'DELETE', `/v1/timeline_sections/${id}`, { headers: ifMatch(etag) })).status).toBe(204);
  },
});

const routes: PatchRoute[] = [
  sectionRoute('brokering', `/v1/brokerings/${BROKERING}/timeline_sections`, 'staff'),
  sectionRoute('move', `/v1/moves/${MOVE}/timeline_sections`, 'extA'),
  {
    name: 'move page (PATCH /v1/pages/{id})',
    caller: 'extA',
    make: async () => {
      const translations = contentLocales.map((locale) => ({ locale, title: `Zz unsent ${locale}`, content: '<p>Kept</p>' }));
      const created = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, { body: { templateId: FOR_EVERYONE, translations, defaultLanguage: 'en' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id;
    },
    read: async (id) => (await call('extA', 'GET', `/v1/pages/${id}`)).body,
    path: (id) => `/v1/pages/${id}`,
    fields: {
      published: false,
      translations: contentLocales.map((locale) => ({ locale, title: `Zz changed ${locale}`, content: '<p>Changed</p>' })),
      defaultLanguage: 'no',
    },
    cleanUp: async (id, etag) => {
      expect((await call('staff', 'DELETE', `/v1/pages/${id}`, { headers: ifMatch(etag) })).status).toBe(204);
    },
  },
  {
    name: 'move planner fields (PATCH /v1/moves/{id})',
    caller: 'staff',
    make: async () => MOVE,
    read: async (id) => {
      const overview = (await call('staff', 'GET', `/v1/moves/${id}`)).body;
      return { ...overview, unassignedPeople: (await call('staff', 'GET', `/v1/moves/${id}/unassigned-people`)).body };
    },
    path: (id) => `/v1/moves/${id}`,
    fields: { stickersCount: 7, unassignedPeople: ['Zz Unsent Person'] },
    // The seeded move is shared: put back what it had.
    cleanUp: async (id, etag, before) => {
      const restored = await call('staff', 'PATCH', `/v1/moves/${id}`, {
        body: { stickersCount: before.stickersCount, unassignedPeople: before.unassignedPeople },
        headers: ifMatch(etag),
      });
      expect(restored.status).toBe(200);
    },
  },
];

describe('a PATCH keeps every field it is not sent', () => {
  for (const route of routes) {
    for (const [field, value] of Object.entries(route.fields)) {
      it(`${route.name}: sending only ${field}`, async () => {
        const id = await route.make();
        const before = await route.read(id);
        expect(before[field]).not.toEqual(value);
        const patched = await call(route.caller, 'PATCH', route.path(id), { body: { [field]: value }, headers: ifMatch(before.etag) });
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        const after = await route.read(id);
        const ignored = [...bookkeeping, field, ...(route.derived?.[field] ?? [])];
        expect(without(after, ignored)).toEqual(without(before, ignored));
        expect(after[field]).not.toEqual(before[field]);
        await route.cleanUp?.(id, after.etag, before);
      });
    }
  }
});
