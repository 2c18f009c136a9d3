import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { pngHeader } from '@movers/local/src/testing/pngHeader.ts';
import { type AnyCaller, call, loopbackAddress } from './call.ts';

/*
 * The served document is the API (issue 47): this test reads only GET /api/openapi.json and, for every
 * operation, sends requests it generates from the document. Valid ones (every field drawn from its
 * schema: type, enum, const, patterns, lengths, bounds, days, e-mails, lists, required and optional
 * properties, multipart forms with a small file of an accepted type) must get a status the operation
 * declares and no 5xx: a 2xx, or a business 4xx the document declares (a 400 only where the operation
 * says what the API checks beyond the schemas). Invalid ones, a valid request with one constraint broken
 * (a required property removed, a text too long or too short, a pattern broken, a value outside the
 * enum, a wrong type, a number out of bounds, a list too long, an unknown property or query parameter),
 * must get a 4xx. As a super user, a staff user and an External user (refused the test's own client's
 * records: 403/404), and as a visitor of the test's own move on the visitor routes.
 *
 * What the test knows beyond the document is only how to make its own records for the path parameters
 * (a client 'Zz …' of country IE, its location, move, floor and so on), and which operations it cannot
 * reach, listed in `notExercised` with the reason.
 *
 * The seed is fixed in CI; locally it is random and printed with any failure. Replay one with
 * `FC_SEED=<seed> node scripts/vitest.mjs run --project api functions/test/api/openapiGenerated.test.ts`.
 */
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_128 : Date.now() ^ (Math.random() * 0x7fffffff);
const VALID_RUNS = Number(process.env.FC_RUNS) || 3;
const INVALID_RUNS = Number(process.env.FC_RUNS) || 4;

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema of the served document, of any keyword
type Schema = Record<string, any>;
/** An answer as the test reads it: its error, when it is one. */
interface Answer {
  path: string;
  status: number;
  body: { error?: { message?: string; fields?: Record<string, string> } } | undefined;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  description?: string;
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: Schema; encoding?: Record<string, { contentType?: string }> };
  statuses: number[];
  responseDescriptions: Record<number, string>;
  security?: Record<string, string[]>[];
}

const stack = inject('stack');
const served = await fetch(`${stack.apiOrigin}/api/openapi.json`);
const document = (await served.json()) as { paths: Record<string, Record<string, Schema>> };

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op && typeof op === 'object' && op.responses)
    .map(([method, op]): Operation => {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'];
      const form = content['multipart/form-data'];
      return {
        method: method.toUpperCase(),
        path,
        description: op.description,
        parameters: [...((item.parameters ?? []) as Parameter[]), ...((op.parameters ?? []) as Parameter[])],
        body: json ? { type: 'json', schema: json.schema } : form ? { type: 'multipart', schema: form.schema, encoding: form.encoding } : undefined,
        statuses: Object.keys(op.responses).map(Number),
        responseDescriptions: Object.fromEntries(
          Object.entries(op.responses as Record<string, { description?: string }>).map(([k, r]) => [Number(k), r.description ?? '']),
        ),
        security: op.security,
      };
    }),
);
const nameOf = (op: Operation) => `${op.method} ${op.path}`;

// ---- the document's schemas as validators and as generators ----

const fullDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
// The e-mail's own rule is its pattern; a date is a real day of the calendar.
const ajv = new Ajv2020({ strict: false, allErrors: false, formats: { email: true, date: fullDate, password: true, binary: true } });
const validators = new Map<Schema, (value: unknown) => boolean>();
const fits = (schema: Schema, value: unknown) => {
  let validate = validators.get(schema);
  if (!validate) {
    const compiled = ajv.compile(schema);
    validate = (v) => compiled(v) as boolean;
    validators.set(schema, validate);
  }
  return validate(value);
};

/** Patterns that every text has (no control characters, not blank): a friendly alphabet keeps them. */
const GENERIC = new Set(['^[^\\u0000-\\u001F\\u007F-\\u009F]*$', '^[^\\u0000-\\u001f\\u007f-\\u009f]*$', '\\S']);
const patternsOf = (schema: Schema): string[] => [
  ...(typeof schema.pattern === 'string' ? [schema.pattern] : []),
  ...((schema.allOf ?? []) as Schema[]).flatMap((s) => (typeof s.pattern === 'string' ? [s.pattern] : [])),
];
const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

const friendly = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ÆØÅæøå-.,'.split(''));
const friendlyText = (min: number, max: number) =>
  fc.string({
    unit: fc.oneof({ weight: 20, arbitrary: friendly }, { weight: 1, arbitrary: fc.constantFrom('😀', '株', 'é', "'", '&') }),
    minLength: min,
    maxLength: max,
  });

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const specific = patternsOf(schema).filter((p) => !GENERIC.has(p) && !p.startsWith('^$|') && !p.startsWith('^\\s*$|'));
  const optional = patternsOf(schema)
    .filter((p) => p.startsWith('^$|') || p.startsWith('^\\s*$|'))
    .map((p) => p.replace(/^\^\$\||^\^\\s\*\$\|/, ''));
  const options: fc.Arbitrary<string>[] = [];
  if (schema.format === 'date' || (schema.anyOf ?? []).some((s: Schema) => s.format === 'date'))
    options.push(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  for (const p of [...specific, ...optional]) {
    // fast-check draws from most patterns; one it cannot read (a lookahead) leaves the friendly text, filtered.
    try {
      options.push(fc.stringMatching(new RegExp(p)));
    } catch {
      options.push(friendlyText(min, max));
    }
  }
  if (options.length === 0 || schema.format === 'email') {
    if (schema.format === 'email' || optional.some((p) => p.includes('@')))
      options.push(fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([a, b]) => `${a}@${b}.test`));
    else options.push(friendlyText(min, max));
  }
  return fc.oneof(...options);
}

/** Values the schema takes, drawn from it and kept only when the whole schema takes them. */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  return draft(schema).filter((v) => fits(schema, v));
}
function draft(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  const types = typesOf(schema);
  if (choices && !types.includes('string')) return fc.oneof(...choices.map((c) => draft(joined(schema, c))));
  const nonNull = types.filter((t) => t !== 'null');
  const of = (type: string | undefined): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
      case 'number':
        return fc.oneof(
          fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 100_000) }),
          fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true }),
        );
      case 'boolean':
        return fc.boolean();
      case 'array':
        return arrayArbitrary(schema);
      case 'object':
        return objectArbitrary(schema);
      default:
        return schema.properties ? objectArbitrary(schema) : fc.constant(null);
    }
  };
  const drafts = nonNull.map(of);
  if (types.includes('null')) drafts.push(fc.constant(null));
  return drafts.length === 0 ? of(undefined) : fc.oneof(...drafts);
}
/** A schema with one of its anyOf/oneOf branches joined in: its required names added, its properties' keywords merged. */
function joined(schema: Schema, branch: Schema): Schema {
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  const properties = { ...(rest.properties ?? {}) } as Record<string, Schema>;
  for (const [k, v] of Object.entries((branch.properties ?? {}) as Record<string, Schema>)) properties[k] = { ...(properties[k] ?? {}), ...v };
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(branch).filter(([k]) => k !== 'properties' && k !== 'required')),
    ...(rest.properties || branch.properties ? { properties } : {}),
    ...(rest.required || branch.required ? { required: [...new Set([...(rest.required ?? []), ...(branch.required ?? [])])] } : {}),
  };
}
function arrayArbitrary(schema: Schema): fc.Arbitrary<unknown[]> {
  const items = (schema.items ?? {}) as Schema;
  // A list that must hold certain elements ('contains', as the six locales of a page): one of each.
  const contained = ((schema.allOf ?? []) as Schema[]).filter((s) => s.contains).map((s) => s.contains as Schema);
  if (contained.length > 0) {
    return fc.tuple(
      ...contained.map((c) =>
        valid(items).map((element) => {
          const fixed = Object.fromEntries(
            Object.entries((c.properties ?? {}) as Record<string, Schema>)
              .filter(([, s]) => 'const' in s)
              .map(([k, s]) => [k, s.const]),
          );
          return { ...(element as object), ...fixed };
        }),
      ),
    );
  }
  const min = schema.minItems ?? 0;
  const size = { minLength: min, maxLength: Math.min(schema.maxItems ?? min + 3, min + 3) };
  return schema.uniqueItems ? fc.uniqueArray(valid(items), { ...size, selector: (v) => JSON.stringify(v) }) : fc.array(valid(items), size);
}
function objectArbitrary(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  return fc
    .tuple(...entries.map(([k, s]) => (required.has(k) ? valid(s) : fc.option(valid(s), { nil: undefined, freq: 2 })).map((v) => [k, v] as const)))
    .map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
}

// ---- one constraint broken ----

interface Mutation {
  what: string;
  value: unknown;
}
type Node = Record<string | number, unknown>;
const deleteAt = (root: unknown, path: (string | number)[], last: string): unknown => {
  const copy = structuredClone(root) as Node;
  let node = copy;
  for (const key of path) node = node[key] as Node;
  delete node[last];
  return copy;
};
const setAt = (root: unknown, path: (string | number)[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Node;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Node;
  node[path[path.length - 1]] = value;
  return copy;
};

/** Each constraint of the schema broken in turn on a valid value (the root of `path` in `root`). */
function mutations(schema: Schema, value: unknown, root: unknown, path: (string | number)[] = []): Mutation[] {
  const where = path.length ? path.join('.') : 'body';
  const out: Mutation[] = [];
  const types = typesOf(schema);
  const add = (what: string, v: unknown) => out.push({ what: `${where}: ${what}`, value: setAt(root, path, v) });
  if (types.length > 0) {
    const wrong: unknown[] = [];
    if (!types.includes('string')) wrong.push('text');
    if (!types.includes('number') && !types.includes('integer')) wrong.push(12);
    if (!types.includes('boolean')) wrong.push(true);
    if (!types.includes('object')) wrong.push({ a: 1 });
    if (!types.includes('array')) wrong.push([1]);
    if (!types.includes('null')) wrong.push(null);
    for (const w of wrong) add(`wrong type ${JSON.stringify(w)}`, w);
  }
  if (Array.isArray(schema.enum)) add('outside the enum', 'zz-not-listed');
  if ('const' in schema) add('not the const', `${schema.const}-other`);
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number') add(`over maxLength ${schema.maxLength}`, 'x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) add(`under minLength ${schema.minLength}`, 'x'.repeat(schema.minLength - 1));
    for (const p of patternsOf(schema)) {
      const re = new RegExp(p, 'u');
      const broken = ['', ' ', 'x', 'X Y', '1', '!', 'a\u0001b', 'zz@', '00', 'abc-ÆØ'].find((c) => !re.test(c));
      if (broken !== undefined) add(`pattern ${p} broken`, broken);
    }
    if (schema.format === 'date') add('not a day', '2026-02-30');
  }
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number') add(`over maximum ${schema.maximum}`, schema.maximum + 1);
    if (typeof schema.minimum === 'number') add(`under minimum ${schema.minimum}`, schema.minimum - 1);
    if (types.includes('integer') && !types.includes('number')) add('not whole', 0.5);
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > 0)
      add(
        `over maxItems ${schema.maxItems}`,
        Array.from({ length: schema.maxItems + 1 }, () => value[0]),
      );
    if (typeof schema.minItems === 'number' && schema.minItems > 0) add(`under minItems ${schema.minItems}`, value.slice(0, schema.minItems - 1));
    if (schema.uniqueItems && value.length > 0) add('an item twice', [...value, value[0]]);
    if (value.length > 0 && schema.items) out.push(...mutations(schema.items, value[0], root, [...path, 0]));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[])
      if (name in (value as object)) out.push({ what: `${where}: required ${name} removed`, value: deleteAt(root, path, name) });
    if (schema.additionalProperties === false) add('an unknown property', { ...(value as object), zzUnknown: 1 });
    for (const [name, v] of Object.entries(value as object)) if (properties[name]) out.push(...mutations(properties[name], v, root, [...path, name]));
  }
  return out;
}

// ---- the test's own records, for the path parameters ----

type Caller = 'super' | 'staff' | 'extA' | 'visitor';
const tag = `${seed}`.replace('-', 'n').slice(-8);
const ids: Record<string, string> = {};
/** An id parameter that names different records on different operations. */
const idsByOperation: Record<string, Record<string, string>> = {};
const fixtureProblems: string[] = [];
let visitorToken = '';
const visitorAddress = loopbackAddress();

const made = async (what: string, answer: Promise<{ status: number; body: Schema }>, expected = [200, 201]): Promise<Schema> => {
  const a = await answer;
  if (!expected.includes(a.status)) fixtureProblems.push(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
  return a.body ?? {};
};
async function sendForm(caller: Caller | 'anonymous', method: string, path: string, form: FormData, headers: Record<string, string> = {}) {
  const auth: Record<string, string> =
    caller === 'visitor' ? { Authorization: `Bearer ${visitorToken}` } : caller === 'anonymous' ? {} : { Authorization: `Bearer ${stack.tokens[caller]}` };
  const response = await fetch(`${stack.apiOrigin}/api${path}`, { method, headers: { ...auth, ...headers }, body: form });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : await response.arrayBuffer() };
}
const png = () => new Blob([pngHeader(120, 120)], { type: 'image/png' });

async function makeRecords() {
  const client = await made(
    'client',
    call('super', 'POST', '/v1/clients', { body: { name: `Zz Generated ${tag}`, orgNumber: tag, countryId: 'IE', active: true } }),
  );
  ids.clientId = client.id;
  const location = await made(
    'location',
    call('super', 'POST', `/v1/clients/${ids.clientId}/locations`, {
      body: { name: `Zz depot ${tag}`, address: '1 Main Street', city: 'Dublin', countryId: 'IE', isStorage: true },
    }),
  );
  ids.locationId = location.id;
  const user = await made(
    'user',
    call('super', 'POST', '/v1/users/invitation', { body: { name: `Zz Person ${tag}`, email: `zz.${tag}@zz-generated.test`, clientId: ids.clientId } }),
  );
  ids.userId = user.user?.id;
  const movePath = `zz-generated-${tag}`;
  const move = await made(
    'move',
    call('super', 'POST', `/v1/locations/${ids.locationId}/moves`, {
      body: moveInput(movePath, { password: 'zz generated secret' }),
    }),
  );
  ids.moveId = move.id;
  ids.ownerId = move.id;
  ids.path = movePath;
  // A wall link to revoke (DELETE /v1/wall-links/{linkId}); the wall's own reads get 401 without its token.
  ids.linkId = (await made('wall link', call('super', 'POST', `/v1/moves/${move.id}/wall-links`, { body: { shows: 'seats' } }))).id;
  const lease = await made(
    'lease',
    call('super', 'POST', `/v1/clients/${ids.clientId}/leases`, { body: { title: 'Zz lease', locations: [ids.locationId], numberOfPeople: 3 } }),
  );
  ids.leaseId = lease.id;
  const reminder = await made(
    'reminder',
    call('super', 'POST', `/v1/leases/${ids.leaseId}/reminders`, { body: { title: 'Zz reminder', description: 'd', dueDate: '2099-01-01' } }),
  );
  ids.reminderId = reminder.id;
  const brokering = await made(
    'brokering',
    call('super', 'POST', `/v1/clients/${ids.clientId}/brokerings`, {
      body: {
        name: 'Zz project',
        clientContact: { id: ids.userId },
        projectManager: { id: stack.accounts.find((a) => a.mail === 'staff@movers.test')?.id },
        teamMembers: [{ id: stack.accounts.find((a) => a.mail === 'staff@movers.test')?.id }],
        externalTeamMembers: [],
        documentPrefix: 'Zz',
        documentProjectId: 'P-1',
      },
    }),
  );
  ids.brokeringId = brokering.id;
  idsByOperation['/v1/brokerings/{ownerId}/timeline_sections'] = { ownerId: brokering.id };
  const section = await made(
    'section',
    call('super', 'POST', `/v1/moves/${ids.moveId}/timeline_sections`, { body: { title: 'Zz section', date: '2026-03-01', events: [] } }),
  );
  ids.sectionId = section.id;
  const locales = ['en', 'no', 'nn', 'de', 'da', 'se'];
  const page = await made(
    'page',
    call('super', 'POST', `/v1/moves/${ids.moveId}/pages`, {
      body: { templateId: null, translations: locales.map((locale) => ({ locale, title: 'Zz', content: '' })) },
    }),
  );
  ids.movePageId = page.id;
  ids.faqQuestionId = (
    await made('faq', call('super', 'POST', `/v1/moves/${ids.moveId}/faq_questions`, { body: { question: 'Zz?', answer: 'Yes', published: false } }))
  ).id;
  ids.contactId = (
    await made('contact', call('super', 'POST', `/v1/moves/${ids.moveId}/contacts`, { body: { name: 'Zz', title: null, phonenumber: null, email: null } }))
  ).id;
  ids.moveDetailId = (
    await made('detail', call('super', 'POST', `/v1/moves/${ids.moveId}/details`, { body: { title: 'Zz', description: '', type: 'text' } }))
  ).id;
  ids.feedbackId = (
    await made(
      'feedback',
      call('super', 'POST', `/v1/moves/${ids.moveId}/feedback`, {
        body: { feedbackType: 'question', question: 'Zz?', name: null, email: 'zz@zz-generated.test', phone: null },
      }),
    )
  ).id;
  const floorForm = new FormData();
  floorForm.append('floor_name', '1');
  floorForm.append('floor_size', 'small');
  floorForm.append('layout', png(), 'plan.png');
  ids.layoutId = (await made('floor', sendForm('super', 'POST', `/v1/moves/${ids.moveId}/layouts`, floorForm))).id;
  const marker = await made(
    'marker',
    call('super', 'POST', `/v1/layouts/${ids.layoutId}/markers`, {
      body: { marker_type: 'room', title: '101', coordinates: { positionX: 10, positionY: 10 } },
    }),
  );
  ids.markerId = marker.id;
  const person = await made('person', call('super', 'POST', `/v1/moves/${ids.moveId}/people`, { body: { names: 'Zz Person' } }));
  ids.personId = person.id ?? person[0]?.id;
  ids.markerUserId = ids.personId;
  ids.waveId = (await made('wave', call('super', 'POST', `/v1/moves/${ids.moveId}/waves`, { body: { name: 'Zz wave', day: '2099-01-01' } }))).id;
  ids.recordKind = 'move';
  ids.recordId = ids.moveId;
  const template = await made(
    'template',
    call('super', 'POST', '/v1/templates', {
      body: {
        translations: locales.map((locale) => ({ locale, title: `Zz template ${tag}`, content: '<p>x</p>' })),
        availableForInternal: true,
        availableForCustomer: false,
      },
    }),
  );
  ids.templateId = template.id;
  const documentForm = new FormData();
  documentForm.append('document', new Blob(['zz'], { type: 'text/plain' }), 'zz.txt');
  ids.documentId = (await made('document', sendForm('super', 'POST', `/v1/locations/${ids.locationId}/moves/${ids.moveId}/document`, documentForm))).id;
  const documentUpload = await made(
    'document upload',
    call('super', 'POST', `/v1/locations/${ids.locationId}/moves/${ids.moveId}/document-uploads`, { body: { name: 'zz.pdf', size: 1000 } }),
  );
  const imageForm = new FormData();
  imageForm.append('upload', png(), 'zz.png');
  const image = await made('image', sendForm('super', 'POST', '/v1/images', imageForm));
  ids.uploadId = String(image.url).split('/').pop() ?? '';
  idsByOperation['/v1/locations/{locationId}/moves/{moveId}/document-uploads/{uploadId}'] = { uploadId: documentUpload.uploadId };
  await made('colors', call('super', 'POST', '/v1/colors', { body: { moveId: ids.moveId, primaryColor: '#123456' }, headers: { 'If-Match': '*' } }));
  const session = await made(
    'visitor session',
    call('anonymous', 'POST', `/v1/visit/${movePath}/session`, { body: { password: 'zz generated secret' }, from: visitorAddress }),
  );
  visitorToken = session.token;
}

// ---- requests ----

/** Operations the test cannot take to what they do, and why; they are still sent, to answer as declared. */
const personSession =
  "needs a visitor session of a person of the move (a seat letter's personal link, sent by mail): the test's visitor session is the move's password, so it gets the declared 401/403";
const noReport =
  "names a move-day report, which only a person's visitor session can make (see the visitor's reports): the test has none, so it gets the declared 404";
const notExercised: Record<string, string> = {
  'GET /v1/visit/{path}/me': personSession,
  'POST /v1/visit/{path}/arrival': personSession,
  'DELETE /v1/visit/{path}/arrival': personSession,
  'GET /v1/visit/{path}/reports': personSession,
  'POST /v1/visit/{path}/reports': personSession,
  'POST /v1/visit/{path}/reports/{reportId}/photo': noReport,
  'GET /v1/visit/{path}/reports/{reportId}/photo': noReport,
  'PATCH /v1/reports/{reportId}': noReport,
  'GET /v1/reports/{reportId}/photo': noReport,
  'GET /v1/brokerings/{brokeringId}/documents':
    "reaches the document store with the stack's delegated token, where the test's own project has no folder: the spec's 404 'no documents for this brokering project'",
};

const callers: Caller[] = ['super', 'staff', 'extA'];
const isVisitorRoute = (op: Operation) => Array.isArray(op.security);
/**
 * A 400 that a rule of the operation's description explains ('Checked by the API beyond the schemas:
 * - `field`: …'): each field the answer names is a field a rule names, or, naming none, its message is
 * in the description.
 */
const explainedByRule = (op: Operation, answer: Answer) => {
  const description = op.description ?? '';
  if (!/beyond the schemas/.test(description)) return false;
  const ruled = new Set([...description.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1].split(/[.[]/)[0]));
  const named = Object.keys(answer.body?.error?.fields ?? {}).map((f) => f.split(/[.[]/)[0]);
  if (named.length > 0) return named.every((f) => ruled.has(f));
  return description.includes(answer.body?.error?.message ?? '\u0000');
};
/** The document's rule (info.description): declared query parameters, no others, unless the operation says others are ignored. */
const refusesOtherQueryParameters = (op: Operation) =>
  op.parameters.some((p) => p.in === 'query') && !/other query parameters are ignored/i.test(op.description ?? '');
/** A 400 the document declares for a record the body names that does not exist ('… not found' in `fields`). */
const namesMissingRecord = (op: Operation, answer: Answer) => {
  const fields = Object.values(answer.body?.error?.fields ?? {});
  return (
    op.body !== undefined &&
    /a record the body names/.test(op.responseDescriptions[400] ?? '') &&
    fields.length > 0 &&
    fields.every((f) => / not found$/.test(f))
  );
};

function pathOf(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = idsByOperation[op.path]?.[name] ?? ids[name];
    if (value !== undefined) return encodeURIComponent(value);
    const schema = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    // A parameter that names no record (a photo size, an image's kind): the first value the document lists.
    const listed = Array.isArray(schema.enum) ? schema.enum[0] : typeof schema.pattern === 'string' ? /^\^\(\?:([^|)]+)/.exec(schema.pattern)?.[1] : undefined;
    return encodeURIComponent(listed ?? 'unknown');
  });
}
const queryParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'query');

/** Valid query values: each parameter present or not, drawn from its schema. */
const validQuery = (op: Operation) =>
  fc
    .tuple(
      ...queryParameters(op).map((p) =>
        (p.required ? valid(p.schema) : fc.option(valid(p.schema), { nil: undefined, freq: 2 })).map((v) => [p.name, v] as const),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) as Record<string, string>);

interface Request {
  query: Record<string, string>;
  body?: unknown;
  what?: string;
}
const validRequest = (op: Operation): fc.Arbitrary<Request> =>
  fc.record({ query: validQuery(op), body: op.body ? valid(op.body.schema) : fc.constant(undefined) });

/** A valid request with one constraint of its body or query broken. */
const invalidRequest = (op: Operation): fc.Arbitrary<Request | undefined> =>
  validRequest(op).chain((request) => {
    const broken: Request[] = refusesOtherQueryParameters(op)
      ? [{ ...request, query: { ...request.query, zzUnknown: '1' }, what: 'an unknown query parameter' }]
      : [];
    for (const p of queryParameters(op)) {
      const value = request.query[p.name] ?? String(fc.sample(valid(p.schema), { numRuns: 1, seed })[0]);
      for (const m of mutations(p.schema, value, value)) {
        if (typeof m.value !== 'string' && typeof m.value !== 'number') continue;
        if (fits(p.schema, String(m.value))) continue;
        broken.push({ ...request, query: { ...request.query, [p.name]: String(m.value) }, what: `query ${p.name}: ${m.what}` });
      }
    }
    if (op.body) {
      for (const m of mutations(op.body.schema, request.body, request.body)) {
        // In a form every field is text: a wrong JSON type is no mutation there.
        if (op.body.type === 'multipart' && /wrong type/.test(m.what) && m.what.split(':')[0] !== 'body') continue;
        if (!fits(op.body.schema, m.value)) broken.push({ ...request, body: m.value, what: m.what });
      }
    }
    return broken.length ? fc.constantFrom(...broken) : fc.constant(undefined);
  });

async function send(op: Operation, caller: Caller, request: Request) {
  const query = new URLSearchParams(request.query).toString();
  const path = `${pathOf(op)}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  for (const p of op.parameters.filter((h) => h.in === 'header')) {
    if (p.name === 'If-Match') headers['If-Match'] = '*';
    if (p.name === 'X-Document-Store-Token' && caller !== 'visitor') headers[p.name] = stack.documentStoreTokens[caller];
  }
  const who: AnyCaller | 'visitor' = caller;
  if (op.body?.type === 'multipart') {
    const form = new FormData();
    const fields = (request.body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields)) {
      const schema = op.body.schema.properties?.[name] ?? {};
      // A form has no null: a field without a value is left out.
      if (value === null) continue;
      if (schema.format === 'binary') {
        const accepted = op.body.encoding?.[name]?.contentType?.split(',')[0]?.trim();
        // A small file of the first type the part takes: a PNG for an image, a PDF for a floor's source.
        if (accepted === 'application/pdf') form.append(name, new Blob(['%PDF-1.4\n%%EOF\n'], { type: accepted }), 'zz.pdf');
        else form.append(name, accepted ? png() : new Blob(['zz generated'], { type: 'text/plain' }), accepted ? 'zz.png' : 'zz.txt');
      } else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return { path, ...(await sendForm(who === 'visitor' ? 'visitor' : isVisitorRoute(op) ? 'anonymous' : (who as Caller), op.method, path, form, headers)) };
  }
  if (who === 'visitor') {
    const visitorSession = op.security?.some((s) => 'visitorSession' in s);
    if (visitorSession) headers.Authorization = `Bearer ${visitorToken}`;
    return { path, ...(await call('anonymous', op.method, path, { body: request.body, headers, from: visitorAddress })) };
  }
  return { path, ...(await call(who, op.method, path, { body: request.body, headers })) };
}

const said = (op: Operation, caller: Caller, answer: Answer, request: Request) =>
  `${caller} ${op.method} ${answer.path} ${request.body === undefined ? '' : JSON.stringify(request.body).slice(0, 400)}${request.what ? ` [${request.what}]` : ''} → ${answer.status} ${JSON.stringify(answer.body?.error ?? '').slice(0, 300)} (seed ${seed})`;

/** What a caller may be answered to a valid request, beyond a 5xx never and a status the operation declares. */
function checkValid(op: Operation, caller: Caller, answer: Answer, request: Request) {
  const text = said(op, caller, answer, request);
  if (answer.status >= 500) throw new Error(`server error: ${text}`);
  if (!op.statuses.includes(answer.status)) throw new Error(`undeclared status: ${text}`);
  const namesOwnRecord = /\{\w+\}/.test(op.path) && !isVisitorRoute(op) && !op.path.startsWith('/v1/users/me');
  if (caller === 'extA' && namesOwnRecord && answer.status < 300) throw new Error(`an External user reached another client's record: ${text}`);
  if (caller === 'extA' && namesOwnRecord) {
    if (![403, 404].includes(answer.status)) throw new Error(`expected 403 or 404 for another client's record: ${text}`);
    return;
  }
  if (answer.status === 400 && !explainedByRule(op, answer) && !namesMissingRecord(op, answer))
    throw new Error(`a request the document takes was refused, with no rule of the operation to say why: ${text}`);
  if (answer.status === 401 && !isVisitorRoute(op)) throw new Error(`a signed-in caller got 401: ${text}`);
  if (answer.status === 413 || answer.status === 415) throw new Error(`a request the document takes was refused: ${text}`);
}
function checkInvalid(op: Operation, caller: Caller, answer: Answer, request: Request) {
  const text = said(op, caller, answer, request);
  if (answer.status >= 500) throw new Error(`server error: ${text}`);
  if (!op.statuses.includes(answer.status)) throw new Error(`undeclared status: ${text}`);
  if (answer.status < 400) throw new Error(`a request the document refuses was taken: ${text}`);
}

const deletes = (op: Operation) => op.method === 'DELETE';

describe('requests generated from the served document', () => {
  it('makes its own records', async () => {
    await makeRecords();
    expect(fixtureProblems, `records the test could not make (seed ${seed})`).toEqual([]);
  });

  const phases: [string, Operation[]][] = [
    ['reads and changes', operations.filter((op) => !deletes(op))],
    // A record's parts before the record (a floor's markers before the floor): the document lists parts after.
    ['deletes', operations.filter(deletes).reverse()],
  ];
  for (const [phase, ops] of phases) {
    for (const caller of [...callers, 'visitor' as const]) {
      // A visitor's routes are the visitor's; the others are signed-in callers'.
      const mine = ops.filter((op) => (caller === 'visitor') === isVisitorRoute(op));
      describe(`${phase} as ${caller}`, () => {
        for (const op of mine) {
          it(`${nameOf(op)}: valid requests get a declared answer, invalid ones a 4xx, never a 5xx`, async () => {
            await fc.assert(
              // An operation with no body and no query to break (most reads) has no invalid request of this kind.
              fc.asyncProperty(invalidRequest(op), async (request) => {
                if (request) checkInvalid(op, caller, await send(op, caller, request), request);
              }),
              { seed, numRuns: INVALID_RUNS, endOnFailure: true },
            );
            await fc.assert(
              fc.asyncProperty(validRequest(op), async (request) => checkValid(op, caller, await send(op, caller, request), request)),
              { seed, numRuns: VALID_RUNS, endOnFailure: true },
            );
          });
        }
      });
    }
  }

  it('lists every operation it cannot take to what it does, with the reason', () => {
    for (const name of Object.keys(notExercised)) expect(operations.map(nameOf)).toContain(name);
  });
});
