import { describe, expect, it } from 'vitest';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { call, CLIENT_A, ifMatch, loopbackAddress } from './call.ts';

// Issue 39: every text a visitor reads of a move's FAQ, contacts, details and timeline has a version per
// language of the move. The spec's fields hold the default language's text; `translations` the others',
// by language code, checked against the move's languages (400 naming the language).

const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const BROKERING = `${CLIENT_A}_b0000000-0000-4000-8000-000000000002`;
let n = 0;

/** A move of its own in English (default), bokmål and nynorsk; password access. */
async function threeLanguageMove() {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz languages ${tag}`, address: 'Veien 1', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-languages-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, { languages: ['en', 'no', 'nn'], defaultLanguage: 'en' }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  const from = loopbackAddress();
  const session = await call('anonymous', 'POST', `/v1/visit/${path}/session`, { body: { password: `${path} secret` }, from });
  expect(session.status).toBe(201);
  const visit = (what: string) => call('anonymous', 'GET', `/v1/visit/${path}/${what}`, { from, headers: { Authorization: `Bearer ${session.body.token}` } });
  return { moveId: move.body.id as string, visit };
}

describe('texts per language of a move (issue 39)', () => {
  it('saves and reads FAQ, contact and detail translations; the visitor gets them beside the default text', async () => {
    const { moveId, visit } = await threeLanguageMove();
    const move = `/v1/moves/${moveId}`;

    const faq = await call('staff', 'POST', `${move}/faq_questions`, {
      body: {
        question: 'Where do I park?',
        answer: 'In P2.',
        published: true,
        // An empty text is no translation: nynorsk's answer is dropped, the visitor reads the default.
        translations: { no: { question: 'Hvor parkerer jeg?', answer: 'I P2.' }, nn: { question: 'Kvar parkerer eg?', answer: ' ' } },
      },
    });
    expect(faq.status, JSON.stringify(faq.body)).toBe(201);
    expect(faq.body.translations).toEqual({ no: { question: 'Hvor parkerer jeg?', answer: 'I P2.' }, nn: { question: 'Kvar parkerer eg?' } });
    expect((await call('staff', 'GET', `/v1/faq_questions/${faq.body.id}`)).body.translations).toEqual(faq.body.translations);

    // The published toggle sends the spec's fields only: the translations stay.
    const toggled = await call('staff', 'PUT', `/v1/faq_questions/${faq.body.id}`, {
      body: { question: 'Where do I park?', answer: 'In P2.', published: true },
      headers: ifMatch(faq.body.etag),
    });
    expect(toggled.status).toBe(200);
    expect(toggled.body.translations).toEqual(faq.body.translations);
    // An edit that sends translations replaces them.
    const edited = await call('staff', 'PUT', `/v1/faq_questions/${faq.body.id}`, {
      body: { answer: 'In P2, level -2.', translations: { nn: { question: 'Kvar parkerer eg?', answer: 'I P2.' } } },
      headers: ifMatch(toggled.body.etag),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.translations).toEqual({ nn: { question: 'Kvar parkerer eg?', answer: 'I P2.' } });

    const contact = await call('staff', 'POST', `${move}/contacts`, {
      body: { name: 'Kari Nordmann', title: 'Move lead', phonenumber: null, email: null, translations: { no: { title: 'Flytteleder' } } },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    expect(contact.body.translations).toEqual({ no: { title: 'Flytteleder' } });
    const detail = await call('staff', 'POST', `${move}/details`, {
      body: { title: 'Address', description: 'Road 1', type: 'text', translations: { nn: { title: 'Adresse', description: 'Vegen 1' } } },
    });
    expect(detail.status, JSON.stringify(detail.body)).toBe(201);
    // An item stored without translations answers an empty set (the admin's lists read it the same way).
    const plain = await call('staff', 'POST', `${move}/details`, { body: { title: 'Lunch', description: 'Canteen' } });
    expect(plain.body.translations).toEqual({});
    const listed = await call('staff', 'GET', `${move}/details`);
    expect(listed.body.map((d: { translations: object }) => d.translations)).toEqual([{ nn: { title: 'Adresse', description: 'Vegen 1' } }, {}]);

    expect((await visit('faq')).body).toEqual([
      { id: faq.body.id, question: 'Where do I park?', answer: 'In P2, level -2.', translations: { nn: { question: 'Kvar parkerer eg?', answer: 'I P2.' } } },
    ]);
    expect((await visit('contacts')).body[0]).toMatchObject({ title: 'Move lead', translations: { no: { title: 'Flytteleder' } } });
    expect((await visit('details')).body[0]).toMatchObject({ title: 'Address', translations: { nn: { title: 'Adresse', description: 'Vegen 1' } } });
  });

  it('refuses a language the move does not have, and its default language, with 400 naming it; nothing is stored', async () => {
    const { moveId } = await threeLanguageMove();
    const move = `/v1/moves/${moveId}`;
    const german = await call('staff', 'POST', `${move}/faq_questions`, {
      body: { question: 'Q', answer: 'A', translations: { de: { question: 'Frage' } } },
    });
    expect(german.status).toBe(400);
    expect(german.body.error.fields).toEqual({ 'translations.de': 'de is not one of the move’s languages (en, no, nn)' });
    expect(german.body.error.message).toContain('de is not one of the move’s languages');
    const english = await call('staff', 'POST', `${move}/contacts`, { body: { name: 'Kari', translations: { en: { title: 'Lead' } } } });
    expect(english.status).toBe(400);
    expect(english.body.error.fields).toEqual({ 'translations.en': 'en is the move’s default language: its text goes in the item’s own fields' });
    // Not a language code at all: the schema's own check.
    const unknown = await call('staff', 'POST', `${move}/details`, { body: { title: 'T', translations: { klingon: { title: 'x' } } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.translations).toContain('klingon');
    for (const list of ['faq_questions', 'contacts', 'details']) expect((await call('staff', 'GET', `${move}/${list}`)).body).toEqual([]);

    const section = await call('staff', 'POST', `${move}/timeline_sections`, {
      body: { title: 'Moving day', date: '2026-12-12', events: [{ title: 'Movers', startDate: '2026-12-12', translations: { se: { title: 'Flyttare' } } }] },
    });
    expect(section.status).toBe(400);
    expect(section.body.error.fields).toEqual({ 'events[0].translations.se': 'se is not one of the move’s languages (en, no, nn)' });
  });

  it("saves a timeline's section and event translations, keeps them when events are sent without, and refuses them on a brokering project's", async () => {
    const { moveId, visit } = await threeLanguageMove();
    const created = await call('staff', 'POST', `/v1/moves/${moveId}/timeline_sections`, {
      body: {
        title: 'Moving weekend',
        date: '2026-12-12',
        translations: { no: { title: 'Flyttehelgen' }, nn: { title: 'Flyttehelga' } },
        events: [
          {
            title: 'The movers arrive',
            description: 'From 08:00',
            startDate: '2026-12-12',
            translations: { no: { title: 'Flyttebyrået kommer', description: 'Fra klokken 08.00' } },
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.translations).toEqual({ no: { title: 'Flyttehelgen' }, nn: { title: 'Flyttehelga' } });
    const event = created.body.events[0];
    expect(event.translations).toEqual({ no: { title: 'Flyttebyrået kommer', description: 'Fra klokken 08.00' } });

    // A client that knows only the spec's fields changes an event's title: its translations stay.
    const patched = await call('staff', 'PATCH', `/v1/timeline_sections/${created.body.id}`, {
      body: { events: [{ id: event.id, title: 'Movers arrive', description: 'From 08:00', startDate: '2026-12-12', endDate: null }] },
      headers: ifMatch(created.body.etag),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.events[0].translations).toEqual(event.translations);
    expect(patched.body.translations).toEqual(created.body.translations);

    const timeline = (await visit('timeline')).body;
    expect(timeline[0]).toMatchObject({ title: 'Moving weekend', translations: { nn: { title: 'Flyttehelga' } } });
    expect(timeline[0].events[0]).toMatchObject({ title: 'Movers arrive', translations: { no: { title: 'Flyttebyrået kommer' } } });

    // A brokering project's timeline has one language.
    const refused = await call('staff', 'POST', `/v1/brokerings/${BROKERING}/timeline_sections`, {
      body: { title: 'Viewings', date: '2026-12-01', translations: { no: { title: 'Visninger' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'translations.no': 'this timeline has one language: it takes no translations' });
  });
});
