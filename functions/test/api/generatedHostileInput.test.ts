import { type AnyRouteContract, api, type IdShape, validate } from '@movers/contracts';
import fc from 'fast-check';
import type { SchemaDescription } from 'yup';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { call, CLIENT_A } from './call.ts';
import { templateBody } from './templateBody.ts';
import { existing, existingPath, storedState } from './storedState.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';

/**
 * Generated hostile input on every write route of the route table, and on every id parameter: bodies
 * of wrong types, huge, Unicode and control-character text, nested junk, arrays where objects go,
 * prototype keys, malformed JSON; path values with `/ \ # ?`, spaces, bytes that are not UTF-8 and
 * forged composites. Every generated request carries exactly the thing that must be refused, most
 * often on an otherwise valid body, so each sample expects its own status: 400 for a body the route
 * must refuse (415 for another content type), 404 for a malformed path id; never a 5xx, and nothing
 * stored changes (compared once per route). Updates get a made-up If-Match, so a body that slipped
 * through validation would answer 412 and fail the test rather than pass as a 4xx.
 *
 * The seed is fixed in CI; locally it is random and printed with any failure (`seed`, and the
 * counterexample). Replay one with `FC_SEED=<seed> node scripts/vitest.mjs run --project api <this file>`.
 * A counterexample a seed found is kept in `foundBefore`, run first on every route whatever the seed.
 */
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20_260_410 : Date.now() ^ (Math.random() * 0x7fffffff);
/** Samples per route; `FC_RUNS` raises it for a deeper local search. */
const RUNS_PER_ROUTE = Number(process.env.FC_RUNS) || 30;

// ---- a small JSON model, so that '__proto__' stays a key and 1e309 can be sent as written ----

/** JSON text sent as written (numbers JSON.stringify cannot write, broken JSON). */
class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `Raw(${JSON.stringify(this.text.length > 200 ? `${this.text.slice(0, 200)}…(${this.text.length})` : this.text)})`;
  }
}
/** An object as a list of entries: a key named '__proto__' is sent as a key, never as a prototype. */
class Obj {
  constructor(readonly entries: [string, Json][]) {}
  [fc.toStringMethod]() {
    return `Obj(${this.entries.map(([k, v]) => `${JSON.stringify(k)}: ${fc.stringify(v)}`).join(', ')})`;
  }
}
type Json = null | boolean | number | string | Raw | Obj | Json[];

function toText(value: Json): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Obj) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toText).join(',')}]`;
  return JSON.stringify(value);
}

/** A plain JSON value as the model. */
function fromJs(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromJs);
  if (value !== null && typeof value === 'object') return new Obj(Object.entries(value).map(([k, v]) => [k, fromJs(v)]));
  return value as Json;
}

// ---- hostile values ----

type Described = SchemaDescription & { fields?: Record<string, Described>; innerType?: Described };
const testOf = (d: Described, name: string) => d.tests.find((t) => t.name === name);
const param = (d: Described, name: string, key: string) => testOf(d, name)?.params?.[key] as unknown;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const controlChar = fc
  .integer({ min: 0, max: 0x9f })
  .filter((c) => c < 0x20 || c >= 0x7f)
  .map((c) => String.fromCharCode(c));
/** Control characters refused even in multi-line text (all but tab, line feed and carriage return). */
const controlCharNotNewline = controlChar.filter((c) => !'\t\n\r'.includes(c));
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', 'Ærøskøbing 🚚 株式会社', '\u202e\u200d\ufeff', '<script>alert(1)</script>', "'; DROP TABLE x; --", '${unknown}', '{{minimum}}'),
  fc.constantFrom('?', '../clients', 'a/b', 'a\\b', '#', '%2F', 'NaN', 'Infinity', 'true', 'null', '2026-02-30', '2026-03-01'),
  fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 12.5, 1e12, 1e12 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE),
  fc.constantFrom(new Raw('1e309'), new Raw('-1e309'), new Raw('1e-400'), new Raw('123456789012345678901234567890')),
);
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'etag', '_rid', '_etag', 'ttl', '');
/** Anything JSON can carry, nested. */
const junk: fc.Arbitrary<Json> = fc.letrec<{ j: Json }>((tie) => ({
  j: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    text,
    fc.array(tie('j'), { maxLength: 4 }),
    fc.array(fc.tuple(fc.oneof(protoKey, fc.string({ maxLength: 8 })), tie('j')), { maxLength: 4 }).map((e) => new Obj(e)),
  ),
})).j;
const deepNesting = fc.integer({ min: 100, max: 5000 }).map((n) => new Raw(`${'['.repeat(n)}${']'.repeat(n)}`));

/** A value of the declared type, hostile but possibly valid. */
function plausible(d: Described): fc.Arbitrary<Json> {
  switch (d.type) {
    case 'string':
      return text;
    case 'number':
      return number;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(d.innerType ? plausible(d.innerType) : junk, { maxLength: 4 });
    case 'object':
      return fc
        .tuple(...Object.entries(d.fields ?? {}).map(([k, f]) => fc.option(plausible(f), { nil: undefined }).map((v) => [k, v] as const)))
        .map((pairs) => new Obj(pairs.filter((p): p is readonly [string, Json] => p[1] !== undefined).map(([k, v]) => [k, v])));
    default:
      return junk;
  }
}

/** A value of another JSON type than the field declares (null too, unless the field is nullable). */
function wrongType(d: Described): fc.Arbitrary<Json> {
  const others: fc.Arbitrary<Json>[] = [fc.boolean(), fc.array(junk, { maxLength: 3 }), junk.map((j) => new Obj([['value', j]])), fc.constant(new Obj([]))];
  // Text and numbers only where they are not the field's type (some raw numbers are finite).
  if (d.type !== 'string') others.push(text);
  others.push(d.type === 'number' ? fc.constantFrom(new Raw('1e309'), new Raw('-1e309')) : number);
  if (!d.nullable) others.push(fc.constant(null));
  return fc.oneof(...others).filter((v) => !sameType(d, v));
}
const sameType = (d: Described, v: Json) =>
  (d.type === 'string' && typeof v === 'string') ||
  (d.type === 'number' && typeof v === 'number') ||
  (d.type === 'boolean' && typeof v === 'boolean') ||
  (d.type === 'array' && Array.isArray(v)) ||
  (d.type === 'object' && v instanceof Obj) ||
  (v === null && d.nullable);

/** A value the field must refuse: of another type, or of its type but against its rules. */
function violation(d: Described): fc.Arbitrary<Json> {
  const options: fc.Arbitrary<Json>[] = [wrongType(d)];
  if (d.type === 'string') {
    const multiline = Boolean(d.meta?.multiline);
    options.push(
      fc.tuple(text, multiline ? controlCharNotNewline : controlChar, text).map(([a, c, b]) => `${a}${c}${b}`),
      fc.tuple(text, loneSurrogate, text).map(([a, s, b]) => `${a}${s}${b}`),
    );
    const max = param(d, 'max', 'max');
    if (typeof max === 'number') options.push(fc.constant('x'.repeat(max + 1)));
    const pattern = param(d, 'matches', 'regex');
    if (pattern instanceof RegExp) options.push(text.filter((t) => t !== '' && !pattern.test(t) && !/[\u0000-\u001f]/.test(t)));
  } else if (d.type === 'number') {
    const min = param(d, 'min', 'min');
    if (typeof min === 'number') options.push(fc.double({ max: min, noNaN: true, noDefaultInfinity: true }).filter((n) => n < min));
    // Above the document's maximum (a position past a list's longest).
    const max = param(d, 'max', 'max');
    if (typeof max === 'number') options.push(fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max + 1_000_000 })));
    if (testOf(d, 'integer')) options.push(fc.double({ min: 0, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)));
  } else if (d.type === 'array' && d.innerType) {
    options.push(fc.tuple(plausible(d), violation(d.innerType)).map(([items, bad]) => [...(items as Json[]), bad]));
  } else if (d.type === 'object' && d.fields && Object.keys(d.fields).length > 0) {
    options.push(objectViolation(d));
  }
  return fc.oneof(...options);
}

/**
 * An object of the schema's shape with one field refused, or with a key it does not declare. The
 * rest is `base` (a valid body, so that only the violation can be the reason) or generated.
 */
function objectViolation(d: Described, base: fc.Arbitrary<Obj> = plausible(d) as fc.Arbitrary<Obj>): fc.Arbitrary<Obj> {
  const fields = Object.entries(d.fields ?? {});
  const badField = fc
    .tuple(
      base,
      fc.constantFrom(...fields).chain(([name, f]) => violation(f).map((v) => [name, v] as [string, Json])),
    )
    .map(([b, [name, v]]) => new Obj([...b.entries.filter(([k]) => k !== name), [name, v]]));
  const unknownKey = fc
    .tuple(
      base,
      fc.oneof(protoKey, fc.string({ minLength: 1, maxLength: 12 })).filter((k) => !Object.hasOwn(d.fields ?? {}, k)),
      junk,
    )
    .map(([b, k, v]) => new Obj([...b.entries, [k, v]]));
  return fc.oneof(badField, unknownKey);
}

// ---- whole requests ----

/** A valid body per write route that takes one: generated violations go onto it. */
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const client = { name: 'Hostile AS', orgNumber: '1', countryId: 'NO', active: true };
const location = { name: 'Hostile depot', address: 'Veien 1', city: 'Oslo', countryId: 'NO', isStorage: true };
const brokering = {
  name: 'Hostile project',
  clientContact: { id: existing.userId },
  projectManager: { id: STAFF_USER },
  teamMembers: [{ id: STAFF_USER }],
  externalTeamMembers: [],
  documentPrefix: 'Brokering',
  documentProjectId: 'P-1001',
};
const move = moveInput('hostile-move', { password: 'hostile-password' });
const reminder = { title: 'Hostile reminder', description: 'd', dueDate: '2099-01-01' };
const validBodies: Record<string, unknown> = {
  'clients-create': client,
  'clients-update': client,
  'client-locations-create': location,
  'client-locations-update': location,
  'users-invite': { name: 'Hostile Person', email: 'hostile.person@client-a.test', clientId: CLIENT_A },
  'users-update': { clientId: CLIENT_A },
  'leases-create': { title: 'Hostile lease', locations: [existing.locationId], numberOfPeople: 3 },
  'leases-update': { title: 'Hostile lease', locations: [existing.locationId], numberOfPeople: 3 },
  'lease-reminders-create': reminder,
  'reminders-update': { ...reminder, done: false, doneComment: '' },
  'brokerings-create': brokering,
  'brokerings-update': brokering,
  'brokering-timeline-sections-create': { title: 'Hostile section', date: '2026-03-01', events: [{ title: 'E', startDate: '2026-03-02' }] },
  'timeline-sections-update': { title: 'Hostile section' },
  'moves-create': move,
  'moves-update': move,
  'moves-patch': { stickersCount: 3 },
  'move-pages-create': { templateId: null, translations: ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: 'Hostile', content: '' })) },
  'move-pages-update': { published: false },
  'move-pages-position': { movePageId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_a0000000-0000-4000-8000-000000000001`, newPosition: 0 },
  'feedback-create': { feedbackType: 'question', question: 'Hostile?', name: null, email: 'a@b.test', phone: null },
  'feedback-answer': { status: 'answered', response: 'Hostile' },
  'feedback-mail': { status: 'answered', response: 'Hostile' },
  'faq-questions-create': { question: 'Hostile?', answer: 'Yes', published: false },
  'faq-questions-update': { question: 'Hostile?', answer: 'Yes', published: false },
  'faq-questions-position': { faqQuestionId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_fa000000-0000-4000-8000-000000000001`, newPosition: 0 },
  'move-contacts-create': { name: 'Hostile', title: null, phonenumber: null, email: null },
  'move-contacts-update': { name: 'Hostile', title: 'x', phonenumber: '+47 22 33 44 55', email: 'hostile@client-a.test' },
  'move-contacts-position': { contactId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_cc000000-0000-4000-8000-000000000001`, newPosition: 0 },
  'move-details-create': { title: 'Hostile', description: '', type: 'text' },
  'move-details-update': { title: 'Hostile', description: '', type: 'text' },
  'move-details-position': { moveDetailId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_de000000-0000-4000-8000-000000000001`, newPosition: 0 },
  'move-timeline-sections-create': { title: 'Hostile section', date: '2026-03-01', events: [] },
  'colors-create': { moveId: existing.moveId, primaryColor: '#123456' },
  'seat-letters-send': { scope: 'failed' },
  'history-restore': { entryId: 'history-00000000-0000-4000-8000-000000000000' },
  'movers-pass-create': { lastDay: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) },
  'colors-update': { moveId: existing.moveId, primaryColor: '#123456' },
  'templates-create': templateBody('Hostile template', '<p>x</p>', { availableForInternal: true }),
  'templates-update': templateBody('Hostile template', '<p>x</p>', { availableForCustomer: false }),
  'templates-position': { position: 0 },
  'move-documents-position': { position: 0 },
  'move-documents-upload-start': { name: 'hostile.pdf', size: 1000 },
  'move-documents-upload-commit': { blocks: 1 },
  'planner-floors-update': { label_color: 'green' },
  'planner-markers-create': { marker_type: 'room', title: 'Hostile', coordinates: { positionX: 1, positionY: 1 } },
  'planner-markers-update': { title: '203', coordinates: { positionX: 1, positionY: 1 } },
  'planner-people-create': { names: 'Hostile' },
  'planner-people-import': { csv: 'Space;Name\n' },
  'planner-marker-users-create': { name: 'Hostile', move_layout_marker_id: `${existing.moveId}_5a000000-0000-4000-8000-000000000003` },
  'planner-marker-users-update': { name: 'Hostile', move_layout_marker_id: null, stickersCount: null },
  'waves-create': { name: 'Hostile wave', day: '2099-01-01', packBy: '2099-01-01T08:00', pickUp: { start: '2099-01-01T09:00', end: '2099-01-01T10:00' } },
  'waves-update': {
    name: 'Hostile wave',
    day: '2099-01-01',
    arrival: { start: '2099-01-01T09:00', end: '2099-01-01T10:00' },
    capacity: { people: 3, crates: null },
  },
  'waves-position': { waveId: existing.waveId, newPosition: 0 },
  'waves-assign': { personIds: [existing.personId], waveId: existing.waveId },
  'templates-available-for-internal': { availableForInternal: false },
  'templates-available-for-customer': { availableForCustomer: true },
  'visit-reports-create': { category: 'it', text: 'Hostile?' },
  'move-day-report-update': { status: 'inProgress', assigneeId: null, answer: '' },
  'wall-links-create': { shows: 'seats' },
  'visit-feedback': { feedbackType: 'question', question: 'Hostile?', name: null, email: 'hostile@client-a.test', phone: null },
  'visit-session': { email: 'hostile@client-a.test', password: 'not-the-password' },
  'visit-sign-in-link': { email: 'hostile@elsewhere.test' },
};

interface Body {
  text: string;
  contentType: string;
  /** What the route must answer when the path is right. */
  status: 400 | 415;
}
const json = (value: Json): Body => ({ text: toText(value), contentType: 'application/json', status: 400 });

/** A body that must be refused whatever the route: not a JSON object, broken, or of another type. */
const refusedAnywhere: fc.Arbitrary<Body> = fc.oneof(
  fc.oneof(fc.array(junk, { maxLength: 3 }), text, number, fc.boolean(), fc.constant(null)).map(json),
  deepNesting.map(json),
  fc
    .constantFrom('', ' ', '{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', 'undefined', 'NaN', '\u0000', '\ufeff{}')
    .map((t): Body => ({ text: t, contentType: 'application/json', status: 400 })),
  fc
    .tuple(junk, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'))
    .map(([v, contentType]): Body => ({ text: toText(v), contentType, status: 415 })),
);

/** A body the route must refuse. A route without a body schema (DELETE) refuses any body. */
function refusedBody(contract: AnyRouteContract): fc.Arbitrary<Body> {
  if (!contract.body) {
    const any = fc.oneof(refusedAnywhere, junk.map(json), fc.constant(json(new Obj([]))));
    // An upload takes multipart/form-data only: anything else is 415, a broken multipart body 400.
    if (contract.upload) return any.map((b) => ({ ...b, status: /^multipart\//.test(b.contentType) ? (400 as const) : (415 as const) }));
    return any.map((b) => ({ ...b, status: 400 as const }));
  }
  const d = contract.body.describe() as Described;
  const valid = fc.constant(fromJs(validBodies[contract.name]) as Obj);
  return fc.oneof(
    { weight: 4, arbitrary: objectViolation(d, valid).map(json) },
    { weight: 2, arbitrary: objectViolation(d).map(json) },
    { weight: 1, arbitrary: refusedAnywhere },
  );
}

/** Any body at all, for requests whose path is already wrong: often a valid one. */
function anyBody(contract: AnyRouteContract): fc.Arbitrary<Body | undefined> {
  if (!contract.body) return fc.option(refusedBody(contract), { nil: undefined });
  const valid = fc.constant(json(fromJs(validBodies[contract.name])));
  return fc.oneof(valid, plausible(contract.body.describe() as Described).map(json), refusedBody(contract), fc.constant(undefined));
}

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD on the way, as a browser would send it). */
const encodeSegment = (value: string) =>
  [...new TextEncoder().encode(value)].map((b) => (/[A-Za-z0-9_~-]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : hex(b))).join('');
const decodes = (encoded: string) => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
};

/** Path values a parameter of this shape must not accept, already encoded. */
function hostilePathValue(shape: IdShape, validValue: string): fc.Arbitrary<string> {
  const odd = fc.constantFrom('/', '\\', '#', '?', ' ', '%', '_', '~', '.', ':', '*', '"', '<', '\n', '\u0000', '\u00a0', '\u2028', '\ud83d\ude9a');
  const plain = fc.oneof(
    fc.tuple(fc.constantFrom('', validValue, validValue.slice(0, 8)), odd, fc.constantFrom('', 'x', validValue, '..')).map(([a, c, b]) => `${a}${c}${b}`),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
    fc.constantFrom('?', '..?', '%', '%2F', 'x'.repeat(65), `${validValue}_${validValue}`, `${validValue}~x~y`, `brokering~~`, 'a'.repeat(2000)),
  );
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => [...b].map(hex).join(''));
  return fc.oneof(plain.map(encodeSegment), bytes).filter((encoded) => {
    const value = decodes(encoded);
    if (value === undefined) return true;
    return value !== '' && value !== '.' && value !== '..' && !shape.pattern.test(value);
  });
}

interface Sample {
  pathValue?: { name: string; encoded: string };
  body?: Body;
}

/**
 * Counterexamples random seeds found, kept as fixed cases. FC_SEED=1324693785: a JSON body after a
 * byte-order mark ('\uFEFF{}') was read as '{}' and created a movers' pass, a detail, a floor's and a
 * report's change (issue 47); each route gets it alone and before its valid body. The BOM is refused with
 * one message on every route; a route without a JSON body refuses it as any other body.
 */
const BOM = '\ufeff';
function foundBefore(contract: AnyRouteContract): Sample[] {
  const status = contract.upload ? 415 : 400;
  const valid = validBodies[contract.name] ?? {};
  return [`${BOM}{}`, `${BOM}${JSON.stringify(valid)}`].map((text) => ({ body: { text, contentType: 'application/json', status } }));
}
const BOM_MESSAGE = 'request body must not start with a byte-order mark';

function samples(contract: AnyRouteContract): fc.Arbitrary<Sample> {
  const params = Object.entries(contract.params as Record<string, IdShape>);
  const badBody = refusedBody(contract).map((body): Sample => ({ body }));
  if (params.length === 0) return badBody;
  const badPath = fc
    .tuple(
      fc.constantFrom(...params).chain(([name, shape]) => hostilePathValue(shape, existing[name]).map((encoded) => ({ name, encoded }))),
      anyBody(contract),
    )
    .map(([pathValue, body]): Sample => ({ pathValue, body }));
  return fc.oneof(badBody, badPath);
}

describe('generated hostile input on every write route and every id parameter', () => {
  const writeRoutes = routes.map((r) => r.contract).filter((c) => c.method !== 'GET');
  let visitorSession: Promise<string> | undefined;
  const visitorToken = () =>
    (visitorSession ??= call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { email: 'hostile@client-a.test', password: 'flytting-2026' } }).then(
      (answer) => answer.body.token as string,
    ));

  // Move day's person routes need a personal link's session (another session is 401 before the body):
  // the demo person's, made as `npm start` makes it (only its hash stored).
  const personRoutes = new Set(Object.values(api.moveDayVisit).map((c) => c.name));
  let personSession: Promise<string> | undefined;
  const personToken = () =>
    (personSession ??= import('@movers/local/src/seedMoveDay.ts')
      .then(({ demoPersonalLink }) => demoPersonalLink('https://hostile.test/aurora-hq'))
      .then((link) => call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { personToken: link.split('/me/')[1] } }))
      .then((answer) => answer.body.token as string));

  it('has write routes to check, and a valid body for each that takes one', async () => {
    expect(writeRoutes.length).toBeGreaterThan(10);
    for (const contract of writeRoutes.filter((c) => c.body)) {
      expect(validBodies[contract.name], contract.name).toBeDefined();
      expect(await validate(contract.body, validBodies[contract.name]), contract.name).toMatchObject({ ok: true });
    }
  });

  /** Routes whose path names a record no seed holds: one is made first (a large document's upload, started), so the body is judged. */
  const madeFirst: Record<string, () => Promise<Record<string, string>>> = {
    'move-documents-upload-commit': async () => {
      const started = await call('super', 'POST', existingPath('v1/locations/{locationId}/moves/{moveId}/document-uploads'), {
        body: { name: 'hostile.pdf', size: 1000 },
      });
      return { uploadId: started.body.uploadId };
    },
  };

  for (const contract of writeRoutes) {
    it(`${contract.method} ${contract.path}: refused with a 4xx, never a 5xx, nothing stored`, async () => {
      const made = (await madeFirst[contract.name]?.()) ?? {};
      const before = await storedState();
      await fc.assert(
        fc.asyncProperty(samples(contract), async (sample) => {
          // A move's timeline is owned by a move (the shared `ownerId` is a brokering's): the route's
          // `authorize` answers 404 for an owner that is none before the body is read (issue 39).
          const owner: Record<string, string> = contract.path.startsWith('v1/moves/{ownerId}') ? { ownerId: encodeURIComponent(existing.moveId) } : {};
          const path = existingPath(contract.path, { ...owner, ...made, ...(sample.pathValue ? { [sample.pathValue.name]: sample.pathValue.encoded } : {}) });
          // Any If-Match, so that updates judge the body rather than stop at the missing ETag (428).
          const headers: Record<string, string> = { 'If-Match': '"x"' };
          if (sample.body) headers['Content-Type'] = sample.body.contentType;
          // A visitor's call carries a visitor session of the demo move instead of a staff token.
          if (contract.access === 'visitor') headers.Authorization = `Bearer ${await (personRoutes.has(contract.name) ? personToken() : visitorToken())}`;
          const answer = await call(contract.access === 'visitor' ? 'anonymous' : 'super', contract.method, path, { rawBody: sample.body?.text, headers });
          const said = `${contract.method} ${path} → ${answer.status} ${JSON.stringify(answer.body?.error ?? '').slice(0, 300)}`;
          // A malformed path id is not found before the body is read. Only a DELETE with a body is refused
          // first (400), when the host could decode the path at all (bytes that are not UTF-8 match no route).
          const expected = !sample.pathValue ? [sample.body?.status] : sample.body && contract.method === 'DELETE' ? [400, 404] : [404];
          if (answer.status >= 500) throw new Error(`server error: ${said}`);
          if (!expected.includes(answer.status as 400)) throw new Error(`expected ${expected.join(' or ')}: ${said}`);
          if (typeof answer.body?.error?.message !== 'string') throw new Error(`no JSON error: ${said}`);
          if (!sample.pathValue && contract.body && sample.body?.text.startsWith(BOM) && answer.body.error.message !== BOM_MESSAGE)
            throw new Error(`expected '${BOM_MESSAGE}': ${said}`);
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true, examples: foundBefore(contract).map((sample) => [sample]) },
      );
      expect(await storedState(), `stored state changed by refused requests (seed ${seed})`).toEqual(before);
    });
  }
});

/**
 * A refused caller is refused before anything it sent is read (issue 47): on every route that answers
 * ext-b 403 for client A's records, generated queries (unknown parameters, hostile values of the
 * declared ones) and bodies of any media type (on a GET, the header alone) still answer 403, never a
 * 400, 415 or 428, and change nothing.
 */
describe("generated queries and media types from a caller refused the route's record", () => {
  const contracts = routes.map((r) => r.contract).filter((c) => c.access !== 'public' && c.access !== 'visitor' && c.access !== 'visitorEntry');
  const contentTypes = [
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'image/png',
  ];
  const queryOf = (contract: AnyRouteContract) => {
    const declared = contract.query ? Object.keys((contract.query.describe() as Described).fields ?? {}) : [];
    const key =
      declared.length > 0
        ? fc.oneof(fc.constantFrom(...declared), protoKey, fc.string({ minLength: 1, maxLength: 12 }))
        : fc.oneof(protoKey, fc.string({ minLength: 1, maxLength: 12 }));
    return fc
      .array(fc.tuple(key, text), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&'));
  };
  const sampleOf = (contract: AnyRouteContract) =>
    fc.record({
      query: fc.option(queryOf(contract), { nil: undefined }),
      contentType: fc.option(fc.constantFrom(...contentTypes), { nil: undefined }),
      body: fc.oneof(junk.map(toText), fc.constantFrom('', '{', '\ufeff{}', '--x\r\n')),
    });
  let before: Awaited<ReturnType<typeof storedState>>;
  it('reads what is stored first', async () => {
    before = await storedState();
  });
  for (const contract of contracts) {
    it(`${contract.method} ${contract.path}: 403 whatever the query, body and media type`, async () => {
      const path = existingPath(contract.path, contract.path.startsWith('v1/moves/{ownerId}') ? { ownerId: encodeURIComponent(existing.moveId) } : {});
      const plain = await call('extB', contract.method, path, { headers: { 'If-Match': '"x"' } });
      // Only where ext-b is refused the record (a route open to every signed-in user, or whose record is in the body, is not).
      if (plain.status !== 403) return;
      await fc.assert(
        fc.asyncProperty(sampleOf(contract), async (sample) => {
          const headers: Record<string, string> = { 'If-Match': '"x"' };
          if (sample.contentType) headers['Content-Type'] = sample.contentType;
          const rawBody = contract.method === 'GET' || !sample.contentType ? undefined : sample.body;
          const sent = `${path}${sample.query ? `?${sample.query}` : ''}`;
          const answer = await call('extB', contract.method, sent, { rawBody, headers });
          if (answer.status !== 403)
            throw new Error(`expected 403: ${contract.method} ${sent} → ${answer.status} ${JSON.stringify(answer.body?.error ?? '').slice(0, 300)}`);
        }),
        { seed, numRuns: 10, endOnFailure: true },
      );
    });
  }
  it('changed nothing stored', async () => {
    expect(await storedState(), `stored state changed by refused requests (seed ${seed})`).toEqual(before);
  });
});
