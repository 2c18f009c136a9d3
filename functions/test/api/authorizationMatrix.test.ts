import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { awayFromWindowEdge, call, CLIENT_A, type AnyCaller } from './call.ts';
import { templateBody } from './templateBody.ts';

type Callers = Record<AnyCaller, number>;

/** Signed-in callers all get `ok`; no token and a bad token get 401. */
const everyone = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: ok, extB: ok, extNone: ok, staff: ok, super: ok });
/** Internal users get `ok`; every External user 403. */
const internalOnly = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: 403, extB: 403, extNone: 403, staff: ok, super: ok });
/** Internal.Super users only (templates, decisions.md): staff and every External user 403. */
const superOnly = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: 403, extB: 403, extNone: 403, staff: 403, super: ok });
/** Readable by internal users and by External users of client A (the sample's client). */
/** The visitor site's routes: a staff token changes nothing, every caller gets the same. */
const sameForAll = (status: number): Callers => ({
  anonymous: status,
  badToken: status,
  extA: status,
  extB: status,
  extNone: status,
  staff: status,
  super: status,
});
const clientA = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: ok, extB: 403, extNone: 403, staff: ok, super: ok });

const LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const LEASE_F1 = 'c0000000-0000-4000-8000-000000000001_e0000000-0000-4000-8000-000000000004';
const validClient = { name: 'Matrix AS', orgNumber: '999 000 111', countryId: 'NO', active: true };
const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const MATRIX_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const EXT_A_USER = 'u0000000-0000-4000-8000-000000000003';
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const validLocation = { name: 'Matrix depot', address: 'Matrixveien 1', city: 'Oslo', countryId: 'NO', isStorage: true };
const seededLocationA1 = { name: 'Aurora HQ Bjørvika', address: 'Dronning Eufemias gate 16', city: 'Oslo', countryId: 'NO', isOffice: true };

/**
 * Every route of the route table × every kind of caller. A route missing here fails the test, so each
 * new route has to say who may call it.
 */
const BROKERING_A = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const SECTION_A = `brokering~${BROKERING_A}~s0000000-0000-4000-8000-000000000001`;
const validBrokering = {
  name: 'Aurora HQ relocation',
  clientContact: { id: EXT_A_USER },
  projectManager: { id: STAFF_USER },
  teamMembers: [{ id: STAFF_USER }, { id: 'u0000000-0000-4000-8000-000000000006' }],
  externalTeamMembers: [{ id: EXT_A_USER }],
  documentPrefix: 'Brokering',
  documentProjectId: 'P-1001',
};
/** The caller's own document-store token, as the web app sends it with the documents call. */
const documentStoreToken = (caller: AnyCaller): Record<string, string> => {
  const tokens = inject('stack').documentStoreTokens as Record<string, string>;
  return tokens[caller] ? { 'X-Document-Store-Token': tokens[caller] } : {};
};

type Sample = {
  method: string;
  path: string;
  body?: unknown;
  headers?: (caller: AnyCaller) => Record<string, string>;
  /** The loopback address each caller calls from (rate limits count per address). */
  from?: (caller: AnyCaller) => string;
  /** For updates and deletes: where the document's current ETag is read (itself, or the list holding it). */
  etagFrom?: string;
  expect: Callers;
};

/** The ETag to send: read again before each caller, since each successful write changes it. */
async function currentEtag(sample: Sample): Promise<string> {
  if (!sample.etagFrom) return '"never-read"';
  const { body } = await call('super', 'GET', sample.etagFrom);
  const id = decodeURIComponent(sample.path.split('/').pop() ?? '');
  const doc = Array.isArray(body) ? body.find((d: { id: string }) => d.id === id) : body;
  return doc?.etag ?? '"never-read"';
}

const MOVE_A1 = `${CLIENT_A}_${LOCATION_A1}`;
const TEMPLATE_1 = 't0000000-0000-4000-8000-000000000001';
const PLANNER_FLOOR_2 = `${MOVE_A1}_f0000000-0000-4000-8000-000000000001`;
const PLANNER_FLOOR_3 = `${MOVE_A1}_f0000000-0000-4000-8000-000000000002`;
/** The demo move's first seeded document (local/src/seedDocuments.ts). */
const SEEDED_DOCUMENT = 'd0c00000-0000-4000-8000-000000000001';
/** The demo move's seeded move-day report (local/src/seedMoveDay.ts). */
const SEEDED_REPORT = `${MOVE_A1}_4e000000-0000-4000-8000-000000000001`;
/** The demo move's seeded wave (local/src/seedWaves.ts). */
const SEEDED_WAVE = `${MOVE_A1}_3a000000-0000-4000-8000-000000000001`;
const TEMPLATE_2 = 't0000000-0000-4000-8000-000000000002';
/** Alpine Zürich Werk (of the matrix's client, Alpine Precision AG): a location without a move service. */
const LOCATION_WITHOUT_MOVE = 'l0000000-0000-4000-8000-000000001401';
const validMove = {
  path: 'aurora-hq',
  isEnabled: true,
  authorizationScheme: 'emailPassword',
  whitelistedDomains: ['client-a.test'],
  password: null,
  languages: ['no', 'en'],
  defaultLanguage: 'no',
  teamMembers: [{ id: STAFF_USER }],
  clientContact: [{ id: EXT_A_USER }],
  hideFloorSelection: false,
  notificationText: 'The movers arrive on Friday at 08:00.',
  notificationColor: '#8a3b00',
  showNotification: true,
};

/** Fjord Energy Stavanger's move, whose images are never uploaded by any test: reads and removals are 404 to those who may. */
const MOVE_WITHOUT_IMAGES = 'c0000000-0000-4000-8000-000000000001_l0000000-0000-4000-8000-000000000301';
const imageSamples: Record<string, Sample> = Object.fromEntries(
  ['logo', 'loginlogo', 'background'].flatMap((kind) => [
    // The matrix sends JSON: those who may upload get as far as 'expected multipart/form-data' (415).
    [`moves-${kind}-upload`, { method: 'POST', path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/${kind}`, body: {}, expect: internalOnly(415) }],
    [`moves-${kind}-get`, { method: 'GET', path: `/v1/moves/${MOVE_WITHOUT_IMAGES}/${kind}`, expect: internalOnly(404) }],
    [
      `moves-${kind}-remove`,
      { method: 'DELETE', path: `/v1/locations/l0000000-0000-4000-8000-000000000301/moves/${MOVE_WITHOUT_IMAGES}/${kind}`, expect: internalOnly(404) },
    ],
  ]),
);

const matrix: Record<string, Sample> = {
  ...imageSamples,
  // The matrix sends JSON: every signed-in caller gets as far as 'expected multipart/form-data' (415).
  'editor-uploads-create': { method: 'POST', path: '/v1/images', body: {}, expect: everyone(415) },
  // Public by an unguessable id: nobody finds one that was never made.
  'editor-uploads-get': {
    method: 'GET',
    path: '/v1/images/00000000-0000-4000-8000-000000000000',
    expect: { anonymous: 404, badToken: 404, extA: 404, extB: 404, extNone: 404, staff: 404, super: 404 },
  },
  // One move per location: super's create after staff's finds it made (409).
  'moves-create': {
    method: 'POST',
    path: `/v1/locations/${LOCATION_WITHOUT_MOVE}/moves`,
    body: { ...validMove, path: 'matrix-move', password: 'matrix-password', clientContact: [] },
    expect: { ...internalOnly(201), super: 409 },
  },
  'moves-get-of-location': { method: 'GET', path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}`, expect: clientA(200) },
  'moves-update': {
    method: 'PUT',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}`,
    etagFrom: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}`,
    body: validMove,
    expect: internalOnly(200),
  },
  'moves-get': { method: 'GET', path: `/v1/moves/${MOVE_A1}`, expect: clientA(200) },
  'moves-patch': { method: 'PATCH', path: `/v1/moves/${MOVE_A1}`, etagFrom: `/v1/moves/${MOVE_A1}`, body: { stickersCount: 2 }, expect: clientA(200) },
  'move-timeline-sections-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/timeline_sections`, expect: clientA(200) },
  'move-timeline-sections-create': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/timeline_sections`,
    body: { title: 'Matrix section', date: '2026-05-01' },
    expect: clientA(201),
  },
  'move-pages-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/pages`, expect: clientA(200) },
  'move-pages-templates': { method: 'GET', path: `/v1/moves/${MOVE_A1}/page-templates`, expect: clientA(200) },
  'move-pages-create': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/pages`,
    body: { templateId: null, translations: ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: 'Matrix', content: '' })) },
    expect: clientA(201),
  },
  // The list's ETag is not read here ('never-read'): those who may reorder get as far as 412.
  'move-pages-position': {
    method: 'PATCH',
    path: `/v1/moves/${MOVE_A1}/pages/position`,
    body: { movePageId: `${MOVE_A1}_a0000000-0000-4000-8000-000000000001`, newPosition: 0 },
    expect: clientA(412),
  },
  'move-pages-get': { method: 'GET', path: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000001`, expect: clientA(200) },
  'move-pages-update': {
    method: 'PATCH',
    path: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000002`,
    etagFrom: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000002`,
    body: { published: false },
    expect: clientA(200),
  },
  // A page seeded for this: the first allowed caller deletes it, the others find it gone.
  'move-pages-delete': {
    method: 'DELETE',
    path: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000003`,
    etagFrom: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000003`,
    expect: { ...clientA(404), extA: 204 },
  },
  // A move's FAQ, contacts and details (issue 13): 'any signed-in' for the move's client.
  'feedback-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/feedback?type=question`, expect: clientA(200) },
  'feedback-create': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/feedback`,
    body: { feedbackType: 'feedback', question: 'Matrix feedback', email: 'matrix@client-a.test' },
    expect: clientA(201),
  },
  'feedback-get': { method: 'GET', path: `/v1/feedback/${MOVE_A1}_fe000000-0000-4000-8000-000000000002`, expect: clientA(200) },
  // The error report left a phone only: the answer is saved, the mail refused (400) to everyone who may read it.
  'feedback-answer': {
    method: 'PATCH',
    path: `/v1/feedback/${MOVE_A1}_fe000000-0000-4000-8000-000000000002`,
    etagFrom: `/v1/feedback/${MOVE_A1}_fe000000-0000-4000-8000-000000000002`,
    body: { response: 'Matrix answer' },
    expect: clientA(200),
  },
  'feedback-mail': {
    method: 'POST',
    path: `/v1/feedback/${MOVE_A1}_fe000000-0000-4000-8000-000000000002/mail`,
    headers: () => ({ 'If-Match': '"any"' }),
    body: { response: 'Matrix answer' },
    expect: clientA(400),
  },
  'feedback-delete': { method: 'DELETE', path: `/v1/feedback/${MOVE_A1}_00000000-0000-4000-8000-00000000dead`, expect: clientA(404) },
  'faq-questions-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/faq_questions`, expect: clientA(200) },
  'faq-questions-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/faq_questions`, body: { question: 'Matrix?', answer: 'Yes' }, expect: clientA(201) },
  // The list's ETag is not read here ('never-read'): those who may reorder get as far as 412.
  'faq-questions-position': {
    method: 'PATCH',
    path: `/v1/moves/${MOVE_A1}/faq_questions/position`,
    body: { faqQuestionId: `${MOVE_A1}_fa000000-0000-4000-8000-000000000002`, newPosition: 0 },
    expect: clientA(412),
  },
  'faq-questions-get': { method: 'GET', path: `/v1/faq_questions/${MOVE_A1}_fa000000-0000-4000-8000-000000000002`, expect: clientA(200) },
  'faq-questions-update': {
    method: 'PUT',
    path: `/v1/faq_questions/${MOVE_A1}_fa000000-0000-4000-8000-000000000002`,
    etagFrom: `/v1/moves/${MOVE_A1}/faq_questions`,
    body: { question: 'How many crates do I get?', answer: 'Two crates per person.', published: true },
    expect: clientA(200),
  },
  // An item that does not exist (the seeded ones stay for the other tests): those who may 404.
  'faq-questions-delete': { method: 'DELETE', path: `/v1/faq_questions/${MOVE_A1}_00000000-0000-4000-8000-00000000dead`, expect: clientA(404) },
  'move-contacts-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/contacts`, expect: clientA(200) },
  'move-contacts-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/contacts`, body: { name: 'Matrix contact' }, expect: clientA(201) },
  // The list's ETag is not read here ('never-read'): those who may reorder get as far as 412.
  'move-contacts-position': {
    method: 'PATCH',
    path: `/v1/moves/${MOVE_A1}/contacts/position`,
    body: { contactId: `${MOVE_A1}_cc000000-0000-4000-8000-000000000002`, newPosition: 0 },
    expect: clientA(412),
  },
  'move-contacts-update': {
    method: 'PUT',
    path: `/v1/move_contacts/${MOVE_A1}_cc000000-0000-4000-8000-000000000002`,
    etagFrom: `/v1/moves/${MOVE_A1}/contacts`,
    body: { name: 'Lars Berg', title: 'Site manager', phonenumber: '+47 934 56 789', email: 'lars.berg@movers.test' },
    expect: clientA(200),
  },
  // An item that does not exist (the seeded ones stay for the other tests): those who may 404.
  'move-contacts-delete': { method: 'DELETE', path: `/v1/move_contacts/${MOVE_A1}_00000000-0000-4000-8000-00000000dead`, expect: clientA(404) },
  'move-details-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/details`, expect: clientA(200) },
  'move-details-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/details`, body: { title: 'Matrix', description: '' }, expect: clientA(201) },
  // The list's ETag is not read here ('never-read'): those who may reorder get as far as 412.
  'move-details-position': {
    method: 'PATCH',
    path: `/v1/moves/${MOVE_A1}/details/position`,
    body: { moveDetailId: `${MOVE_A1}_de000000-0000-4000-8000-000000000002`, newPosition: 0 },
    expect: clientA(412),
  },
  'move-details-update': {
    method: 'PUT',
    path: `/v1/details/${MOVE_A1}_de000000-0000-4000-8000-000000000002`,
    etagFrom: `/v1/moves/${MOVE_A1}/details`,
    body: { title: 'Parking', description: 'Visitor parking on level -2.' },
    expect: clientA(200),
  },
  // An item that does not exist (the seeded ones stay for the other tests): those who may 404.
  'move-details-delete': { method: 'DELETE', path: `/v1/details/${MOVE_A1}_00000000-0000-4000-8000-00000000dead`, expect: clientA(404) },
  // Move documents (issue 13): 'any signed-in' for the move's client. The matrix sends JSON to the upload:
  // those who may upload get as far as 'expected multipart/form-data' (415), after the move's access check.
  'move-documents-upload': { method: 'POST', path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/document`, body: {}, expect: clientA(415) },
  // Large documents (issue 46): an empty file is refused (400) only to those who may upload; an upload
  // that does not exist is 404 only to them.
  'move-documents-upload-start': {
    method: 'POST',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/document-uploads`,
    body: { name: 'matrix.pdf', size: 0 },
    expect: clientA(400),
  },
  'move-documents-upload-state': {
    method: 'GET',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/document-uploads/00000000-0000-4000-8000-00000000dead`,
    expect: clientA(404),
  },
  'move-documents-upload-commit': {
    method: 'POST',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/document-uploads/00000000-0000-4000-8000-00000000dead`,
    body: { blocks: 1 },
    expect: clientA(404),
  },
  'move-documents-list': { method: 'GET', path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/documents`, expect: clientA(200) },
  'move-documents-download': {
    method: 'GET',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/documents/${SEEDED_DOCUMENT}`,
    expect: clientA(200),
  },
  // The list's ETag is not read here ('never-read'): those who may reorder get as far as 412.
  'move-documents-position': {
    method: 'POST',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/documents/${SEEDED_DOCUMENT}/position`,
    body: { position: 0 },
    headers: () => ({ 'If-Match': '"never-read"' }),
    expect: clientA(412),
  },
  // A document that does not exist (a seeded one stays for the other tests): those who may 404.
  'move-documents-delete': {
    method: 'DELETE',
    path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/documents/00000000-0000-4000-8000-00000000dead`,
    expect: clientA(404),
  },
  // The planner (issue 14): 'any signed-in' for the move's client (seeded in local/src/seedPlanner.ts).
  'planner-floors-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/layouts`, expect: clientA(200) },
  // The matrix sends JSON to the uploads: the pipeline refuses it (415) before the handler checks the move;
  // planner.test.ts sends a real file as another client's user (403).
  // JSON where the upload takes multipart: 415 for those who may, after access (issue 47).
  'planner-floors-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/layouts`, body: {}, expect: clientA(415) },
  'planner-floors-get': { method: 'GET', path: `/v1/layouts/${PLANNER_FLOOR_2}`, expect: clientA(200) },
  'planner-floors-markers': { method: 'GET', path: `/v1/moves/${MOVE_A1}/markers`, expect: clientA(200) },
  'planner-floors-image': { method: 'GET', path: `/v1/layouts/${PLANNER_FLOOR_2}/image`, expect: clientA(200) },
  // A seeded floor drawn from an image: those who may read the floor learn it has no PDF (plannerPdf.test.ts reads one).
  'planner-floors-source': { method: 'GET', path: `/v1/layouts/${PLANNER_FLOOR_2}/source`, expect: clientA(404) },
  'planner-floors-image-replace': {
    method: 'PUT',
    path: `/v1/layouts/${PLANNER_FLOOR_3}/image`,
    etagFrom: `/v1/layouts/${PLANNER_FLOOR_3}`,
    body: {},
    expect: clientA(415),
  },
  'planner-floors-update': {
    method: 'PATCH',
    path: `/v1/layouts/${PLANNER_FLOOR_3}`,
    etagFrom: `/v1/layouts/${PLANNER_FLOOR_3}`,
    body: { label_color: 'green' },
    expect: clientA(200),
  },
  // A floor seeded for this: the first allowed caller deletes it, the others find it gone.
  'planner-floors-delete': {
    method: 'DELETE',
    path: `/v1/layouts/${MOVE_A1}_f0000000-0000-4000-8000-000000000003`,
    etagFrom: `/v1/moves/${MOVE_A1}/layouts`,
    expect: { ...clientA(404), extA: 204 },
  },
  // A space title the floor has: those who may add get as far as the duplicate (409).
  'planner-markers-create': {
    method: 'POST',
    path: `/v1/layouts/${PLANNER_FLOOR_2}/markers`,
    body: { marker_type: 'room', title: '201', coordinates: { positionX: 1, positionY: 1 } },
    expect: clientA(409),
  },
  // A marker's ETag is not read here ('never-read'): those who may change it get as far as 412.
  'planner-markers-update': {
    method: 'PUT',
    path: `/v1/markers/${MOVE_A1}_5a000000-0000-4000-8000-000000000002`,
    body: { title: '202', coordinates: { positionX: 1, positionY: 1 } },
    expect: clientA(412),
  },
  'planner-markers-delete': { method: 'DELETE', path: `/v1/markers/${MOVE_A1}_5a000000-0000-4000-8000-000000000002`, expect: clientA(412) },
  'planner-people-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/people`, expect: clientA(200) },
  'planner-people-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/people`, body: { names: 'Zz Matrix' }, expect: clientA(201) },
  'planner-people-import': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/people/import`,
    body: { csv: 'Space;Name\n' },
    headers: () => ({ 'If-Match': '"never-read"' }),
    expect: clientA(412),
  },
  'planner-marker-users-create': {
    method: 'POST',
    path: '/v1/marker-users',
    body: { name: 'Zz Matrix', move_layout_marker_id: `${MOVE_A1}_5a000000-0000-4000-8000-000000000003` },
    expect: clientA(201),
  },
  'planner-marker-users-update': {
    method: 'PUT',
    path: `/v1/marker-users/${MOVE_A1}_9e000000-0000-4000-8000-000000000008`,
    etagFrom: `/v1/moves/${MOVE_A1}/people`,
    body: { name: 'Per Strand', move_layout_marker_id: null, stickersCount: null },
    expect: clientA(200),
  },
  'planner-marker-users-delete': {
    method: 'DELETE',
    path: `/v1/marker-users/${MOVE_A1}_9e000000-0000-4000-8000-000000000099`,
    etagFrom: `/v1/moves/${MOVE_A1}/people`,
    expect: { ...clientA(404), extA: 204 },
  },
  'planner-labels-csv': { method: 'GET', path: `/v1/moves/${MOVE_A1}/layouts.csv`, expect: clientA(200) },
  'moves-unassigned-people': { method: 'GET', path: `/v1/moves/${MOVE_A1}/unassigned-people`, expect: clientA(200) },
  // POST changes existing colours too, so it needs the ETag read: without one, 428 after the role check.
  'colors-create': { method: 'POST', path: '/v1/colors', body: { moveId: MOVE_A1, primaryColor: '#005a9e' }, expect: internalOnly(428) },
  'colors-update': {
    method: 'PUT',
    path: '/v1/colors',
    etagFrom: `/v1/colors/${MOVE_A1}`,
    body: { moveId: MOVE_A1, primaryColor: '#005a9e' },
    expect: internalOnly(200),
  },
  'colors-get': { method: 'GET', path: `/v1/colors/${MOVE_A1}`, expect: internalOnly(200) },
  'colors-clear': { method: 'DELETE', path: `/v1/colors/${MOVE_A1}`, etagFrom: `/v1/colors/${MOVE_A1}`, expect: internalOnly(204) },
  // The demo move's letters: a retry of the failed, of which there are none, queues nothing.
  'seat-letters-get': { method: 'GET', path: `/v1/moves/${MOVE_A1}/seat-letters`, expect: clientA(200) },
  'seat-letters-send': { method: 'POST', path: `/v1/moves/${MOVE_A1}/seat-letters`, body: { scope: 'failed' }, expect: clientA(200) },
  'movers-pass-get': { method: 'GET', path: `/v1/moves/${MOVE_A1}/movers-pass`, expect: internalOnly(200) },
  'movers-pass-create': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/movers-pass`,
    etagFrom: `/v1/moves/${MOVE_A1}/movers-pass`,
    body: {},
    expect: internalOnly(201),
  },
  // Revoked by staff, the demo move has no pass left for super to revoke.
  'movers-pass-revoke': {
    method: 'DELETE',
    path: `/v1/moves/${MOVE_A1}/movers-pass`,
    etagFrom: `/v1/moves/${MOVE_A1}/movers-pass`,
    expect: { ...internalOnly(204), super: 404 },
  },
  openapi: { method: 'GET', path: '/openapi.json', expect: { anonymous: 200, badToken: 200, extA: 200, extB: 200, extNone: 200, staff: 200, super: 200 } },
  'brokerings-create': {
    method: 'POST',
    path: `/v1/clients/${CLIENT_A}/brokerings`,
    body: { ...validBrokering, name: 'Matrix brokering' },
    expect: internalOnly(201),
  },
  'brokerings-get': { method: 'GET', path: `/v1/brokerings/${BROKERING_A}`, expect: clientA(200) },
  'brokerings-update': {
    method: 'PUT',
    path: `/v1/brokerings/${BROKERING_A}`,
    etagFrom: `/v1/brokerings/${BROKERING_A}`,
    body: validBrokering,
    expect: internalOnly(200),
  },
  'brokerings-documents': { method: 'GET', path: `/v1/brokerings/${BROKERING_A}/documents`, headers: documentStoreToken, expect: clientA(200) },
  'brokering-timeline-sections-list': { method: 'GET', path: `/v1/brokerings/${BROKERING_A}/timeline_sections`, expect: clientA(200) },
  'brokering-timeline-sections-create': {
    method: 'POST',
    path: `/v1/brokerings/${BROKERING_A}/timeline_sections`,
    body: { title: 'Matrix section', date: '2026-05-01' },
    expect: internalOnly(201),
  },
  'timeline-sections-update': {
    method: 'PATCH',
    path: `/v1/timeline_sections/${SECTION_A}`,
    etagFrom: `/v1/brokerings/${BROKERING_A}/timeline_sections`,
    body: { title: 'Search and shortlist' },
    expect: internalOnly(200),
  },
  // A section that does not exist (a real one is deleted by the first caller): internal users 404, External 403.
  'timeline-sections-delete': {
    method: 'DELETE',
    path: `/v1/timeline_sections/brokering~${BROKERING_A}~s0000000-0000-4000-8000-00000000dead`,
    expect: internalOnly(404),
  },
  'countries-list': { method: 'GET', path: '/v1/countries', expect: everyone(200) },
  'clients-list': { method: 'GET', path: '/v1/clients', expect: internalOnly(200) },
  'clients-create': { method: 'POST', path: '/v1/clients', body: validClient, expect: internalOnly(201) },
  'clients-get': { method: 'GET', path: `/v1/clients/${CLIENT_A}`, expect: clientA(200) },
  'clients-update': {
    method: 'PUT',
    path: `/v1/clients/${CLIENT_A}`,
    etagFrom: `/v1/clients/${CLIENT_A}`,
    body: { name: 'Aurora Shipping AS', orgNumber: '918 273 645', countryId: 'NO', active: true },
    expect: internalOnly(200),
  },
  'users-me': { method: 'GET', path: '/v1/users/me', expect: everyone(200) },
  // Locations (issue 3): External users read their own client's locations; writes and the all-locations list are internal.
  'locations-list': { method: 'GET', path: '/v1/locations', expect: internalOnly(200) },
  'client-locations-list': { method: 'GET', path: `/v1/clients/${CLIENT_A}/locations`, expect: clientA(200) },
  // Created under a client no other test counts (Alpine Precision AG has no locations in the seed otherwise).
  'client-locations-create': { method: 'POST', path: `/v1/clients/${MATRIX_CLIENT}/locations`, body: validLocation, expect: internalOnly(201) },
  'client-locations-get': { method: 'GET', path: `/v1/clients/${CLIENT_A}/locations/${LOCATION_A1}`, expect: clientA(200) },
  'client-locations-update': {
    method: 'PUT',
    path: `/v1/clients/${CLIENT_A}/locations/${LOCATION_A1}`,
    etagFrom: `/v1/clients/${CLIENT_A}/locations/${LOCATION_A1}`,
    body: seededLocationA1,
    expect: internalOnly(200),
  },
  // Users section (decisions.md): Internal and Internal.Super only. The second invitation of the same e-mail is a 409.
  'users-list': { method: 'GET', path: '/v1/users', expect: internalOnly(200) },
  'users-external': { method: 'GET', path: `/v1/users/external?client=${CLIENT_A}`, expect: internalOnly(200) },
  'users-invite': {
    method: 'POST',
    path: '/v1/users/invitation',
    body: { name: 'Matrix Guest', email: 'matrix.guest@client-a.test', clientId: CLIENT_A },
    expect: { ...internalOnly(201), super: 409 },
  },
  'users-get': { method: 'GET', path: `/v1/users/${EXT_A_USER}`, expect: internalOnly(200) },
  'users-update': {
    method: 'PATCH',
    path: `/v1/users/${EXT_A_USER}`,
    etagFrom: `/v1/users/${EXT_A_USER}`,
    body: { clientId: CLIENT_A },
    expect: internalOnly(200),
  },
  'users-photo': { method: 'GET', path: `/v1/users/${STAFF_USER}/photo/120x120`, expect: internalOnly(200) },
  // Leases and reminders (issue 4): every screen is 'not external' (decisions.md), so every call is internal only.
  // Seeded ids: see local/src/seedLeases.ts. The second DELETE of the same reminder is a 404.
  'leases-list': { method: 'GET', path: `/v1/clients/${CLIENT_A}/leases`, expect: internalOnly(200) },
  'leases-create': { method: 'POST', path: `/v1/clients/${CLIENT_A}/leases`, body: { title: 'Matrix lease' }, expect: internalOnly(201) },
  'leases-get': { method: 'GET', path: `/v1/leases/${LEASE_A1}`, expect: internalOnly(200) },
  'leases-update': {
    method: 'PUT',
    path: `/v1/leases/${LEASE_F1}`,
    etagFrom: `/v1/leases/${LEASE_F1}`,
    body: { title: 'Forus campus', isOffice: true, isProduction: true },
    expect: internalOnly(200),
  },
  'lease-reminders-list': { method: 'GET', path: `/v1/leases/${LEASE_A1}/reminders`, expect: internalOnly(200) },
  'lease-reminders-create': {
    method: 'POST',
    path: `/v1/leases/${LEASE_F1}/reminders`,
    body: { title: 'Matrix', description: 'm', dueDate: '2099-01-01' },
    expect: internalOnly(201),
  },
  'reminders-update': {
    method: 'PUT',
    path: `/v1/reminders/${LEASE_F1}_d0000000-0000-4000-8000-000000000006`,
    etagFrom: `/v1/leases/${LEASE_F1}/reminders`,
    body: { title: 'Notify landlord of extension', description: 'm', dueDate: '2099-01-01' },
    expect: internalOnly(200),
  },
  'reminders-delete': {
    method: 'DELETE',
    path: `/v1/reminders/${CLIENT_A}_e0000000-0000-4000-8000-000000000002_d0000000-0000-4000-8000-000000000004`,
    etagFrom: `/v1/leases/${CLIENT_A}_e0000000-0000-4000-8000-000000000002/reminders`,
    expect: { ...internalOnly(204), super: 404 },
  },
  'client-reminders-list': { method: 'GET', path: `/v1/clients/${CLIENT_A}/reminders`, expect: internalOnly(200) },
  'client-calendar': { method: 'GET', path: `/v1/clients/${CLIENT_A}/calendar.ics`, expect: internalOnly(200) },
  // Seeded internal accounts have photos in the directory; the External ones have none (204, not 403).
  // Templates (issue 12): Internal.Super only. The seed's second template is changed; a delete names one that does not exist.
  'templates-list': { method: 'GET', path: '/v1/templates', expect: superOnly(200) },
  'templates-create': { method: 'POST', path: '/v1/templates', body: templateBody('Matrix template'), expect: superOnly(201) },
  'templates-get': { method: 'GET', path: `/v1/templates/${TEMPLATE_1}`, expect: superOnly(200) },
  'templates-update': {
    method: 'PUT',
    path: `/v1/templates/${TEMPLATE_2}`,
    etagFrom: `/v1/templates/${TEMPLATE_2}`,
    body: templateBody('Packing your desk'),
    expect: superOnly(200),
  },
  'templates-delete': {
    method: 'DELETE',
    path: '/v1/templates/t0000000-0000-4000-8000-00000000dead',
    etagFrom: '/v1/templates',
    expect: superOnly(404),
  },
  // A reorder needs the list's ETag (a header of the list): one never read is 412 to those who may.
  'templates-position': {
    method: 'POST',
    path: `/v1/templates/${TEMPLATE_2}/position`,
    body: { position: 1 },
    headers: () => ({ 'If-Match': '"never-read"' }),
    expect: superOnly(412),
  },
  'templates-available-for-internal': {
    method: 'POST',
    path: `/v1/templates/${TEMPLATE_2}/availableForInternal`,
    etagFrom: `/v1/templates/${TEMPLATE_2}`,
    body: { availableForInternal: true },
    expect: superOnly(200),
  },
  'templates-available-for-customer': {
    method: 'POST',
    path: `/v1/templates/${TEMPLATE_2}/availableForCustomer`,
    etagFrom: `/v1/templates/${TEMPLATE_2}`,
    body: { availableForCustomer: false },
    expect: superOnly(200),
  },
  // The visitor site (issue 15): no staff token counts. A staff token is no visitor session, so the content
  // of the (protected) demo move is 401 to every caller; its entry routes answer everyone alike. Sessions: visit.test.ts.
  'visit-move': { method: 'GET', path: '/v1/visit/aurora-hq', expect: sameForAll(200) },
  'visit-manifest': { method: 'GET', path: '/v1/visit/aurora-hq/manifest', expect: sameForAll(200) },
  'visit-session': {
    method: 'POST',
    path: '/v1/visit/aurora-hq/session',
    body: { email: 'matrix@client-a.test', password: 'flytting-2026' },
    expect: sameForAll(201),
  },
  // Each caller from its own address; all ask for the same e-mail address, which gets 3 links in 15 minutes.
  'visit-sign-in-link': {
    method: 'POST',
    path: '/v1/visit/aurora-hq/sign-in-link',
    body: { email: 'matrix@elsewhere.test' },
    from: (caller) => `127.0.113.${Object.keys(sameForAll(0)).indexOf(caller) + 1}`,
    expect: { ...sameForAll(429), anonymous: 200, badToken: 200, extA: 200 },
  },
  'visit-pages': { method: 'GET', path: '/v1/visit/aurora-hq/pages', expect: sameForAll(401) },
  'visit-timeline': { method: 'GET', path: '/v1/visit/aurora-hq/timeline', expect: sameForAll(401) },
  'visit-documents': { method: 'GET', path: '/v1/visit/aurora-hq/documents', expect: sameForAll(401) },
  'visit-faq': { method: 'GET', path: '/v1/visit/aurora-hq/faq', expect: sameForAll(401) },
  // No visitor session (a staff token is none): 401 before the body is judged.
  'visit-feedback': {
    method: 'POST',
    path: '/v1/visit/aurora-hq/feedback',
    body: { feedbackType: 'question', question: 'Matrix?', email: 'matrix@client-a.test' },
    expect: sameForAll(401),
  },
  'visit-contacts': { method: 'GET', path: '/v1/visit/aurora-hq/contacts', expect: sameForAll(401) },
  'visit-details': { method: 'GET', path: '/v1/visit/aurora-hq/details', expect: sameForAll(401) },
  'visit-document': { method: 'GET', path: `/v1/visit/aurora-hq/documents/${SEEDED_DOCUMENT}`, expect: sameForAll(401) },
  'visit-floors': { method: 'GET', path: '/v1/visit/aurora-hq/floors', expect: sameForAll(401) },
  'visit-floor-image': { method: 'GET', path: `/v1/visit/aurora-hq/floors/${PLANNER_FLOOR_2}/image`, expect: sameForAll(401) },
  'visit-person-floor-image': {
    method: 'GET',
    path: `/v1/visit/aurora-hq/people/${MOVE_A1}_9e000000-0000-4000-8000-000000000001/floor-image`,
    expect: sameForAll(401),
  },
  // A path no move has: the same 404 for everyone.
  'visit-image': { method: 'GET', path: '/v1/visit/zz-matrix-no-move/images/logo', expect: sameForAll(404) },
  // Move day (issue 36): a person's routes need a personal link's session (none here: 401 at the gate,
  // before a body or If-Match is looked at; the cases of sessions are in moveDay.test.ts); the board is the
  // planner's: the move's client and staff.
  'visit-me': { method: 'GET', path: '/v1/visit/aurora-hq/me', expect: sameForAll(401) },
  'visit-arrival-create': { method: 'POST', path: '/v1/visit/aurora-hq/arrival', expect: sameForAll(401) },
  'visit-arrival-delete': { method: 'DELETE', path: '/v1/visit/aurora-hq/arrival', expect: sameForAll(401) },
  'visit-packed-create': { method: 'POST', path: '/v1/visit/aurora-hq/packed', expect: sameForAll(401) },
  'visit-packed-delete': { method: 'DELETE', path: '/v1/visit/aurora-hq/packed', expect: sameForAll(401) },
  'visit-reports-list': { method: 'GET', path: '/v1/visit/aurora-hq/reports', expect: sameForAll(401) },
  'visit-reports-create': { method: 'POST', path: '/v1/visit/aurora-hq/reports', body: { category: 'it', text: 'Matrix' }, expect: sameForAll(401) },
  'visit-report-photo-upload': { method: 'POST', path: `/v1/visit/aurora-hq/reports/${SEEDED_REPORT}/photo`, body: {}, expect: sameForAll(401) },
  'visit-report-photo': { method: 'GET', path: `/v1/visit/aurora-hq/reports/${SEEDED_REPORT}/photo`, expect: sameForAll(401) },
  'move-day-board': { method: 'GET', path: `/v1/moves/${MOVE_A1}/move-day`, expect: clientA(200) },
  'move-day-map': { method: 'GET', path: `/v1/moves/${MOVE_A1}/move-day/map`, expect: clientA(200) },
  'move-day-timeline': { method: 'GET', path: `/v1/moves/${MOVE_A1}/move-day/timeline`, expect: clientA(200) },
  'move-day-reports': { method: 'GET', path: `/v1/moves/${MOVE_A1}/reports`, expect: clientA(200) },
  'move-day-report-update': { method: 'PATCH', path: `/v1/reports/${SEEDED_REPORT}`, body: { status: 'new' }, expect: clientA(412) },
  'move-day-report-photo': { method: 'GET', path: `/v1/reports/${SEEDED_REPORT}/photo`, expect: clientA(404) },
  'move-day-csv': { method: 'GET', path: `/v1/moves/${MOVE_A1}/move-day.csv`, expect: clientA(200) },
  // Waves (issue 48): the planner's access, the move's client and staff (seeded in local/src/seedWaves.ts).
  'waves-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/waves`, expect: clientA(200) },
  'waves-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/waves`, body: { name: 'Wave 1', day: '2099-01-01' }, expect: clientA(409) },
  'waves-position': {
    method: 'PATCH',
    path: `/v1/moves/${MOVE_A1}/waves/position`,
    body: { waveId: SEEDED_WAVE, newPosition: 0 },
    expect: clientA(412),
  },
  // The wave's ETag is not read here ('never-read'): those who may change it get as far as 412.
  'waves-update': { method: 'PUT', path: `/v1/waves/${SEEDED_WAVE}`, body: { name: 'Wave 1', day: '2099-01-01' }, expect: clientA(412) },
  'waves-delete': { method: 'DELETE', path: `/v1/waves/${SEEDED_WAVE}`, expect: clientA(412) },
  'waves-assign': {
    method: 'POST',
    path: `/v1/moves/${MOVE_A1}/people/wave`,
    body: { personIds: [`${MOVE_A1}_9e000000-0000-4000-8000-000000000008`], waveId: SEEDED_WAVE },
    headers: () => ({ 'If-Match': '"never-read"' }),
    expect: clientA(412),
  },
  'waves-today': { method: 'GET', path: `/v1/moves/${MOVE_A1}/waves/today`, expect: clientA(200) },
  // The wall link (issue 49): made, listed and revoked as the board is read; the wall's own reads need its
  // token (none here: 401 for everyone, whatever else they carry; the cases of tokens are in wallLink.test.ts).
  'wall-links-list': { method: 'GET', path: `/v1/moves/${MOVE_A1}/wall-links`, expect: clientA(200) },
  'wall-links-create': { method: 'POST', path: `/v1/moves/${MOVE_A1}/wall-links`, body: { shows: 'seats' }, expect: clientA(201) },
  'wall-links-revoke': { method: 'DELETE', path: `/v1/wall-links/${MOVE_A1}_0a110000-0000-4000-8000-000000000001`, expect: clientA(404) },
  'wall-board': { method: 'GET', path: `/v1/wall/${MOVE_A1}`, expect: sameForAll(401) },
  'wall-floor-image': { method: 'GET', path: `/v1/wall/${MOVE_A1}/floors/${PLANNER_FLOOR_2}/image`, expect: sameForAll(401) },
  'users-me-photo': { method: 'GET', path: '/v1/users/me/photo/120x120', expect: { ...everyone(204), staff: 200, super: 200 } },
  // History (issue 37): the record's own access; a lease's is staff's only. A restore's access is settled
  // before its body: an entry no record has is 400 for those who may write the record.
  'history-get': { method: 'GET', path: `/v1/history/person/${MOVE_A1}_9e000000-0000-4000-8000-000000000001`, expect: clientA(200) },
  'move-history': { method: 'GET', path: `/v1/moves/${MOVE_A1}/history`, expect: clientA(200) },
  'history-restore': {
    method: 'POST',
    path: `/v1/history/person/${MOVE_A1}_9e000000-0000-4000-8000-000000000001/restore`,
    body: { entryId: 'history-00000000-0000-4000-8000-000000000000' },
    expect: clientA(400),
  },
};

describe('authorization matrix', () => {
  it('covers every route of the route table', () => {
    const missing = routes.map((r) => r.contract.name).filter((name) => !(name in matrix));
    expect(missing, 'routes without an entry in the authorization matrix').toEqual([]);
    for (const { contract } of routes) expect(contract.method).toBe(matrix[contract.name].method);
  });

  for (const [name, sample] of Object.entries(matrix)) {
    it(`${name}: ${sample.method} ${sample.path}`, async () => {
      // A sample that counts on a rate limit's 15-minute window must not straddle two of them.
      if (sample.from) await awayFromWindowEdge();
      const actual: Partial<Callers> = {};
      for (const caller of Object.keys(sample.expect) as AnyCaller[]) {
        const headers = {
          ...sample.headers?.(caller),
          // A conditional POST with an `etagFrom` sends the ETag read there too.
          ...(sample.method === 'GET' || (sample.method === 'POST' && !sample.etagFrom) ? {} : { 'If-Match': await currentEtag(sample) }),
        };
        actual[caller] = (await call(caller, sample.method, sample.path, { body: sample.body, headers, from: sample.from?.(caller) })).status;
      }
      expect(actual).toEqual(sample.expect);
    });
  }
});

/**
 * A caller who may not make a request is refused for access before its body is read (issue 39: ext-a's
 * seat-letter request for another client's move got a 400 for a missing field): every route with a
 * JSON body, sent one that is invalid for everyone, answers each refused caller of the matrix (401, 403,
 * 404) exactly as the matrix does, never 400. The routes bind an `authorize` (platform/http/route.ts).
 */
describe('access before the body', () => {
  /** Routes whose record is named only in the body: without a valid body there is no record to refuse. */
  const recordInBody = new Set(['planner-marker-users-create']);
  const withBody = new Set(routes.filter((r) => r.contract.body && !r.contract.upload).map((r) => r.contract.name));
  for (const [name, sample] of Object.entries(matrix)) {
    if (!withBody.has(name) || recordInBody.has(name)) continue;
    const refused = (Object.entries(sample.expect) as [AnyCaller, number][]).filter(([, status]) => [401, 403, 404].includes(status));
    if (refused.length === 0) continue;
    it(`${name}: a refused caller with a bad body gets the matrix's status`, async () => {
      const actual: Partial<Callers> = {};
      const expected: Partial<Callers> = {};
      for (const [caller, status] of refused) {
        const headers = {
          ...sample.headers?.(caller),
          ...(sample.method === 'POST' && !sample.etagFrom ? {} : { 'If-Match': await currentEtag(sample) }),
        };
        actual[caller] = (await call(caller, sample.method, sample.path, { body: { 'zz-no-such-field': [1] }, headers, from: sample.from?.(caller) })).status;
        expected[caller] = status;
      }
      expect(actual).toEqual(expected);
    });
  }
});

/**
 * As the body, so the query and the media type (issue 47: an External user on another client's move got
 * 400 'unknown field: bogus' for `?bogus=1`, and 400/415 for an image's long `?v=`, a floor upload without
 * a file...): every refused caller of the matrix, sending an unknown query parameter and an invalid value
 * for each the route declares, or a body of a media type no route takes (a GET or DELETE: the header
 * alone), gets the matrix's status.
 */
describe('access before the query and the media type', () => {
  const contracts = new Map(routes.map((r) => [r.contract.name, r.contract]));
  /** Invalid for any query field: a control character, and longer than any maximum. */
  const invalidValue = encodeURIComponent(`\u0001${'x'.repeat(300)}`);
  for (const [name, sample] of Object.entries(matrix)) {
    // Refused for access (a 404 here is a record that does not exist for a caller who may look: its query is judged).
    const refused = (Object.entries(sample.expect) as [AnyCaller, number][]).filter(([, status]) => [401, 403].includes(status));
    if (refused.length === 0) continue;
    const contract = contracts.get(name)!;
    const declared = contract.query ? Object.keys((contract.query.describe() as { fields: Record<string, unknown> }).fields) : [];
    const query = ['zz-no-such-parameter=1', ...declared.map((field) => `${field}=${invalidValue}`)].join('&');
    const headersOf = async (caller: AnyCaller) => ({
      ...sample.headers?.(caller),
      ...(sample.method === 'GET' || (sample.method === 'POST' && !sample.etagFrom) ? {} : { 'If-Match': await currentEtag(sample) }),
    });
    it(`${name}: a refused caller with an invalid query gets the matrix's status`, async () => {
      const actual: Partial<Callers> = {};
      const expected: Partial<Callers> = {};
      for (const [caller, status] of refused) {
        const path = `${sample.path}${sample.path.includes('?') ? '&' : '?'}${query}`;
        actual[caller] = (await call(caller, sample.method, path, { body: sample.body, headers: await headersOf(caller), from: sample.from?.(caller) })).status;
        expected[caller] = status;
      }
      expect(actual).toEqual(expected);
    });
    // A record named only in the body (a person's marker) cannot be refused before the body is read.
    if (name === 'planner-marker-users-create') continue;
    it(`${name}: a refused caller with a wrong media type gets the matrix's status`, async () => {
      const actual: Partial<Callers> = {};
      const expected: Partial<Callers> = {};
      for (const [caller, status] of refused) {
        const headers = { ...(await headersOf(caller)), 'Content-Type': 'text/plain' };
        const rawBody = sample.method === 'GET' ? undefined : 'not what the route takes';
        actual[caller] = (await call(caller, sample.method, sample.path, { rawBody, headers, from: sample.from?.(caller) })).status;
        expected[caller] = status;
      }
      expect(actual).toEqual(expected);
    });
  }
});
