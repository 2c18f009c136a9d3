import { type AnyRouteContract, allRoutes, contentLocales, type IdShape, openApiDocument, validate } from '@movers/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema } from 'yup';
import { describe, expect, it } from 'vitest';

/*
 * The document refuses what the API refuses and takes what it takes: for every field of every
 * operation's JSON body, query and form fields, each sample value below is put to the route's own
 * validation (the yup schema and the strict type pass the pipeline runs, `validate`) and to the
 * field's schema in the OpenAPI document, and the two must agree. The samples break each kind of
 * constraint in turn (empty, blank, control characters, lengths, e-mail, days, enums, numbers, lists).
 */

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: yup's schemas of any shape, walked field by field
type Yup = AnySchema & { fields?: Record<string, any>; innerType?: any; type: string };

const document = openApiDocument(allRoutes, { title: 'Movers portal API', version: '1' });
// Formats as a validator that knows them judges them; the API's own rules are in each field's pattern.
const fullDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const ajv = new Ajv2020({ strict: false, formats: { email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, date: fullDate, password: true, binary: true } });

const strings = (field: Json): unknown[] => {
  const max = typeof field.maxLength === 'number' ? field.maxLength : 40;
  const min = typeof field.minLength === 'number' ? field.minLength : 0;
  const listed = ((field.enum as unknown[] | undefined) ?? []).filter((v): v is string => typeof v === 'string');
  return [
    '',
    ' ',
    '\t',
    '\u00a0',
    'a',
    'A',
    'Z',
    'Å',
    'ab',
    'AB',
    'NO',
    'no',
    'x y',
    'a\u0001b',
    'a\nb',
    'a\u0085b',
    'a\u007fb',
    '0@com',
    'ase@bad',
    'a@b.no',
    'first.last@client-a.test',
    '2026-01-05',
    '2026-02-30',
    '2024-02-29',
    '1899-12-31',
    '2201-01-01',
    '2026-1-5',
    '05.01.2026',
    '0',
    '1',
    '12',
    '100',
    '101',
    '200',
    '201',
    '100000',
    '100001',
    '-1',
    '1.5',
    'true',
    'false',
    '#1a2b3c',
    '120x120',
    '10x10',
    'x'.repeat(max),
    'x'.repeat(max + 1),
    // Characters outside the Basic Multilingual Plane: one code point each, as both count them, two UTF-16 units.
    `${'x'.repeat(Math.max(0, max - 1))}😀`,
    '😀'.repeat(max),
    '😀'.repeat(max + 1),
    '😀'.repeat(min),
    'x'.repeat(Math.max(0, min - 1)),
    ...listed,
    ...listed.map((v) => `${v}x`),
    ...listed.map((v) => v.toUpperCase()),
  ];
};
const numbers = (field: Json): unknown[] => {
  const bounds = [field.minimum, field.maximum].filter((v): v is number => typeof v === 'number');
  return [-1, 0, 1, 1.5, 199, 200, 1e9, ...bounds, ...bounds.map((b) => b + 1), ...bounds.map((b) => b - 1), '1'];
};

/** The field's samples by the kind of value the API takes (its yup type), with values of another kind. */
function samples(schema: Yup, field: Json): unknown[] {
  const kind = schema.type;
  if (kind === 'string') return [...strings(field), 1, true, null];
  if (kind === 'number') return [...numbers(field), null];
  if (kind === 'boolean') return [true, false, 'true', null];
  if (kind === 'array') {
    const item = schema.innerType as Yup | undefined;
    const one = item?.type === 'string' ? 'a' : item?.type === 'number' ? 1 : undefined;
    const max = typeof field.maxItems === 'number' ? field.maxItems : 3;
    return [[], null, 'a', ...(one === undefined ? [] : [[one], Array(max).fill(one), Array(max + 1).fill(one)])];
  }
  return [];
}

/** The API's verdict on one field's value: the field's own schema through the pipeline's validation. */
async function apiTakes(schema: Yup, value: unknown): Promise<boolean> {
  return (await validate(schema, value)).ok;
}

interface Disagreement {
  where: string;
  value: unknown;
  api: boolean;
  document: boolean;
}

async function compare(where: string, schema: Yup, field: Json, found: Disagreement[]): Promise<number> {
  let compared = 0;
  if (schema.type === 'object' && schema.fields) {
    const properties = (field.properties ?? {}) as Record<string, Json>;
    for (const [name, inner] of Object.entries(schema.fields)) compared += await compare(`${where}.${name}`, inner, properties[name] ?? {}, found);
    return compared;
  }
  if (schema.type === 'array' && schema.innerType && field.items) compared += await compare(`${where}[]`, schema.innerType, field.items as Json, found);
  const check = ajv.compile(field);
  // A rule across fields, the day or stored records (`meta.rule`) is named in the field's description:
  // the field's schema takes what only that rule refuses, but never refuses what the API takes.
  const rule = (schema.describe() as { meta?: { rule?: string } }).meta?.rule;
  if (rule) expect(field.description, where).toContain(rule);
  for (const value of samples(schema, field)) {
    const api = await apiTakes(schema, value);
    const byDocument = check(value) as boolean;
    compared++;
    if (api === byDocument || (rule && byDocument)) continue;
    found.push({ where, value, api, document: byDocument });
  }
  return compared;
}

type Operation = {
  parameters?: { name: string; in: string; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
};
const operationOf = (route: AnyRouteContract) => (document.paths[`/${route.path}`] as Record<string, Operation>)[route.method.toLowerCase()];

/** Every operation's fields with their schema in the document and in the contract. */
function fieldsOf(route: AnyRouteContract): { where: string; schema: Yup; field: Json }[] {
  const operation = operationOf(route);
  const out: { where: string; schema: Yup; field: Json }[] = [];
  const body = route.body as Yup | undefined;
  if (body?.fields) {
    const properties = operation.requestBody?.content['application/json'].schema.properties as Record<string, Json>;
    for (const [name, schema] of Object.entries(body.fields)) out.push({ where: `${route.name} body.${name}`, schema, field: properties[name] });
  }
  const form = route.upload?.fields as Yup | undefined;
  if (form?.fields) {
    const properties = operation.requestBody?.content['multipart/form-data'].schema.properties as Record<string, Json>;
    for (const [name, schema] of Object.entries(form.fields)) out.push({ where: `${route.name} form.${name}`, schema, field: properties[name] });
  }
  const query = route.query as Yup | undefined;
  if (query?.fields) {
    for (const [name, schema] of Object.entries(query.fields)) {
      const parameter = operation.parameters?.find((p) => p.in === 'query' && p.name === name);
      out.push({ where: `${route.name} query.${name}`, schema, field: parameter?.schema ?? {} });
    }
  }
  return out;
}

describe('the OpenAPI document and the API validate alike', () => {
  it('takes and refuses each sample value of every field of every operation as the route’s own validation does', async () => {
    const found: Disagreement[] = [];
    let compared = 0;
    for (const route of allRoutes) {
      for (const { where, schema, field } of fieldsOf(route)) {
        expect(field, where).toBeDefined();
        compared += await compare(where, schema, field, found);
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(found.map((d) => `${d.where} ${JSON.stringify(d.value)}: API ${d.api ? 'takes' : 'refuses'}, document ${d.document ? 'takes' : 'refuses'}`)).toEqual(
      [],
    );
  });

  it('counts a length in characters, as JSON Schema does: maxLength emoji are taken by both, one more refused by both', async () => {
    const route = allRoutes.find((r) => r.name === 'leases-create')!;
    const title = (operationOf(route).requestBody!.content['application/json'].schema.properties as Record<string, Json>).title;
    expect(title.maxLength).toBe(200);
    // '😀' is two UTF-16 units: a count by String.length took 100 of them and refused 101 to 200.
    for (const [text, taken] of [
      ['😀'.repeat(200), true],
      ['😀'.repeat(201), false],
      ['N😀', true],
    ] as const) {
      expect((await validate(route.body!, { title: text })).ok, `API, ${[...text].length} emoji`).toBe(taken);
      expect(ajv.validate(title, text), `document, ${[...text].length} emoji`).toBe(taken);
    }
  });
});

describe('rules across a body’s fields, as the document says them', () => {
  const bodyOf = (name: string) => {
    const route = allRoutes.find((r) => r.name === name)!;
    return { route, check: ajv.compile(operationOf(route).requestBody!.content['application/json'].schema) };
  };

  it('needs the six locales of a template or page, each once', async () => {
    const { route, check } = bodyOf('templates-create');
    const six = contentLocales.map((locale) => ({ locale, title: `T ${locale}`, content: '' }));
    for (const translations of [six, six.slice(1), [...six.slice(1), six[1]], [...six, six[0]]]) {
      const api = (await validate(route.body!, { translations })).ok;
      expect(check({ translations }), JSON.stringify(translations.map((t) => t.locale))).toBe(api);
    }
  });

  it("needs a move's whitelisted domains unless its scheme is the password alone", async () => {
    const schema = operationOf(allRoutes.find((r) => r.name === 'moves-create')!).requestBody!.content['application/json'].schema;
    // Every error, so that those of the other (absent) fields do not hide this rule's.
    const check = new Ajv2020({ strict: false, allErrors: true, formats: { email: true, date: fullDate, password: true } }).compile(schema);
    const properties = operationOf(allRoutes.find((r) => r.name === 'moves-create')!).requestBody!.content['application/json'].schema.properties as Record<
      string,
      Json
    >;
    expect(properties.whitelistedDomains.description).toContain('unless authorizationScheme is password');
    const rule = (body: Json) => check(body) || !(check.errors ?? []).some((e) => e.instancePath === '/whitelistedDomains' || e.keyword === 'if');
    expect(rule({ authorizationScheme: 'email', whitelistedDomains: [] })).toBe(false);
    expect(rule({ authorizationScheme: 'emailPassword' })).toBe(false);
    expect(rule({ authorizationScheme: 'email', whitelistedDomains: ['client-a.test'] })).toBe(true);
    expect(rule({ authorizationScheme: 'password', whitelistedDomains: [] })).toBe(true);
  });

  it("takes one capital letter as a table's title, any short title as a space's", () => {
    const { check } = bodyOf('planner-markers-create');
    const marker = (marker_type: string, title: string) => ({ marker_type, title, coordinates: { positionX: 1, positionY: 1 } });
    expect([marker('table', 'A'), marker('table', 'Å'), marker('room', '12B')].map((m) => check(m))).toEqual([true, true, true]);
    expect([marker('table', 'AB'), marker('table', 'a'), marker('table', '1')].map((m) => check(m))).toEqual([false, false, false]);
  });

  it('lists the photo sizes Graph serves', () => {
    const photo = operationOf(allRoutes.find((r) => r.name === 'users-photo')!).parameters!.find((p) => p.name === 'size')!;
    expect(photo.schema.enum).toEqual(['48x48', '64x64', '96x96', '120x120', '240x240', '360x360', '432x432', '504x504', '648x648']);
  });
});

describe('rules no schema can say', () => {
  const descriptionOf = (name: string) => (operationOf(allRoutes.find((r) => r.name === name)!) as { description?: string }).description ?? '';

  it('are named in the operation’s description with the answer they get', () => {
    expect(descriptionOf('history-get')).toMatch(/`continuationToken`: the continuationToken of a page this API answered, else 400/);
    expect(descriptionOf('move-history')).toMatch(/`continuationToken`: .* else 400/);
    expect(descriptionOf('move-day-report-update')).toMatch(/`assigneeId`: a member of the move's team, else 400/);
    expect(descriptionOf('move-pages-create')).toMatch(/`defaultLanguage`: one of the move's languages, else 400/);
    expect(descriptionOf('move-pages-update')).toMatch(/`templateId`: a template the caller may use/);
    expect(descriptionOf('seat-letters-send')).toMatch(/`language`: one of the move's languages, else 400/);
    expect(descriptionOf('moves-create')).toMatch(/`whitelistedDomains`: at least one unless authorizationScheme is password, else 400/);
    expect(descriptionOf('clients-create')).toMatch(/`countryId`: a country of GET \/v1\/countries, else 400/);
  });

  it('says the maxima of page, pageSize and limit in words beside their patterns', () => {
    const parameter = (route: string, name: string) => operationOf(allRoutes.find((r) => r.name === route)!).parameters!.find((p) => p.name === name)!.schema;
    expect(parameter('history-get', 'limit')).toMatchObject({ description: 'a whole number from 1 to 100' });
    expect(parameter('move-day-reports', 'pageSize')).toMatchObject({ description: 'a whole number from 1 to 200' });
    expect(parameter('feedback-list', 'pageSize')).toMatchObject({ description: 'a whole number from 1 to 100' });
    expect(parameter('move-day-reports', 'page')).toMatchObject({ description: 'a whole number from 1 to 100000' });
  });
});

describe('path parameters', () => {
  it('take what the pipeline’s id shapes take (another is 404), and the listed values of a handler’s check (another is 400)', () => {
    const found: string[] = [];
    const values = ['', 'a', 'abc', 'a b', 'a/b', 'a_b', '-a', '120x120', '10x10', 'logo', 'Logo', '00000000-0000-0000-0000-000000000000', 'x'.repeat(65)];
    for (const route of allRoutes) {
      for (const [name, shape] of Object.entries(route.params as Record<string, IdShape>)) {
        const parameter = operationOf(route).parameters?.find((p) => p.in === 'path' && p.name === name);
        const check = ajv.compile(parameter?.schema ?? {});
        for (const value of values) {
          const api = shape.pattern.test(value) && (!shape.values || shape.values.includes(value));
          if (check(value) !== api) found.push(`${route.name} ${name} ${JSON.stringify(value)}: API ${api}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
